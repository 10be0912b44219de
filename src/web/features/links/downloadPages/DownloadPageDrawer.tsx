import { useEffect, useState } from 'react';
import { Button, Checkbox, ColorPicker, Drawer, Form, Input, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { applyFieldErrors } from '../../../api/applyFieldErrors';
import { useSession } from '../../../session/useSession';
import type { DownloadPage, DownloadPageConfig, DownloadPlatform } from '../linkTypes';
import { useOptions } from '../useOptions';
import { DownloadPagePreview } from './DownloadPagePreview';
import { addressRule } from '../../../forms/addressRule';
import { oneLineRule } from '../../../app/oneLineRule';

const platforms: DownloadPlatform[] = ['ios', 'android', 'pc'];
// Limits of DownloadPageConfig (docs/deep-links.md); addresses follow the redirect rule (https:// or www.).
const NAME_MAX = 30;
const TITLE_MAX = 60;
const DESCRIPTION_MAX = 300;
const LABEL_MAX = 20;
const ADDRESS_MAX = 320;
const REDIRECT_PATTERN = /^(https:\/\/|www\.)\S+$/;
// http(s) or the console's own uploads, never protocol-relative (`//other.host`).
const IMAGE_PATTERN = /^(https?:\/\/\S+|\/uploads\/\S+)$/;

interface ButtonRow {
  label?: string;
  url?: string;
}

interface FormValues extends Omit<DownloadPageConfig, 'buttons'> {
  /** Platforms that get a button, in page order. */
  platforms: DownloadPlatform[];
  buttons: Partial<Record<DownloadPlatform, ButtonRow>>;
}

function toForm(config?: DownloadPageConfig): Partial<FormValues> {
  if (!config) return { platforms, buttons: {} };
  return {
    ...config,
    platforms: config.buttons.map((button) => button.platform),
    buttons: Object.fromEntries(config.buttons.map(({ platform, ...button }) => [platform, button])),
  };
}

function toConfig(values: FormValues): DownloadPageConfig {
  const optional = (value?: string) => value?.trim() || undefined;
  return {
    name: values.name.trim(),
    title: values.title.trim(),
    description: optional(values.description),
    logoUrl: optional(values.logoUrl),
    backgroundUrl: optional(values.backgroundUrl),
    themeColor: optional(values.themeColor),
    templateId: values.templateId || undefined,
    buttons: platforms
      .filter((platform) => values.platforms.includes(platform))
      .map((platform) => ({
        platform,
        label: optional(values.buttons?.[platform]?.label),
        url: optional(values.buttons?.[platform]?.url),
      })),
  };
}

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
  const { t, i18n } = useTranslation();
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

  const addressRules = [
    { max: ADDRESS_MAX },
    { pattern: REDIRECT_PATTERN, message: t('links:redirect.pattern') },
    addressRule('http', i18n.language),
  ];
  const imageRules = [
    { max: 1024 },
    { pattern: IMAGE_PATTERN, message: t('links:downloadPages.imagePattern') },
    addressRule('image', i18n.language),
  ];

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
          <Form.Item
            name="name"
            label={t('links:downloadPages.name')}
            rules={[{ required: true, whitespace: true }, { max: NAME_MAX }, oneLineRule]}
          >
            <Input maxLength={NAME_MAX} showCount />
          </Form.Item>
          <Form.Item
            name="title"
            label={t('links:downloadPages.title')}
            rules={[{ required: true, whitespace: true }, { max: TITLE_MAX }, oneLineRule]}
          >
            <Input maxLength={TITLE_MAX} showCount />
          </Form.Item>
          <Form.Item
            name="description"
            label={t('links:downloadPages.descriptionField')}
            rules={[{ max: DESCRIPTION_MAX }]}
          >
            <Input.TextArea maxLength={DESCRIPTION_MAX} showCount autoSize={{ minRows: 2, maxRows: 5 }} />
          </Form.Item>
          <Form.Item name="logoUrl" label={t('links:downloadPages.logo')} rules={imageRules}>
            <Input placeholder="https://" allowClear />
          </Form.Item>
          <Form.Item name="backgroundUrl" label={t('links:downloadPages.background')} rules={imageRules}>
            <Input placeholder="https://" allowClear />
          </Form.Item>
          <Form.Item
            name="themeColor"
            label={t('links:downloadPages.themeColor')}
            getValueFromEvent={(color: { toHexString(): string }) => color.toHexString()}
          >
            <ColorPicker showText disabledAlpha allowClear />
          </Form.Item>
          <Form.Item
            name="templateId"
            label={t('links:downloadPages.template')}
            extra={t('links:downloadPages.templateHelp')}
          >
            <Select allowClear loading={templates.loading} options={templates.options} />
          </Form.Item>
          <Form.Item
            name="platforms"
            label={t('links:downloadPages.buttons')}
            extra={t('links:downloadPages.buttonsHelp')}
            rules={[{ required: true, type: 'array', min: 1, message: t('links:downloadPages.needButton') }]}
          >
            <Checkbox.Group
              options={platforms.map((platform) => ({
                value: platform,
                label: t(`links:downloadPages.platform.${platform}`),
              }))}
            />
          </Form.Item>
          <Form.Item noStyle dependencies={['platforms']}>
            {({ getFieldValue }) =>
              platforms
                .filter((platform) =>
                  (getFieldValue('platforms') as DownloadPlatform[] | undefined)?.includes(platform),
                )
                .map((platform) => {
                  const name = t(`links:downloadPages.platform.${platform}`);
                  return (
                    <Space.Compact key={platform} block>
                      <Form.Item
                        name={['buttons', platform, 'label']}
                        rules={[{ max: LABEL_MAX }]}
                        style={{ width: '35%' }}
                      >
                        <Input
                          maxLength={LABEL_MAX}
                          prefix={<Typography.Text type="secondary">{name}</Typography.Text>}
                          placeholder={t('links:downloadPages.buttonLabel')}
                          aria-label={`${name} ${t('links:downloadPages.buttonLabel')}`}
                        />
                      </Form.Item>
                      <Form.Item
                        name={['buttons', platform, 'url']}
                        rules={addressRules}
                        style={{ width: '65%' }}
                      >
                        <Input
                          placeholder={t('links:downloadPages.buttonUrl')}
                          aria-label={`${name} ${t('links:downloadPages.buttonUrl')}`}
                        />
                      </Form.Item>
                    </Space.Compact>
                  );
                })
            }
          </Form.Item>
        </Form>
        {page && <DownloadPagePreview url={page.url} reloadKey={previewKey} />}
      </div>
    </Drawer>
  );
}
