import { describe, expect, it } from 'vitest';
import type { IncomeReport, ReportCounts } from '../adsTypes';
import { chartPoints, groupLabel, hasIncomeData, metricKind } from './incomeRows';

const zero: ReportCounts = {
  requests: 0,
  serves: 0,
  clicks: 0,
  incomeMicros: 0,
  ecpmMicros: 0,
  matchRate: 0,
  ctr: 0,
};
const counts = (serves: number, incomeMicros: number): ReportCounts => ({
  ...zero,
  requests: serves * 2,
  serves,
  incomeMicros,
  ecpmMicros: serves ? Math.round((incomeMicros * 1000) / serves) : 0,
  matchRate: 0.5,
});

const report = (rows: IncomeReport['rows']): IncomeReport => ({
  from: '2025-03-01',
  to: '2025-03-02',
  tz: 'UTC',
  currency: 'USD',
  currencies: ['USD'],
  totals: counts(30, 3_000_000),
  rows,
  series: [
    { date: '2025-03-01', ...counts(10, 1_000_000) },
    { date: '2025-03-02', ...counts(20, 2_000_000) },
  ],
});

describe('hasIncomeData', () => {
  it('is false for nothing or zeros, true for requests or income', () => {
    expect(hasIncomeData(undefined)).toBe(false);
    expect(hasIncomeData({ ...report([]), totals: zero })).toBe(false);
    expect(hasIncomeData(report([]))).toBe(true);
    expect(hasIncomeData({ ...report([]), totals: { ...zero, incomeMicros: -5 } })).toBe(true);
  });
});

describe('chartPoints', () => {
  it('follows the days by date', () => {
    expect(chartPoints(report([]), 'date', 'incomeMicros', 'Others', '?')).toEqual([
      { group: '2025-03-01', value: 1_000_000 },
      { group: '2025-03-02', value: 2_000_000 },
    ]);
  });

  it('sums groups past the top 8 for counts and income', () => {
    const rows = Array.from({ length: 10 }, (_, i) => ({
      key: `d${i}`,
      label: `d${i}.com`,
      ...counts(i + 1, (i + 1) * 1000),
    }));
    const points = chartPoints(report(rows), 'domain', 'serves', 'Others', '?');
    expect(points).toHaveLength(9);
    expect(points[0]).toEqual({ group: 'd9.com', value: 10 });
    expect(points[8]).toEqual({ group: 'Others', value: 1 + 2 });
  });

  it('never sums rates or eCPM: the top 8 only', () => {
    const rows = Array.from({ length: 10 }, (_, i) => ({ key: `u${i}`, label: '', ...counts(1, i) }));
    const points = chartPoints(report(rows), 'url', 'ecpmMicros', 'Others', '?');
    expect(points).toHaveLength(8);
    expect(points.every((point) => point.group !== 'Others')).toBe(true);
    expect(points[0]).toEqual({ group: 'u9', value: 9000 });
  });
});

describe('groupLabel and metricKind', () => {
  it('names a row by label, key or the unknown word', () => {
    expect(groupLabel({ key: 'k', label: 'L' }, '?')).toBe('L');
    expect(groupLabel({ key: 'k', label: '' }, '?')).toBe('k');
    expect(groupLabel({ key: '', label: '' }, '?')).toBe('?');
  });

  it('knows how each figure is shown', () => {
    expect(metricKind('serves')).toBe('count');
    expect(metricKind('ecpmMicros')).toBe('money');
    expect(metricKind('ctr')).toBe('rate');
  });
});
