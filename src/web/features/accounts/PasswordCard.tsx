import { useState } from 'react';
import { App, Button, Card, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { applyFieldErrors } from '../../api/applyFieldErrors';
import { useSession } from '../../session/useSession';
import { NewPasswordFields } from './NewPasswordFields';

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
        <NewPasswordFields labelKey="accounts:field.newPassword" />
        <Button type="primary" htmlType="submit" loading={busy}>
          {t('accounts:password.submit')}
        </Button>
      </Form>
    </Card>
  );
}
