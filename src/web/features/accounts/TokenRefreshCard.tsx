import { useState } from 'react';
import { App, Button, Card, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../session/useSession';
import type { LoginAnswer } from './accountTypes';

interface RefreshForm {
  username: string;
  password: string;
}

/** Replaces the login token after re-entering username and password (`POST /api/auth/refresh`). */
export function TokenRefreshCard() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { user, client, signIn } = useSession();
  const [form] = Form.useForm<RefreshForm>();
  const [busy, setBusy] = useState(false);

  async function submit(values: RefreshForm) {
    setBusy(true);
    try {
      const answer = await client.post<LoginAnswer>('/api/auth/refresh', values);
      signIn(answer.token, answer.expiresAt, answer.user);
      form.resetFields(['password']);
      void message.success(t('accounts:refresh.success'));
    } catch {
      // Shown by the request client.
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card title={t('accounts:refresh.title')} className="gc-fill">
      <Typography.Paragraph type="secondary">{t('accounts:refresh.description')}</Typography.Paragraph>
      <Form<RefreshForm>
        name="refreshToken"
        form={form}
        layout="vertical"
        initialValues={{ username: user?.email ?? '' }}
        onFinish={submit}
      >
        <Form.Item name="username" label={t('accounts:field.username')} rules={[{ required: true }]}>
          <Input autoComplete="username" />
        </Form.Item>
        <Form.Item name="password" label={t('accounts:field.password')} rules={[{ required: true }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Button htmlType="submit" loading={busy}>
          {t('accounts:refresh.submit')}
        </Button>
      </Form>
    </Card>
  );
}
