import { useEffect, useState } from 'react';
import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { applyFieldErrors } from '../../../api/applyFieldErrors';
import { useSession } from '../../../session/useSession';
import type { EntityFormProps } from './EntityListPage';
import type { QuestionBank } from './entityTypes';
import { oneLineRule } from '../../../app/oneLineRule';

// A bank is only a name (docs/campaigns.md: 1-30 characters, not blank); it has no schema folder.
const BANK_NAME_MAX = 30;

/** Create or rename a question bank. */
export function BankFormModal({ open, row, onClose, onSaved }: EntityFormProps<QuestionBank>) {
  const { t } = useTranslation();
  const { client } = useSession();
  const [form] = Form.useForm<{ name: string }>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (open) form.setFieldsValue({ name: row?.name ?? '' });
  }, [open, row, form]);

  async function submit(values: { name: string }) {
    setBusy(true);
    try {
      const body = { name: values.name.trim() };
      if (row) await client.put(`/api/question-banks/${encodeURIComponent(row.id)}`, body);
      else await client.post('/api/question-banks', body);
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
      title={t(row ? 'rewards:bank.edit' : 'rewards:bank.create')}
      okText={t('common:save')}
      cancelText={t('common:cancel')}
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      <Form form={form} layout="vertical" onFinish={submit}>
        <Form.Item
          name="name"
          label={t('rewards:bank.name')}
          rules={[{ required: true, whitespace: true }, { max: BANK_NAME_MAX }, oneLineRule]}
        >
          <Input maxLength={BANK_NAME_MAX} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
