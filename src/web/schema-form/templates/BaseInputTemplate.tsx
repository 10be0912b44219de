import { Input, InputNumber } from 'antd';
import { ariaDescribedByIds, type BaseInputTemplateProps } from '@rjsf/utils';
import { useCommitOnBlur } from '../useCommitOnBlur';

const FULL_WIDTH = { width: '100%' };

/**
 * Text and number inputs for RJSF that keep what is typed in the input's own state and commit it
 * on blur or Enter: a keystroke re-renders this input only, never the form (the wizard's
 * keystroke-to-paint goal).
 */
export function BaseInputTemplate(props: BaseInputTemplateProps) {
  const numeric = props.schema.type === 'number' || props.schema.type === 'integer';
  return numeric ? <NumberInput {...props} /> : <TextInput {...props} />;
}

function TextInput({
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
  registry,
}: BaseInputTemplateProps) {
  const readonlyAsDisabled =
    (registry.formContext as { readonlyAsDisabled?: boolean })?.readonlyAsDisabled ?? true;
  const { draft, change, flush } = useCommitOnBlur<string>(
    value === undefined || value === null ? '' : String(value),
    (text) => onChange(text === '' ? options.emptyValue : text),
  );
  const max = typeof schema.maxLength === 'number' && schema.maxLength <= 200 ? schema.maxLength : undefined;
  return (
    <Input
      id={id}
      name={htmlName || id}
      style={FULL_WIDTH}
      disabled={disabled || (readonlyAsDisabled && readonly)}
      placeholder={placeholder}
      value={draft}
      count={max ? { show: true, max } : undefined}
      onChange={(event) => change(event.target.value)}
      onPressEnter={flush}
      onBlur={() => {
        flush();
        onBlur(id, draft);
      }}
      onFocus={() => onFocus(id, draft)}
      aria-describedby={ariaDescribedByIds(id)}
    />
  );
}

function NumberInput({
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
  registry,
}: BaseInputTemplateProps) {
  const readonlyAsDisabled =
    (registry.formContext as { readonlyAsDisabled?: boolean })?.readonlyAsDisabled ?? true;
  const { draft, change, flush } = useCommitOnBlur<number | null>(
    typeof value === 'number' ? value : null,
    (n) => onChange(n === null ? options.emptyValue : n),
  );
  return (
    <InputNumber<number>
      id={id}
      name={htmlName || id}
      style={FULL_WIDTH}
      disabled={disabled || (readonlyAsDisabled && readonly)}
      placeholder={placeholder}
      value={draft}
      min={typeof schema.minimum === 'number' ? schema.minimum : undefined}
      max={typeof schema.maximum === 'number' ? schema.maximum : undefined}
      step={schema.type === 'integer' ? 1 : undefined}
      precision={schema.type === 'integer' ? 0 : undefined}
      changeOnWheel={false}
      onChange={(next) => change(typeof next === 'number' ? next : null)}
      onPressEnter={flush}
      onBlur={() => {
        flush();
        onBlur(id, draft);
      }}
      onFocus={() => onFocus(id, draft)}
      aria-describedby={ariaDescribedByIds(id)}
    />
  );
}
