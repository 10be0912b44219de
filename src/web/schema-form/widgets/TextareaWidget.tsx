import { Input } from 'antd';
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { useCommitOnBlur } from '../useCommitOnBlur';

/** Multi-line text committed on blur (see BaseInputTemplate), with a length count where limited. */
export function TextareaWidget({
  id,
  htmlName,
  disabled,
  readonly,
  schema,
  options,
  placeholder,
  value,
  onChange,
  onBlur,
  onFocus,
}: WidgetProps) {
  const { draft, change, flush } = useCommitOnBlur<string>(typeof value === 'string' ? value : '', (text) =>
    onChange(text === '' ? options.emptyValue : text),
  );
  const max = typeof schema.maxLength === 'number' && schema.maxLength <= 5000 ? schema.maxLength : undefined;
  return (
    <Input.TextArea
      id={id}
      name={htmlName || id}
      disabled={disabled || readonly}
      placeholder={placeholder}
      rows={typeof options.rows === 'number' ? options.rows : 4}
      value={draft}
      count={max ? { show: true, max } : undefined}
      onChange={(event) => change(event.target.value)}
      onBlur={() => {
        flush();
        onBlur(id, draft);
      }}
      onFocus={() => onFocus(id, draft)}
      aria-describedby={ariaDescribedByIds(id)}
    />
  );
}
