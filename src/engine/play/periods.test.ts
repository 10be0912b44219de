import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, isoWeekday, periodKeys, weekKey } from './periods';
import { localDayNumber } from '../rules/timeZone';

const at = (iso: string) => Date.parse(iso);

describe('period keys in the campaign time zone', () => {
  it('a weekly task with refresh day Monday in GMT+08:00 resets at Monday 00:00 there', () => {
    // 2026-11-30 is a Monday. 23:59:59 on Sunday in GMT+08:00 is still the old week.
    expect(weekKey(at('2026-11-29T23:59:59+08:00'), 'GMT+08:00', 1)).toBe('2026-11-23');
    expect(weekKey(at('2026-11-30T00:00:00+08:00'), 'GMT+08:00', 1)).toBe('2026-11-30');
    // The same instant is still Sunday 16:00 in UTC: a server in UTC must not care.
    expect(weekKey(at('2026-11-30T00:00:00+08:00'), 'UTC', 1)).toBe('2026-11-23');
    expect(weekKey(at('2026-12-06T23:59:59+08:00'), 'GMT+08:00', 1)).toBe('2026-11-30');
  });

  it('other refresh days start the week on that weekday', () => {
    // Wednesday 2026-12-02.
    expect(weekKey(at('2026-12-01T23:00:00+08:00'), 'GMT+08:00', 3)).toBe('2026-11-25');
    expect(weekKey(at('2026-12-02T00:00:00+08:00'), 'GMT+08:00', 3)).toBe('2026-12-02');
    // Sunday 2026-11-29 with refresh day 7.
    expect(weekKey(at('2026-11-29T00:00:00-05:00'), 'GMT-05:00', 7)).toBe('2026-11-29');
    expect(weekKey(at('2026-11-28T23:59:59-05:00'), 'GMT-05:00', 7)).toBe('2026-11-22');
  });

  it('day keys roll at local midnight', () => {
    expect(periodKeys(at('2026-11-30T15:59:59Z'), 'GMT+08:00', 1).day).toBe('2026-11-30');
    expect(periodKeys(at('2026-11-30T16:00:00Z'), 'GMT+08:00', 1).day).toBe('2026-12-01');
  });

  it('weekdays and day arithmetic', () => {
    expect(isoWeekday(0)).toBe(4); // 1970-01-01, a Thursday
    expect(isoWeekday(localDayNumber(at('2026-11-30T12:00:00Z'), 'UTC'))).toBe(1);
    expect(daysBetween('2026-12-31', '2027-01-01')).toBe(1);
    expect(daysBetween('2028-02-28', '2028-03-01')).toBe(2);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});
