import { describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { dateRange } from './dateRange';

const NOW = new Date('2026-03-01T20:00:00.000Z');

describe('dateRange', () => {
  it('cuts whole days in the time zone', () => {
    expect(dateRange({ from: '2026-02-20', to: '2026-02-21', tz: 'Asia/Shanghai' }, NOW, 10)).toMatchObject({
      startIso: '2026-02-19T16:00:00.000Z',
      endIso: '2026-02-21T16:00:00.000Z',
      days: 2,
    });
    expect(dateRange({ from: '2026-02-20', to: '2026-02-20' }, NOW, 10)).toMatchObject({
      startIso: '2026-02-20T00:00:00.000Z',
      endIso: '2026-02-21T00:00:00.000Z',
    });
  });

  it('defaults to the last 7 days up to today in the zone', () => {
    // 20:00 UTC is already March 2nd in Shanghai.
    expect(dateRange({ tz: 'Asia/Shanghai' }, NOW, 10)).toMatchObject({
      from: '2026-02-24',
      to: '2026-03-02',
      days: 7,
    });
  });

  it('refuses long ranges, reversed ranges, impossible days and unknown zones', () => {
    expect(() => dateRange({ from: '2026-02-01', to: '2026-02-11' }, NOW, 10)).toThrow(AppError);
    expect(dateRange({ from: '2026-02-01', to: '2026-02-10' }, NOW, 10).days).toBe(10);
    expect(() => dateRange({ from: '2026-02-10', to: '2026-02-01' }, NOW, 10)).toThrow(AppError);
    expect(() => dateRange({ from: '2026-02-30', to: '2026-03-01' }, NOW, 10)).toThrow(AppError);
    expect(() => dateRange({ tz: 'Mars/Olympus' }, NOW, 10)).toThrow(AppError);
  });
});
