import { describe, expect, it } from 'vitest';
import { isoTime } from './isoTime';

describe('isoTime', () => {
  it('writes the local time with the zone offset of that instant', () => {
    const date = new Date(Date.UTC(2026, 2, 1, 8, 0, 0, 123));
    const text = isoTime(date);
    expect(text).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}[+-]\d\d:\d\d$/);
    // The same instant, whatever the machine's zone (the unit-tz projects run this east and west of UTC).
    expect(Date.parse(text)).toBe(date.getTime());
    const offset = -date.getTimezoneOffset();
    const sign = offset < 0 ? '-' : '+';
    const hh = String(Math.floor(Math.abs(offset) / 60)).padStart(2, '0');
    const mm = String(Math.abs(offset) % 60).padStart(2, '0');
    expect(text.endsWith(`${sign}${hh}:${mm}`)).toBe(true);
  });

  it('keeps the local day across midnight in zones ahead of and behind UTC', () => {
    const date = new Date(Date.UTC(2026, 0, 31, 23, 30));
    expect(Date.parse(isoTime(date))).toBe(date.getTime());
    expect(isoTime(date).slice(0, 10)).toBe(
      `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`,
    );
  });
});
