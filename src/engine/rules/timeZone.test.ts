import { describe, expect, it } from 'vitest';
import {
  defaultProjectTimeZone,
  fixedOffsetMinutes,
  isTimeZone,
  localDate,
  localDayNumber,
  localDayStartMs,
  localIsoTime,
  normalizeTimeZone,
  timeZoneOffsetMs,
} from './timeZone';

const day = (date: string) => Math.floor(Date.parse(`${date}T00:00:00Z`) / 86_400_000);

describe('time zones', () => {
  it('accepts IANA names (canonical case) and GMT offsets, refuses the rest', () => {
    expect(normalizeTimeZone('Asia/Shanghai')).toBe('Asia/Shanghai');
    expect(normalizeTimeZone(' asia/shanghai ')).toBe('Asia/Shanghai');
    expect(normalizeTimeZone('UTC')).toBe('UTC');
    expect(normalizeTimeZone('GMT+08:00')).toBe('GMT+08:00');
    expect(normalizeTimeZone('gmt-05:00')).toBe('GMT-05:00');
    expect(normalizeTimeZone('GMT')).toBe('GMT');
    for (const bad of [
      'Mars/Olympus',
      'GMT+8',
      'GMT+15:00',
      '+08:00',
      '',
      'GMT+08:60',
      42,
      null,
      'a'.repeat(80),
    ])
      expect(normalizeTimeZone(bad)).toBeUndefined();
  });

  it('cuts days at local midnight, daylight saving included', () => {
    // 2026-03-01 16:30 UTC is 00:30 on March 2nd in Shanghai, still March 1st in New York.
    const ms = Date.parse('2026-03-01T16:30:00Z');
    expect(localDate(ms, 'Asia/Shanghai')).toBe('2026-03-02');
    expect(localDate(ms, 'GMT+08:00')).toBe('2026-03-02');
    expect(localDate(ms, 'America/New_York')).toBe('2026-03-01');
    expect(localDayNumber(Date.parse('2026-03-02T04:59:59Z'), 'GMT-05:00')).toBe(day('2026-03-01'));
    expect(localDayNumber(Date.parse('2026-03-02T05:00:00Z'), 'GMT-05:00')).toBe(day('2026-03-02'));
    // New York: EST (-5) in winter, EDT (-4) from 2026-03-08.
    expect(timeZoneOffsetMs('America/New_York', Date.parse('2026-03-01T12:00:00Z'))).toBe(-5 * 3_600_000);
    expect(timeZoneOffsetMs('America/New_York', Date.parse('2026-07-01T12:00:00Z'))).toBe(-4 * 3_600_000);
    expect(new Date(localDayStartMs(day('2026-03-01'), 'America/New_York')).toISOString()).toBe(
      '2026-03-01T05:00:00.000Z',
    );
    expect(new Date(localDayStartMs(day('2026-07-01'), 'America/New_York')).toISOString()).toBe(
      '2026-07-01T04:00:00.000Z',
    );
    expect(new Date(localDayStartMs(day('2026-03-02'), 'Asia/Shanghai')).toISOString()).toBe(
      '2026-03-01T16:00:00.000Z',
    );
    expect(new Date(localDayStartMs(day('2026-03-02'), 'Asia/Kolkata')).toISOString()).toBe(
      '2026-03-01T18:30:00.000Z',
    );
  });

  it('finds the start of a day whose midnight does not exist', () => {
    // Santiago moves its clocks from 00:00 to 01:00 on 2026-09-06: the day starts at 04:00 UTC.
    expect(new Date(localDayStartMs(day('2026-09-06'), 'America/Santiago')).toISOString()).toBe(
      '2026-09-06T04:00:00.000Z',
    );
  });

  it('writes local times with their offset', () => {
    expect(localIsoTime(Date.parse('2026-03-01T16:30:05.123Z'), 'Asia/Shanghai')).toBe(
      '2026-03-02T00:30:05+08:00',
    );
    expect(localIsoTime(Date.parse('2026-03-01T16:30:05Z'), 'America/New_York')).toBe(
      '2026-03-01T11:30:05-05:00',
    );
    expect(localIsoTime(Date.parse('2026-03-01T16:30:05Z'), 'UTC')).toBe('2026-03-01T16:30:05+00:00');
  });

  it('defaults new projects to GMT+08:00 in Chinese, else to the creator zone', () => {
    expect(defaultProjectTimeZone('zh-CN', 'America/New_York')).toBe('Asia/Shanghai');
    expect(defaultProjectTimeZone('en-US', 'America/New_York')).toBe('America/New_York');
    expect(defaultProjectTimeZone('en-US', 'Mars/Olympus')).toBe('UTC');
    expect(defaultProjectTimeZone('en-US')).toBe('UTC');
  });

  it('reads fixed offsets to the minute, up to GMT+14:00', () => {
    expect(fixedOffsetMinutes('GMT')).toBe(0);
    expect(fixedOffsetMinutes('GMT+13:45')).toBe(825);
    expect(fixedOffsetMinutes('GMT-09:30')).toBe(-570);
    expect(fixedOffsetMinutes('GMT+12:00')).toBe(720);
    expect(fixedOffsetMinutes('GMT+14:00')).toBe(840);
    expect(fixedOffsetMinutes('GMT+14:30')).toBeUndefined();
    expect(fixedOffsetMinutes('GMT+15:00')).toBeUndefined();
    expect(fixedOffsetMinutes('XGMT+08:00')).toBeUndefined();
    expect(fixedOffsetMinutes('Asia/Shanghai')).toBeUndefined();
    expect(isTimeZone('America/New_York')).toBe(true);
    expect(isTimeZone('GMT+08:00')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });

  it('counts an unknown zone as UTC', () => {
    const at = Date.parse('2026-03-01T23:30:00Z');
    expect(timeZoneOffsetMs('Mars/Olympus', at)).toBe(0);
    expect(localDate(at, 'Mars/Olympus')).toBe('2026-03-01');
  });

  it('finds the start of a day whose midnight does not exist east of UTC', () => {
    // Beirut moves its clocks from 00:00 to 01:00 (UTC+3) on 2026-03-29: the day starts at 22:00 UTC.
    expect(new Date(localDayStartMs(day('2026-03-29'), 'Asia/Beirut')).toISOString()).toBe(
      '2026-03-28T22:00:00.000Z',
    );
  });
});
