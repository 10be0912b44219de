import { Select } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { useListOptions } from './useListOptions';

/** The reward form a winner fills (`formId` of a prize), from the project's forms (`GET /api/reward-forms`). */
export function RewardFormWidget({ id, value, disabled, readonly, onChange }: WidgetProps) {
  const { t } = useTranslation();
  const { options, failed, loading } = useListOptions(
    '/api/reward-forms',
    (row) => String(row.id ?? ''),
    (row) => String(row.title ?? row.id ?? ''),
  );
  return (
    <Select
      id={id}
      allowClear
      showSearch
      loading={loading}
      className="gc-sf-picker"
      value={typeof value === 'string' && value ? value : undefined}
      options={options}
      disabled={disabled || readonly}
      placeholder={t('wizard:picker.rewardForm')}
      notFoundContent={failed ? t('wizard:picker.loadFailed') : t('wizard:picker.emptyRewardForms')}
      onChange={(next: string | undefined) => onChange(next || undefined)}
    />
  );
}
