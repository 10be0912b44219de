import { useState } from 'react';
import { Button, Form, Input, Select, Space } from 'antd';
import { UndoOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useOptions } from '../useOptions';

export interface LinkIdentity {
  linkId: string;
  templateId?: string;
  tags: string[];
}

interface Props {
  value: LinkIdentity;
  onChange(value: LinkIdentity): void;
  /** The generated (new link) or saved id that "restore default" puts back. */
  defaultLinkId?: string;
  /** Messages per field (`linkId`, `templateId`, `tags`) from the engine or the server. */
  errors: Record<string, string[]>;
  /** Field labels from the link schema's own strings. */
  labels: Record<'linkId' | 'templateId' | 'tags', string>;
  /** The schema's `maxItems` of tags: the picker stops there (the engine checks it as well). */
  maxTags?: number;
  disabled?: boolean;
}

/** The link's template, its 6-character id (with "restore default") and its tags. */
export function LinkIdentityFields({
  value,
  onChange,
  defaultLinkId,
  errors,
  labels,
  maxTags,
  disabled,
}: Props) {
  const { t } = useTranslation();
  const [templateQuery, setTemplateQuery] = useState('');
  const [tagQuery, setTagQuery] = useState('');
  const templates = useOptions('/api/link-templates', templateQuery);
  const tags = useOptions('/api/tags', tagQuery, true);
  const set = (patch: Partial<LinkIdentity>) => onChange({ ...value, ...patch });
  const status = (field: string) => (errors[field]?.length ? 'error' : undefined);
  const help = (field: string) => (errors[field]?.length ? errors[field].join('; ') : undefined);

  return (
    <Form layout="vertical" component="div" disabled={disabled}>
      <Form.Item
        label={labels.templateId}
        required
        validateStatus={status('templateId')}
        help={help('templateId')}
        htmlFor="link-template"
      >
        <Select
          id="link-template"
          showSearch={{ filterOption: false, onSearch: setTemplateQuery }}
          loading={templates.loading}
          options={templates.options}
          value={value.templateId}
          onChange={(templateId: string) => set({ templateId })}
        />
      </Form.Item>
      <Form.Item
        label={labels.linkId}
        validateStatus={status('linkId')}
        help={help('linkId') ?? t('links:config.linkIdHelp')}
        htmlFor="link-id"
      >
        <Space.Compact block>
          <Input
            id="link-id"
            value={value.linkId}
            onChange={(event) => set({ linkId: event.target.value })}
            style={{ fontFamily: 'monospace' }}
          />
          <Button
            icon={<UndoOutlined />}
            disabled={disabled || !defaultLinkId || value.linkId === defaultLinkId}
            onClick={() => set({ linkId: defaultLinkId ?? '' })}
          >
            {t('links:config.restoreDefault')}
          </Button>
        </Space.Compact>
      </Form.Item>
      <Form.Item
        label={labels.tags}
        validateStatus={status('tags')}
        help={help('tags') ?? t('links:config.tagsHelp')}
        htmlFor="link-tags"
      >
        <Select
          id="link-tags"
          mode="tags"
          maxCount={maxTags}
          showSearch={{ onSearch: setTagQuery }}
          loading={tags.loading}
          options={tags.options}
          value={value.tags}
          onChange={(next: string[]) => set({ tags: next.map((tag) => tag.trim()).filter(Boolean) })}
        />
      </Form.Item>
    </Form>
  );
}
