import { Select } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { useListOptions } from './useListOptions';

/**
 * A widget that picks one row of a supporting list (`GET <url>`, first 100 rows) by its id: the
 * bound campaign, a reward form, a deep link. A failed load keeps the current value and says so.
 */
export function listPickerWidget(list: {
  url: string;
  label(row: Record<string, unknown>): string;
  /** wizard:picker.* keys of the placeholder and of the empty list. */
  placeholder: string;
  empty: string;
}) {
  return function ListPickerWidget({ id, value, disabled, readonly, onChange }: WidgetProps) {
    const { t } = useTranslation();
    const { options, failed, loading } = useListOptions(list.url, (row) => String(row.id ?? ''), list.label);
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
        placeholder={t(`wizard:picker.${list.placeholder}`)}
        notFoundContent={failed ? t('wizard:picker.loadFailed') : t(`wizard:picker.${list.empty}`)}
        onChange={(next: string | undefined) => onChange(next || undefined)}
      />
    );
  };
}
