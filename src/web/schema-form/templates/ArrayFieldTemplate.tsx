import { Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { buttonId, getUiOptions, type ArrayFieldTemplateProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';

/** Lists (hotzones, colours) as a titled group like objects, with a plain "Add" button below. */
export function ArrayFieldTemplate({
  canAdd,
  disabled,
  fieldPathId,
  items,
  onAddClick,
  readonly,
  required,
  title,
  uiSchema,
  schema,
  optionalDataControl,
}: ArrayFieldTemplateProps) {
  const { t } = useTranslation();
  const heading = (getUiOptions(uiSchema).title as string | undefined) || title;
  const max = typeof schema.maxItems === 'number' ? schema.maxItems : undefined;
  return (
    <section className="gc-sf-group" id={fieldPathId.$id} aria-label={heading || undefined}>
      {heading && (
        <div className="gc-sf-group-title">
          {required && <span className="gc-sf-required">*</span>}
          {heading}
        </div>
      )}
      {optionalDataControl}
      {items}
      {canAdd && (
        <div className="gc-sf-array-add">
          <Button
            id={buttonId(fieldPathId, 'add')}
            icon={<PlusOutlined />}
            disabled={disabled || readonly}
            onClick={onAddClick}
          >
            {t('wizard:rjsf.Add')}
          </Button>
          {max !== undefined && (
            <span className="gc-sf-array-count">
              {t('wizard:semicolon.countOf', { count: items.length, max })}
            </span>
          )}
        </div>
      )}
    </section>
  );
}
