import { Select } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { useListOptions } from './useListOptions';

/** A deep link of the project (`links.id`), from `GET /api/links`: e.g. the link a referral invites through. */
export function DeepLinkPickerWidget({ id, value, disabled, readonly, onChange }: WidgetProps) {
  const { t } = useTranslation();
  const { options, failed, loading } = useListOptions(
    '/api/links',
    (row) => String(row.id ?? ''),
    (row) => `${String(row.name ?? '')} (${String(row.linkId ?? '')})`,
  );
  return (
    <Select
      id={id}
      allowClear
      showSearch
      optionFilterProp="label"
      loading={loading}
      className="gc-sf-picker"
      value={typeof value === 'string' && value ? value : undefined}
      options={options}
      disabled={disabled || readonly}
      placeholder={t('wizard:picker.deepLink')}
      notFoundContent={failed ? t('wizard:picker.loadFailed') : t('wizard:picker.emptyLinks')}
      onChange={(next: string | undefined) => onChange(next || undefined)}
    />
  );
}
