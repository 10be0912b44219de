import { Select } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import { timezoneOptions } from './gmtTime';

const OPTIONS = timezoneOptions.map((value) => ({ value, label: value }));

/** GMT timezone (`GMT+08:00`) from the offsets in use. */
export function TimezoneWidget({ id, value, disabled, readonly, onChange }: WidgetProps) {
  return (
    <Select
      id={id}
      showSearch
      className="gc-sf-timezone"
      value={typeof value === 'string' ? value : undefined}
      options={OPTIONS}
      disabled={disabled || readonly}
      onChange={(next: string) => onChange(next)}
    />
  );
}
