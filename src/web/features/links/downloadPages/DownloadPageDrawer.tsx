import { useEffect, useState } from 'react';
import { Button, Drawer, Form, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { applyFieldErrors } from '../../../api/applyFieldErrors';
import { useSession } from '../../../session/useSession';
import type { DownloadPage } from '../linkTypes';
import { useOptions } from '../useOptions';
import { DownloadPageFields } from './DownloadPageFields';
import { DownloadPagePreview } from './DownloadPagePreview';
import { toConfig, toForm, type FormValues } from './downloadPageForm';

interface Props {
  open: boolean;
  /** Undefined to create a page. */
  page?: DownloadPage;
  readOnly: boolean;
  onClose(): void;
  onSaved(page: DownloadPage): void;
}

/** Download landing page editor: texts, images, colour, template and one button per platform. */
export function DownloadPageDrawer({ open, page, readOnly, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const { client } = useSession();
  const [form] = Form.useForm<FormValues>();
  const [busy, setBusy] = useState(false);
  const [previewKey, setPreviewKey] = useState(0);
  const templates = useOptions('/api/link-templates');

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(toForm(page?.config));
  }, [open, page, form]);

  async function submit(values: FormValues) {
    setBusy(true);
    try {
      const body = toConfig(values);
      const saved = page
        ? await client.put<DownloadPage>(`/api/download-pages/${encodeURIComponent(page.id)}`, body)
        : await client.post<DownloadPage>('/api/download-pages', body);
      setPreviewKey((key) => key + 1);
      onSaved(saved);
    } catch (error) {
      applyFieldErrors(form, error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={page ? 1040 : 640}
      destroyOnHidden
      title={t(page ? 'links:downloadPages.edit' : 'links:downloadPages.add')}
      extra={
        !readOnly && (
          <Space>
            <Button onClick={onClose}>{t('common:cancel')}</Button>
            <Button type="primary" loading={busy} onClick={() => form.submit()}>
              {t('common:save')}
            </Button>
          </Space>
        )
      }
    >
      <div className="gc-download-editor">
        <Form<FormValues>
          form={form}
          layout="vertical"
          name="downloadPage"
          disabled={readOnly}
          onFinish={submit}
        >
          <DownloadPageFields templates={templates} />
        </Form>
        {page && <DownloadPagePreview url={page.url} reloadKey={previewKey} />}
      </div>
    </Drawer>
  );
}
