import { useState } from 'react';
import { App, Button, Card, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { applyFieldErrors } from '../../api/applyFieldErrors';
import { useSession } from '../../session/useSession';
import { confirmRules, passwordRules } from './passwordRules';

interface PasswordForm {
  oldPassword: string;
  password: string;
  confirmPassword: string;
}

/** Password change (`PUT /api/me/password`); the server signs out every other session. */
export function PasswordCard() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { client } = useSession();
  const [form] = Form.useForm<PasswordForm>();
  const [busy, setBusy] = useState(false);

  async function submit(values: PasswordForm) {
    setBusy(true);
    try {
      await client.put('/api/me/password', values);
      form.resetFields();
      void message.success(t('accounts:password.success'));
    } catch (error) {
      applyFieldErrors(form, error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card title={t('accounts:password.title')} className="gc-fill">
      <Form<PasswordForm> name="changePassword" form={form} layout="vertical" onFinish={submit}>
        <Form.Item name="oldPassword" label={t('accounts:field.oldPassword')} rules={[{ required: true }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item name="password" label={t('accounts:field.newPassword')} rules={passwordRules(t)}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label={t('accounts:field.confirmPassword')}
          dependencies={['password']}
          rules={confirmRules(t)}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy}>
          {t('accounts:password.submit')}
        </Button>
      </Form>
    </Card>
  );
}
