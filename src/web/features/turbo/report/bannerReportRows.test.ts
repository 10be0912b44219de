import { describe, expect, it } from 'vitest';
import type { BannerReport } from '../turboTypes';
import { bannerTrendLines, clickRate, formatRate, hasBannerData } from './bannerReportRows';

const zero = { impressions: 0, clicks: 0, dismissals: 0 };
const report: BannerReport = {
  from: '2025-01-01',
  to: '2025-01-02',
  tz: 'Asia/Shanghai',
  totals: { impressions: 8, clicks: 1, dismissals: 2 },
  series: [
    { date: '2025-01-01', ...zero },
    { date: '2025-01-02', impressions: 8, clicks: 1, dismissals: 2 },
  ],
  byPlatform: [],
  byPage: [],
};

describe('clickRate and formatRate', () => {
  it('divides clicks by impressions', () => {
    expect(clickRate({ impressions: 8, clicks: 1, dismissals: 0 })).toBe(0.125);
    expect(formatRate(0.125)).toBe('12.5%');
    expect(formatRate(1 / 3)).toBe('33.33%');
    expect(formatRate(0)).toBe('0%');
  });

  it('has no rate without impressions', () => {
    expect(clickRate(zero)).toBeNull();
    expect(formatRate(null)).toBe('-');
  });
});

describe('hasBannerData', () => {
  it('is false for a report of zeros or none', () => {
    expect(hasBannerData(report)).toBe(true);
    expect(hasBannerData({ ...report, totals: zero })).toBe(false);
    expect(hasBannerData(undefined)).toBe(false);
  });
});

describe('bannerTrendLines', () => {
  it('makes one line per count over the days', () => {
    const lines = bannerTrendLines(report.series, (key) => key.toUpperCase());
    expect(lines.map((line) => line.name)).toEqual(['IMPRESSIONS', 'CLICKS', 'DISMISSALS']);
    expect(lines[0].points).toEqual([
      { time: '2025-01-01', value: 0 },
      { time: '2025-01-02', value: 8 },
    ]);
  });
});
