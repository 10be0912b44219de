import { Select } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { useListOptions } from '../../../schema-form/widgets/useListOptions';

/** An ad campaign's plan, picked from the project's ad plans by name (the server checks it too). */
export function PlanPickerWidget({ id, value, disabled, readonly, onChange }: WidgetProps) {
  const { t } = useTranslation();
  const { options, failed, loading } = useListOptions(
    '/api/ads/plans',
    (row) => String(row.id ?? ''),
    (row) => String(row.name ?? row.id ?? ''),
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
      placeholder={t('ads:campaigns.pickPlan')}
      notFoundContent={failed ? t('ads:list.loadFailed') : t('ads:campaigns.noPlans')}
      onChange={(next: string | undefined) => onChange(next || undefined)}
      data-testid="ads-plan-picker"
    />
  );
}
