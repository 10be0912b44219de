import { useState } from 'react';
import { Alert, App, Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { RequestError } from '../../../api/RequestError';
import { useSession } from '../../../session/useSession';
import type { AccessKeyInfo } from '../integrationTypes';

interface RefreshForm {
  username: string;
  password: string;
}

interface Props {
  open: boolean;
  onClose(): void;
  onRefreshed(answer: Partial<AccessKeyInfo>): void;
  /** Which key: the SDK access key (default) or the server-side API secret. */
  target?: 'accessKey' | 'apiSecret';
}

const ENDPOINTS = { accessKey: '/api/access-key/refresh', apiSecret: '/api/access-key/refresh-api-secret' };

/** Rotates the project's access key or API secret after the owner re-enters username and password. */
export function RefreshKeyModal({ open, onClose, onRefreshed, target = 'accessKey' }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { client, user } = useSession();
  const [form] = Form.useForm<RefreshForm>();
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<string>();

  async function submit(values: RefreshForm) {
    setBusy(true);
    setRefused(undefined);
    try {
      const answer = await client.post<Partial<AccessKeyInfo>>(ENDPOINTS[target], values, { silent: true });
      void message.success(t('integration:accessKey.refreshed'));
      onRefreshed(answer);
    } catch (error) {
      if (!(error instanceof RequestError)) throw error;
      // Wrong credentials belong under the fields; a refusal (not the owner) is said in the dialog.
      if (error.status === 400 && error.errors.length === 0)
        form.setFields([{ name: 'password', errors: [error.message] }]);
      else if (error.status === 403) setRefused(error.message);
      else void message.error(error.message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open={open}
      title={t(`integration:${target}.refreshTitle`)}
      okText={t('integration:accessKey.refresh')}
      cancelText={t('common:cancel')}
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t(`integration:${target}.refreshHelp`)}</Typography.Paragraph>
      {refused && <Alert type="error" showIcon title={refused} style={{ marginBottom: 16 }} />}
      <Form<RefreshForm>
        name={target === 'apiSecret' ? 'refreshApiSecret' : 'refreshAccessKey'}
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ username: user?.email ?? '' }}
        onFinish={submit}
      >
        <Form.Item
          name="username"
          label={t('integration:accessKey.username')}
          rules={[{ required: true, whitespace: true }]}
        >
          <Input autoComplete="username" />
        </Form.Item>
        <Form.Item name="password" label={t('integration:accessKey.password')} rules={[{ required: true }]}>
          <Input.Password autoComplete="current-password" autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
