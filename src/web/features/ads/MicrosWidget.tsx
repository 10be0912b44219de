import { Input, Typography } from 'antd';
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { useCommitOnBlur } from '../../schema-form/useCommitOnBlur';
import { microsToText } from './microsText';

const INTEGER = /^[+-]?\d+$/;

/**
 * An integer micros field of an entity form (a plan's bid and budget, an offer's reward), typed
 * as the schema asks (millionths) and committed on blur like every form input, with the amount it
 * makes in currency units beside it, so 1250000 reads as 1.25. Text that is no integer is handed
 * on as it is, so the engine's rule reports it under the field.
 */
export function MicrosWidget({
  id,
  htmlName,
  disabled,
  readonly,
  placeholder,
  value,
  options,
  onChange,
  onBlur,
  onFocus,
}: WidgetProps) {
  const { t } = useTranslation();
  const shown = typeof value === 'number' || typeof value === 'string' ? String(value) : '';
  const { draft, change, flush } = useCommitOnBlur<string>(shown, (text) => {
    const trimmed = text.trim();
    if (trimmed === '') onChange(options.emptyValue);
    else onChange(INTEGER.test(trimmed) && Number.isSafeInteger(Number(trimmed)) ? Number(trimmed) : trimmed);
  });
  const trimmed = draft.trim();
  const units = INTEGER.test(trimmed) ? microsToText(Number(trimmed)) : '';
  return (
    <>
      <Input
        id={id}
        name={htmlName || id}
        inputMode="numeric"
        disabled={disabled || readonly}
        placeholder={placeholder}
        value={draft}
        onChange={(event) => change(event.target.value)}
        onPressEnter={flush}
        onBlur={() => {
          flush();
          onBlur(id, draft);
        }}
        onFocus={() => onFocus(id, draft)}
        aria-describedby={ariaDescribedByIds(id)}
      />
      {units && (
        <Typography.Text type="secondary" data-testid="ads-micros-units">
          {t('ads:money.units', { amount: units })}
        </Typography.Text>
      )}
    </>
  );
}
