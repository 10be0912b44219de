import { useEffect, useState } from 'react';
import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { applyFieldErrors } from '../../../api/applyFieldErrors';
import { useSession } from '../../../session/useSession';
import type { TagItem } from '../linkTypes';
import { oneLineRule } from '../../../app/oneLineRule';

/** Tag names hold at most 30 characters. */
export const TAG_NAME_MAX = 30;

interface Props {
  open: boolean;
  /** Undefined to add a tag. */
  tag?: TagItem;
  onClose(): void;
  onSaved(): void;
}

/** Add or rename a tag; duplicates are refused by the server under the name field. */
export function TagFormModal({ open, tag, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const { client } = useSession();
  const [form] = Form.useForm<{ name: string }>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (tag) form.setFieldsValue({ name: tag.name });
  }, [open, tag, form]);

  async function submit(values: { name: string }) {
    setBusy(true);
    try {
      const body = { name: values.name.trim() };
      if (tag) await client.put(`/api/tags/${encodeURIComponent(tag.id)}`, body);
      else await client.post('/api/tags', body);
      onSaved();
    } catch (error) {
      applyFieldErrors(form, error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open={open}
      title={t(tag ? 'links:tags.edit' : 'links:tags.add')}
      okText={t('common:save')}
      cancelText={t('common:cancel')}
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="tag" onFinish={submit}>
        <Form.Item
          name="name"
          label={t('links:tags.name')}
          rules={[{ required: true, whitespace: true }, { max: TAG_NAME_MAX }, oneLineRule]}
        >
          <Input maxLength={TAG_NAME_MAX} showCount autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
