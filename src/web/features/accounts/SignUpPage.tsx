import { useState } from 'react';
import { Button, Checkbox, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { applyFieldErrors } from '../../api/applyFieldErrors';
import { notifier } from '../../session/notifier';
import { useSession } from '../../session/useSession';
import { NEW_PROJECT_PARAM } from '../home/newProjectParam';
import { COMPANY_NAME_MAX, type LoginAnswer } from './accountTypes';
import { AuthLayout } from './AuthLayout';
import { NewPasswordFields } from './NewPasswordFields';
import { oneLineRule } from '../../app/oneLineRule';

interface SignUpForm {
  companyName: string;
  email: string;
  password: string;
  confirmPassword: string;
  agreement: boolean;
}

/** Sign-up: company name (<= 64), e-mail, password 6-32 with confirmation, agreement ticked. */
export function SignUpPage() {
  const { t } = useTranslation();
  const { client, signIn } = useSession();
  const navigate = useNavigate();
  const [form] = Form.useForm<SignUpForm>();
  const [busy, setBusy] = useState(false);

  async function submit(values: SignUpForm) {
    setBusy(true);
    try {
      // The answer is a session like login's: the new owner is in, and home opens the dialog of
      // the first project.
      const answer = await client.post<LoginAnswer>('/api/auth/sign-up', values);
      signIn(answer.token, answer.expiresAt, answer.user);
      notifier.success(t('accounts:signUp.success'));
      navigate(`/?${NEW_PROJECT_PARAM}=1`, { replace: true });
    } catch (error) {
      applyFieldErrors(form, error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthLayout title={t('accounts:signUp.title')} subtitle={t('accounts:signUp.subtitle')}>
      <Form<SignUpForm>
        name="signUp"
        form={form}
        layout="vertical"
        size="large"
        requiredMark={false}
        onFinish={submit}
      >
        <Form.Item
          name="companyName"
          label={t('accounts:field.companyName')}
          rules={[{ required: true, whitespace: true }, { max: COMPANY_NAME_MAX }, oneLineRule]}
        >
          <Input autoComplete="organization" maxLength={COMPANY_NAME_MAX} showCount />
        </Form.Item>
        <Form.Item
          name="email"
          label={t('accounts:field.email')}
          rules={[{ required: true }, { type: 'email' }]}
        >
          <Input autoComplete="email" placeholder={t('accounts:field.emailPlaceholder')} />
        </Form.Item>
        <NewPasswordFields />
        <Form.Item
          name="agreement"
          valuePropName="checked"
          rules={[
            {
              validator: (_rule, value) =>
                value ? Promise.resolve() : Promise.reject(new Error(t('accounts:rule.agreement'))),
            },
          ]}
        >
          <Checkbox>
            {t('accounts:signUp.agreePrefix')}{' '}
            <Link to="/serviceAgreement" target="_blank">
              {t('accounts:agreement.title')}
            </Link>
          </Checkbox>
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy}>
          {t('accounts:signUp.submit')}
        </Button>
      </Form>
      <p className="gc-auth-alt">
        {t('accounts:signUp.haveAccount')} <Link to="/login">{t('accounts:signUp.login')}</Link>
      </p>
    </AuthLayout>
  );
}
