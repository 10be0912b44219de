import type { FormItem } from '../api/playTypes';
import { inputKind, multiLine } from './rewardFormFields';

/** A field of the reward form: its label (starred when required), its input and its problem. */
export function FormField(props: {
  item: FormItem;
  index: number;
  value: string;
  problem: string | undefined;
  onChange(value: string): void;
}) {
  const { item, problem } = props;
  const id = `gp-field-${props.index}`;
  const common = {
    id,
    name: item.label,
    value: props.value,
    required: item.required,
    'aria-invalid': problem ? true : undefined,
    'aria-describedby': problem ? `${id}-problem` : undefined,
    onChange: (event: { target: { value: string } }) => props.onChange(event.target.value),
  };
  return (
    <div className="gp-field">
      <label htmlFor={id}>
        {item.label}
        {item.required ? <span className="gp-required"> *</span> : null}
      </label>
      {multiLine(item) ? (
        <textarea {...common} rows={3} maxLength={500} />
      ) : (
        <input {...common} {...inputKind(item)} maxLength={100} />
      )}
      {problem ? (
        <p className="gp-problem" id={`${id}-problem`}>
          {problem}
        </p>
      ) : null}
    </div>
  );
}
