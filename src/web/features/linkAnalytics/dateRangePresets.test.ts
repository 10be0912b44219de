import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import {
  datePresetKeys,
  isDayOutOfRange,
  MAX_QUERY_DAYS,
  presetDays,
  presetRange,
  rangeDayCount,
} from './dateRangePresets';

const today = dayjs('2024-03-15T10:30:00');

describe('date presets', () => {
  it('offers the nine presets of SPEC 9', () => {
    expect(datePresetKeys).toHaveLength(9);
  });

  it('computes each preset from today', () => {
    expect(presetRange('today', today)).toEqual({ from: '2024-03-15', to: '2024-03-15' });
    expect(presetRange('yesterday', today)).toEqual({ from: '2024-03-14', to: '2024-03-14' });
    expect(presetRange('last3Days', today)).toEqual({ from: '2024-03-13', to: '2024-03-15' });
    expect(presetRange('last7Days', today)).toEqual({ from: '2024-03-09', to: '2024-03-15' });
    expect(presetRange('last14Days', today)).toEqual({ from: '2024-03-02', to: '2024-03-15' });
    expect(presetRange('last30Days', today)).toEqual({ from: '2024-02-15', to: '2024-03-15' });
    expect(presetRange('last90Days', today)).toEqual({ from: '2023-12-17', to: '2024-03-15' });
    expect(presetRange('thisMonth', today)).toEqual({ from: '2024-03-01', to: '2024-03-15' });
    // 2024 is a leap year: February has 29 days.
    expect(presetRange('lastMonth', today)).toEqual({ from: '2024-02-01', to: '2024-02-29' });
  });

  it('crosses the year for last month in January', () => {
    expect(presetRange('lastMonth', dayjs('2025-01-03'))).toEqual({ from: '2024-12-01', to: '2024-12-31' });
  });

  it('counts "last N days" as N days', () => {
    for (const [key, n] of [
      ['last3Days', 3],
      ['last7Days', 7],
      ['last14Days', 14],
      ['last30Days', 30],
      ['last90Days', 90],
    ] as const) {
      const [from, to] = presetDays(key, today);
      expect(rangeDayCount(from, to)).toBe(n);
    }
  });

  it('knows which presets fit the 10-day limit', () => {
    const fitting = datePresetKeys.filter((key) => {
      const [from, to] = presetDays(key, today);
      return rangeDayCount(from, to) <= MAX_QUERY_DAYS;
    });
    expect(fitting).toEqual(['today', 'yesterday', 'last3Days', 'last7Days']);
  });
});

describe('isDayOutOfRange', () => {
  it('refuses days after today', () => {
    expect(isDayOutOfRange(dayjs('2024-03-16'), today)).toBe(true);
    expect(isDayOutOfRange(dayjs('2024-03-15T23:00:00'), today)).toBe(false);
  });

  it('keeps a picked range within the limit on both sides of the first day', () => {
    const from = dayjs('2024-03-10');
    // 10 days inclusive: the 1st..10th or 10th..19th; the 11th day away is refused.
    expect(isDayOutOfRange(dayjs('2024-03-01'), today, MAX_QUERY_DAYS, from)).toBe(false);
    expect(isDayOutOfRange(dayjs('2024-02-29'), today, MAX_QUERY_DAYS, from)).toBe(true);
    expect(isDayOutOfRange(dayjs('2024-03-15'), today, MAX_QUERY_DAYS, from)).toBe(false);
    expect(rangeDayCount(dayjs('2024-03-01'), from)).toBe(MAX_QUERY_DAYS);
  });

  it('allows any past day without a limit or before the first pick', () => {
    expect(isDayOutOfRange(dayjs('2020-01-01'), today)).toBe(false);
    expect(isDayOutOfRange(dayjs('2020-01-01'), today, MAX_QUERY_DAYS)).toBe(false);
  });
});
