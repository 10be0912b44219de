import { useState } from 'react';
import { Alert, Button, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { applyFieldErrors } from '../../api/applyFieldErrors';
import { notifier } from '../../session/notifier';
import { useSession } from '../../session/useSession';
import { AuthLayout } from './AuthLayout';
import { NewPasswordFields } from './NewPasswordFields';

interface ResetForm {
  password: string;
  confirmPassword: string;
}

/** Landing page of the mailed link `/reset-password?token=...`: sets a new password. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const { client, signOut } = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [form] = Form.useForm<ResetForm>();
  const [busy, setBusy] = useState(false);

  async function submit(values: ResetForm) {
    setBusy(true);
    try {
      await client.post('/api/auth/reset-password', { token, ...values });
      // The server revokes every session on reset; drop ours too.
      signOut();
      notifier.success(t('accounts:reset.success'));
      navigate('/login', { replace: true });
    } catch (error) {
      applyFieldErrors(form, error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthLayout title={t('accounts:reset.title')} subtitle={t('accounts:reset.subtitle')}>
      {!token ? (
        <Alert type="error" showIcon title={t('accounts:reset.missingToken')} />
      ) : (
        <Form<ResetForm>
          name="resetPassword"
          form={form}
          layout="vertical"
          size="large"
          requiredMark={false}
          onFinish={submit}
        >
          <NewPasswordFields labelKey="accounts:field.newPassword" />
          <Button type="primary" htmlType="submit" block loading={busy}>
            {t('accounts:reset.submit')}
          </Button>
        </Form>
      )}
      <p className="gc-auth-alt">
        <Link to="/forget-password">{t('accounts:reset.requestNew')}</Link>
        {' · '}
        <Link to="/login">{t('accounts:forget.backToLogin')}</Link>
      </p>
    </AuthLayout>
  );
}
