import dayjs, { type Dayjs } from 'dayjs';
import {
  defaultProjectTimeZone,
  fixedOffsetMinutes,
  localDate,
  offsetText,
  timeZoneOffsetMs,
} from '../../../engine/rules/timeZone';
import type { StoredLng } from '../../session/clientStore';
import { browserTimeZone } from '../linkAnalytics/browserTimeZone';
import { timezoneOptions as gmtOffsets } from '../../schema-form/widgets/gmtTime';

/**
 * Today's date in a time zone as a (local-midnight) dayjs: the analytics presets count back from
 * the project's day, not the browser's.
 */
export function zoneToday(tz: string, now: Date = new Date()): Dayjs {
  return dayjs(localDate(now.getTime(), tz));
}

/** The zone a new project starts with: GMT+08:00 in the Chinese console, else the browser's. */
export function newProjectTimeZone(lng: StoredLng, browserZone: string = browserTimeZone()): string {
  return defaultProjectTimeZone(lng === 'zhCN' ? 'zh-CN' : 'en-US', browserZone);
}

export interface TimeZoneOption {
  value: string;
  /** `(GMT+08:00) Asia/Shanghai`: the offset in force now, then the name. */
  label: string;
  offset: number;
}

function ianaZones(): string[] {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return [];
  }
}

/**
 * Every zone the project form offers: the runtime's IANA zones (daylight saving followed) and the
 * fixed GMT offsets campaigns use, by offset then name, plus `current` when it is neither.
 */
export function timeZoneOptions(current?: string, now: Date = new Date()): TimeZoneOption[] {
  const values = new Set([...ianaZones(), 'UTC', ...gmtOffsets]);
  if (current) values.add(current);
  return [...values]
    .map((value) => {
      const fixed = fixedOffsetMinutes(value);
      const offset = fixed ?? Math.round(timeZoneOffsetMs(value, now.getTime()) / 60_000);
      return { value, offset, label: fixed === undefined ? `(GMT${offsetText(offset)}) ${value}` : value };
    })
    .sort((a, b) => a.offset - b.offset || a.value.localeCompare(b.value));
}
