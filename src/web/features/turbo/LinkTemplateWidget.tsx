import { Select } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { formContextOf } from '../../schema-form/schemaFormContext';
import { useListOptions } from '../../schema-form/widgets/useListOptions';

/**
 * `linkTemplateId` of a banner or script: one of the project's link templates
 * (`GET /api/link-templates`). A banner's link must be made from its template, so choosing another
 * template clears the chosen link. With `ui:options.everyLink` (a script) no template means every link.
 */
export function LinkTemplateWidget({
  id,
  value,
  disabled,
  readonly,
  options: uiOptions,
  onChange,
  registry,
}: WidgetProps) {
  const { t } = useTranslation();
  const { options, failed, loading } = useListOptions(
    '/api/link-templates',
    (row) => String(row.id ?? ''),
    (row) => String(row.name ?? ''),
  );
  const current = typeof value === 'string' && value ? value : undefined;
  return (
    <Select
      id={id}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={loading}
      className="gc-sf-picker"
      value={current}
      options={options}
      disabled={disabled || readonly}
      placeholder={uiOptions.everyLink ? t('turbo:picker.everyLink') : t('turbo:picker.template')}
      notFoundContent={failed ? t('turbo:picker.loadFailed') : t('turbo:picker.noTemplates')}
      data-testid="turbo-template-picker"
      onChange={(next: string | undefined) => {
        onChange(next || undefined);
        const context = formContextOf(registry);
        if (next !== current && context.getData().linkId !== undefined)
          context.setValueAt(['linkId'], undefined);
      }}
    />
  );
}
