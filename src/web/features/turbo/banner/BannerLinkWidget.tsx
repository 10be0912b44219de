import { useContext } from 'react';
import { Select } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { useListOptions } from '../../../schema-form/widgets/useListOptions';
import { BannerTemplateContext } from './bannerTemplateContext';

/**
 * A banner's `linkId`: one of the project's links made from the banner's link template
 * (`GET /api/links?templateId=`), stored by its 6-character link id.
 */
export function BannerLinkWidget(props: WidgetProps) {
  const { t } = useTranslation();
  const templateId = useContext(BannerTemplateContext);
  if (!templateId) {
    return (
      <Select
        id={props.id}
        className="gc-sf-picker"
        disabled
        value={typeof props.value === 'string' && props.value ? props.value : undefined}
        placeholder={t('turbo:picker.templateFirst')}
        data-testid="turbo-link-picker"
      />
    );
  }
  // Remounted per template: the picker never shows the links of the template before.
  return <LinkPicker key={templateId} templateId={templateId} {...props} />;
}

function LinkPicker({
  id,
  value,
  disabled,
  readonly,
  onChange,
  templateId,
}: WidgetProps & { templateId: string }) {
  const { t } = useTranslation();
  const { options, failed, loading } = useListOptions(
    `/api/links?templateId=${encodeURIComponent(templateId)}`,
    (row) => String(row.linkId ?? ''),
    (row) => `${String(row.name ?? '')} (${String(row.linkId ?? '')})`,
  );
  return (
    <Select
      id={id}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={loading}
      className="gc-sf-picker"
      value={typeof value === 'string' && value ? value : undefined}
      options={options}
      disabled={disabled || readonly}
      placeholder={t('turbo:picker.link')}
      notFoundContent={failed ? t('turbo:picker.loadFailed') : t('turbo:picker.noLinks')}
      data-testid="turbo-link-picker"
      onChange={(next: string | undefined) => onChange(next || undefined)}
    />
  );
}
