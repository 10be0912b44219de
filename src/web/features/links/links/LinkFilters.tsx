import { useState } from 'react';
import { DatePicker, Input, Select, Space } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DAY_FORMAT } from '../../linkAnalytics/dateRangePresets';
import { useOptions } from '../useOptions';

export interface LinkFilterValues {
  q?: string;
  tag?: string;
  templateId?: string;
  from?: string;
  to?: string;
}

interface Props {
  value: LinkFilterValues;
  onChange(value: LinkFilterValues): void;
}

/** Link list filters: name or id, tag, template, creation date range. */
export function LinkFilters({ value, onChange }: Props) {
  const { t } = useTranslation();
  const [tagQuery, setTagQuery] = useState('');
  const [templateQuery, setTemplateQuery] = useState('');
  const tags = useOptions('/api/tags', tagQuery, true);
  const templates = useOptions('/api/link-templates', templateQuery);
  const set = (patch: LinkFilterValues) => onChange({ ...value, ...patch });

  return (
    <Space wrap size={[12, 12]} style={{ marginBottom: 16 }}>
      <Input.Search
        allowClear
        placeholder={t('links:links.search')}
        aria-label={t('links:links.search')}
        style={{ width: 260 }}
        onSearch={(q) => set({ q: q.trim() || undefined })}
      />
      <Select
        allowClear
        showSearch={{ filterOption: false, onSearch: setTagQuery }}
        style={{ width: 180 }}
        placeholder={t('links:links.filterTag')}
        aria-label={t('links:links.filterTag')}
        loading={tags.loading}
        options={tags.options}
        value={value.tag}
        onChange={(tag?: string) => set({ tag })}
      />
      <Select
        allowClear
        showSearch={{ filterOption: false, onSearch: setTemplateQuery }}
        style={{ width: 200 }}
        placeholder={t('links:links.filterTemplate')}
        aria-label={t('links:links.filterTemplate')}
        loading={templates.loading}
        options={templates.options}
        value={value.templateId}
        onChange={(templateId?: string) => set({ templateId })}
      />
      <DatePicker.RangePicker
        aria-label={t('links:links.filterDate')}
        placeholder={[t('links:links.from'), t('links:links.to')]}
        value={value.from && value.to ? [dayjs(value.from), dayjs(value.to)] : null}
        onChange={(range) =>
          set({ from: range?.[0]?.format(DAY_FORMAT), to: range?.[1]?.format(DAY_FORMAT) })
        }
      />
    </Space>
  );
}
