import { Select } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { useListOptions } from './useListOptions';

/** The campaign a sub-activity is bound to (SPEC 3: bound activity), from `GET /api/campaigns`. */
export function CampaignPickerWidget({ id, value, disabled, readonly, onChange }: WidgetProps) {
  const { t } = useTranslation();
  const { options, failed, loading } = useListOptions(
    '/api/campaigns?kind=gameplay',
    (row) => String(row.id ?? ''),
    (row) => String(row.title ?? row.id ?? ''),
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
      placeholder={t('wizard:picker.campaign')}
      notFoundContent={failed ? t('wizard:picker.loadFailed') : t('wizard:picker.emptyCampaigns')}
      onChange={(next: string | undefined) => onChange(next || undefined)}
    />
  );
}
