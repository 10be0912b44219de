import { useState } from 'react';
import { App, Button, Card, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { applyFieldErrors } from '../../api/applyFieldErrors';
import type { StoredUser } from '../../session/clientStore';
import { useSession } from '../../session/useSession';
import { MEMBER_NAME_MAX } from '../members/memberTypes';
import { oneLineRule } from '../../app/oneLineRule';

interface ProfileForm {
  name: string;
  email: string;
}

/** Name and e-mail of the signed-in user (`PUT /api/me`). */
export function ProfileCard() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { user, client, updateUser } = useSession();
  const [form] = Form.useForm<ProfileForm>();
  const [busy, setBusy] = useState(false);

  async function submit(values: ProfileForm) {
    setBusy(true);
    try {
      const answer = await client.put<{ user: StoredUser }>('/api/me', values);
      updateUser(answer.user);
      void message.success(t('common:saved'));
    } catch (error) {
      applyFieldErrors(form, error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card title={t('accounts:profile.title')} className="gc-fill">
      <Form<ProfileForm>
        name="profile"
        form={form}
        layout="vertical"
        initialValues={{ name: user?.name ?? '', email: user?.email ?? '' }}
        onFinish={submit}
      >
        <Form.Item
          name="name"
          label={t('accounts:field.name')}
          rules={[{ required: true, whitespace: true }, { max: MEMBER_NAME_MAX }, oneLineRule]}
        >
          <Input maxLength={MEMBER_NAME_MAX} showCount />
        </Form.Item>
        <Form.Item
          name="email"
          label={t('accounts:field.email')}
          rules={[{ required: true }, { type: 'email' }]}
        >
          <Input autoComplete="email" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy}>
          {t('accounts:profile.submit')}
        </Button>
      </Form>
    </Card>
  );
}
