import { Select } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { useListOptions } from './useListOptions';

/** A user type (or several) from the project's user types (`GET /api/user-types`), by identifier. */
export function UserTypeWidget({ id, value, disabled, readonly, options: uiOptions, onChange }: WidgetProps) {
  const { t } = useTranslation();
  const multiple = uiOptions.multiple === true;
  const { options, failed, loading } = useListOptions(
    '/api/user-types',
    (row) => String(row.identifier ?? ''),
    (row) => `${String(row.name ?? '')} (${String(row.identifier ?? '')})`,
  );
  return (
    <Select
      id={id}
      mode={multiple ? 'multiple' : undefined}
      allowClear
      showSearch
      loading={loading}
      className="gc-sf-picker"
      value={
        multiple
          ? Array.isArray(value)
            ? value
            : []
          : typeof value === 'string' && value
            ? value
            : undefined
      }
      options={options}
      disabled={disabled || readonly}
      placeholder={t('wizard:picker.userType')}
      notFoundContent={failed ? t('wizard:picker.loadFailed') : t('wizard:picker.emptyUserTypes')}
      onChange={(next: string | string[] | undefined) =>
        onChange(multiple ? (Array.isArray(next) && next.length > 0 ? next : undefined) : next || undefined)
      }
    />
  );
}
