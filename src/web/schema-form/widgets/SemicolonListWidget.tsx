import { Input, Typography } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { splitSemicolonList } from '../../../engine/validation/keywords/semicolonList';
import { useCommitOnBlur } from '../useCommitOnBlur';

/**
 * A list typed into one box, entries separated by semicolons (whitelist user ids, SHA256
 * fingerprints), with the running count against the maximum.
 */
export function SemicolonListWidget({
  id,
  htmlName,
  value,
  disabled,
  readonly,
  options,
  placeholder,
  onChange,
  onBlur,
}: WidgetProps) {
  const { t } = useTranslation();
  const { draft, change, flush } = useCommitOnBlur(typeof value === 'string' ? value : '', (text) =>
    onChange(text.trim() === '' ? undefined : text),
  );
  const count = splitSemicolonList(draft).length;
  const max = typeof options.maxCount === 'number' ? options.maxCount : undefined;
  return (
    <div className="gc-sf-semicolon">
      <Input.TextArea
        id={id}
        name={htmlName || id}
        rows={3}
        value={draft}
        placeholder={placeholder || t('wizard:semicolon.placeholder')}
        disabled={disabled || readonly}
        onChange={(event) => change(event.target.value)}
        onBlur={() => {
          flush();
          onBlur(id, draft);
        }}
      />
      <Typography.Text
        type={max !== undefined && count > max ? 'danger' : 'secondary'}
        className="gc-sf-count"
      >
        {max !== undefined
          ? t('wizard:semicolon.countOf', { count, max })
          : t('wizard:semicolon.count', { count })}
      </Typography.Text>
    </div>
  );
}
