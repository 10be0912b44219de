import { useState } from 'react';
import { Button, Form, Input, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useSession } from '../../session/useSession';
import { AuthLayout } from './AuthLayout';

/** Asks for a reset link; the answer never says whether the address exists (docs/accounts-and-projects.md). */
export function ForgetPasswordPage() {
  const { t } = useTranslation();
  const { client } = useSession();
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function submit(values: { email: string }) {
    setBusy(true);
    try {
      await client.post('/api/auth/forget-password', values);
      setSentTo(values.email);
    } catch {
      // Shown by the request client.
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthLayout
      title={t('accounts:forget.title')}
      subtitle={sentTo ? undefined : t('accounts:forget.subtitle')}
    >
      {sentTo ? (
        <Result
          status="success"
          title={t('accounts:forget.sentTitle')}
          subTitle={t('accounts:forget.sent', { email: sentTo })}
          extra={
            <Link to="/login">
              <Button type="primary">{t('accounts:forget.backToLogin')}</Button>
            </Link>
          }
        />
      ) : (
        <>
          <Form name="forgetPassword" layout="vertical" size="large" requiredMark={false} onFinish={submit}>
            <Form.Item
              name="email"
              label={t('accounts:field.email')}
              rules={[{ required: true }, { type: 'email' }]}
            >
              <Input autoComplete="email" placeholder={t('accounts:field.emailPlaceholder')} />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={busy}>
              {t('accounts:forget.submit')}
            </Button>
          </Form>
          <p className="gc-auth-alt">
            <Link to="/login">{t('accounts:forget.backToLogin')}</Link>
          </p>
        </>
      )}
    </AuthLayout>
  );
}
