import { useState } from 'react';
import { DatePicker, Select, Space } from 'antd';
import { getUiOptions, type FieldProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { getAt } from '../jsonPointer';
import { formContextOf } from '../schemaFormContext';
import {
  browserTimezone,
  fromWallClock,
  gmtOffsetMinutes,
  isPastDay,
  timezoneOptions,
  toWallClock,
} from './gmtTime';

const TZ_OPTIONS = timezoneOptions.map((value) => ({ value, label: value }));

interface RangeState {
  start?: string;
  end?: string;
  timezone?: string;
}

/**
 * A start/end pair edited as one range in a GMT timezone.
 * It sits on the start field; the end and timezone fields are hidden and written from here, and
 * their errors show right below it.
 */
export function TimeRangeField({
  formData,
  fieldPathId,
  uiSchema,
  registry,
  onChange,
  disabled,
  readonly,
}: FieldProps) {
  const { t } = useTranslation();
  const context = formContextOf(registry);
  const options = getUiOptions(uiSchema);
  const endField = String(options.endField ?? 'endTime');
  const timezoneField = typeof options.timezoneField === 'string' ? options.timezoneField : undefined;
  const parent = fieldPathId.path.slice(0, -1);
  const data = context.getData();
  const [state, setState] = useState<RangeState>(() => ({
    start: typeof formData === 'string' ? formData : undefined,
    end: getAt(data, [...parent, endField]) as string | undefined,
    timezone: timezoneField
      ? ((getAt(data, [...parent, timezoneField]) as string | undefined) ?? undefined)
      : undefined,
  }));
  // A new range without a timezone yet takes the browser's (shown in the select at once).
  const timezone = state.timezone ?? (timezoneField ? browserTimezone() : (context.timezone ?? 'GMT+00:00'));
  const offset = gmtOffsetMinutes(timezone);

  const write = (next: RangeState) => {
    setState(next);
    onChange(next.start, fieldPathId.path);
    context.setValueAt([...parent, endField], next.end);
    if (timezoneField) context.setValueAt([...parent, timezoneField], next.timezone);
  };

  return (
    <Space wrap className="gc-sf-range" id={fieldPathId.$id}>
      <DatePicker.RangePicker
        showTime={{ format: 'HH:mm' }}
        format="YYYY-MM-DD HH:mm"
        disabled={disabled || readonly}
        value={[toWallClock(state.start, offset), toWallClock(state.end, offset)]}
        disabledDate={(day) => isPastDay(day, offset)}
        placeholder={[t('wizard:form.start'), t('wizard:form.end')]}
        onChange={(values) => {
          const [start, end] = values ?? [null, null];
          write({
            timezone: timezoneField ? timezone : undefined,
            start: start ? fromWallClock(start.second(0), offset) : undefined,
            end: end ? fromWallClock(end.second(0), offset) : undefined,
          });
        }}
      />
      {timezoneField && (
        <Select
          showSearch
          className="gc-sf-timezone"
          aria-label={t('wizard:form.timezone')}
          value={timezone}
          placeholder={t('wizard:form.timezone')}
          options={TZ_OPTIONS}
          disabled={disabled || readonly}
          onChange={(next: string) => {
            // The wall-clock times stay as picked; the instants move with the new offset.
            const to = gmtOffsetMinutes(next);
            const move = (iso?: string) => {
              const wall = toWallClock(iso, offset);
              return wall ? fromWallClock(wall, to) : iso;
            };
            write({ start: move(state.start), end: move(state.end), timezone: next });
          }}
        />
      )}
    </Space>
  );
}
