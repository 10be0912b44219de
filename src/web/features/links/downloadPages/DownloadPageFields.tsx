import { Checkbox, ColorPicker, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { useOptions } from '../useOptions';
import { oneLineRule } from '../../../app/oneLineRule';
import { addressRule } from '../../../forms/addressRule';
import { DownloadButtonRows } from './DownloadButtonRows';
import {
  ADDRESS_MAX,
  DESCRIPTION_MAX,
  IMAGE_PATTERN,
  NAME_MAX,
  platforms,
  REDIRECT_PATTERN,
  TITLE_MAX,
} from './downloadPageForm';

/**
 * The download page editor's fields: name, title, description, logo and background images,
 * theme colour, link template (`templates`, loaded with the drawer), and the platforms that get a button with their rows.
 */
export function DownloadPageFields({ templates }: { templates: ReturnType<typeof useOptions> }) {
  const { t, i18n } = useTranslation();
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
    <>
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
      <DownloadButtonRows addressRules={addressRules} />
    </>
  );
}
