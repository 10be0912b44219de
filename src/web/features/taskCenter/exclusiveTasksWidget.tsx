import { Select } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { useListOptions } from '../../schema-form/widgets/useListOptions';

/**
 * The `exclusiveWith` picker of the task form: other tasks of the project by key
 * (`GET /api/tasks`), never the task being edited (`ownKey`, its saved key).
 */
export function exclusiveTasksWidget(ownKey: string | null) {
  return function ExclusiveTasksWidget({ id, value, disabled, readonly, onChange }: WidgetProps) {
    const { t } = useTranslation();
    const { options, failed, loading } = useListOptions(
      '/api/tasks',
      (row) => String(row.key ?? ''),
      (row) => `${String(row.title ?? '')} (${String(row.key ?? '')})`,
    );
    return (
      <Select
        id={id}
        mode="multiple"
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        loading={loading}
        className="gc-sf-picker"
        value={Array.isArray(value) ? value : []}
        options={options.filter((option) => option.value !== ownKey)}
        disabled={disabled || readonly}
        placeholder={t('taskCenter:form.exclusivePlaceholder')}
        notFoundContent={
          failed ? t('taskCenter:form.exclusiveLoadFailed') : t('taskCenter:form.exclusiveEmpty')
        }
        onChange={(next: string[]) => onChange(next.length > 0 ? next : undefined)}
      />
    );
  };
}
