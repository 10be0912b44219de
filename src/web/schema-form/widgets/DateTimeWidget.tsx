import { DatePicker } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import { formContextOf } from '../schemaFormContext';
import { fromWallClock, gmtOffsetMinutes, isPastDay, toWallClock } from './gmtTime';

/**
 * A date-time shown and picked in the config's GMT timezone and stored as ISO 8601 with that
 * offset. Past days cannot be picked.
 */
export function DateTimeWidget({
  id,
  value,
  disabled,
  readonly,
  onChange,
  onBlur,
  registry,
  placeholder,
}: WidgetProps) {
  const offset = gmtOffsetMinutes(formContextOf(registry).timezone ?? 'GMT');
  return (
    <DatePicker
      id={id}
      showTime={{ format: 'HH:mm' }}
      format="YYYY-MM-DD HH:mm"
      className="gc-sf-date"
      value={toWallClock(value, offset)}
      placeholder={placeholder || undefined}
      disabled={disabled || readonly}
      disabledDate={(day) => isPastDay(day, offset)}
      onChange={(picked) => {
        const next = picked ? fromWallClock(picked.second(0), offset) : undefined;
        onChange(next);
        onBlur(id, next);
      }}
    />
  );
}
