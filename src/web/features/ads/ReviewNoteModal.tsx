import { useState, type ComponentProps } from 'react';
import { Button, Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { applyFieldErrors } from '../../api/applyFieldErrors';

/** A reject reason's length (the server's 1..300). */
export const NOTE_MAX = 300;

interface Props {
  open: boolean;
  /** What is rejected, named in the dialog. */
  name: string;
  onClose(): void;
  /** Sends the rejection; throw the RequestError so a field error lands under the note. */
  onReject(note: string): Promise<void>;
}

/** Asks for the reason before rejecting an ad plan, an ad campaign or a withdrawal. */
export function ReviewNoteModal({ open, name, onClose, onReject }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ note: string }>();
  const [busy, setBusy] = useState(false);

  async function submit({ note }: { note: string }) {
    setBusy(true);
    try {
      await onReject(note.trim());
    } catch (error) {
      applyFieldErrors(form, error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open={open}
      title={t('ads:review.rejectTitle')}
      okText={t('ads:review.reject')}
      okButtonProps={
        { danger: true, 'data-testid': 'ads-review-reject-confirm' } as ComponentProps<typeof Button>
      }
      cancelText={t('common:cancel')}
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('ads:review.rejectHelp', { name })}</Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={submit} name="reviewNote">
        <Form.Item
          name="note"
          label={t('ads:review.note')}
          rules={[
            { required: true, whitespace: true, message: t('ads:review.noteRequired') },
            { max: NOTE_MAX },
          ]}
        >
          <Input.TextArea rows={4} maxLength={NOTE_MAX} showCount data-testid="ads-review-note" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
