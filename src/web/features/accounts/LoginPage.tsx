import { useState } from 'react';
import { Button, Form, Input } from 'antd';
import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { safeRedirect } from '../../session/safeRedirect';
import { useSession } from '../../session/useSession';
import type { LoginAnswer } from './accountTypes';
import { AuthLayout } from './AuthLayout';

interface LoginForm {
  email: string;
  password: string;
}

/** Login with e-mail and password; goes back to where the user was headed (same origin only). */
export function LoginPage() {
  const { t } = useTranslation();
  const { client, signIn } = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [busy, setBusy] = useState(false);

  async function submit(values: LoginForm) {
    setBusy(true);
    try {
      const answer = await client.post<LoginAnswer>('/api/auth/login', values);
      signIn(answer.token, answer.expiresAt, answer.user);
      navigate(safeRedirect(params.get('redirect')), { replace: true });
    } catch {
      // The request client has shown the server's message.
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthLayout title={t('accounts:login.title')} subtitle={t('accounts:login.subtitle')}>
      <Form<LoginForm>
        name="login"
        layout="vertical"
        size="large"
        requiredMark={false}
        onFinish={submit}
        initialValues={{ email: params.get('email') ?? '' }}
      >
        <Form.Item
          name="email"
          label={t('accounts:field.email')}
          rules={[{ required: true }, { type: 'email' }]}
        >
          <Input
            prefix={<MailOutlined />}
            autoComplete="username"
            placeholder={t('accounts:field.emailPlaceholder')}
          />
        </Form.Item>
        <Form.Item name="password" label={t('accounts:field.password')} rules={[{ required: true }]}>
          <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
        </Form.Item>
        <div className="gc-auth-row">
          <Link to="/forget-password">{t('accounts:login.forgot')}</Link>
        </div>
        <Button type="primary" htmlType="submit" block loading={busy}>
          {t('accounts:login.submit')}
        </Button>
      </Form>
      <p className="gc-auth-alt">
        {t('accounts:login.noAccount')} <Link to="/sign-up">{t('accounts:login.signUp')}</Link>
      </p>
    </AuthLayout>
  );
}
