import { describe, expect, it } from 'vitest';
import type { CashOverview } from '../adsTypes';
import { cashPoints, hasCashMovement } from './cashSeries';

const none = { count: 0, micros: 0 };
const overview: CashOverview = {
  currency: 'USD',
  balanceMicros: 0,
  pending: none,
  approved: none,
  rejected: none,
  series: [
    { date: '2025-03-01', creditedMicros: 0, withdrawnMicros: 0 },
    { date: '2025-03-02', creditedMicros: 2_000_000, withdrawnMicros: 500_000 },
  ],
};

describe('cashPoints', () => {
  it('makes two lines over the days', () => {
    expect(cashPoints(overview.series, (key) => key.toUpperCase())).toEqual([
      { date: '2025-03-01', name: 'CREDITEDMICROS', value: 0 },
      { date: '2025-03-01', name: 'WITHDRAWNMICROS', value: 0 },
      { date: '2025-03-02', name: 'CREDITEDMICROS', value: 2_000_000 },
      { date: '2025-03-02', name: 'WITHDRAWNMICROS', value: 500_000 },
    ]);
  });
});

describe('hasCashMovement', () => {
  it('is false for days of zeros or no days', () => {
    expect(hasCashMovement([])).toBe(false);
    expect(hasCashMovement(overview.series.slice(0, 1))).toBe(false);
  });

  it('is true with a day of credits or withdrawals', () => {
    expect(hasCashMovement(overview.series)).toBe(true);
    expect(hasCashMovement([{ date: '2025-03-03', creditedMicros: -1, withdrawnMicros: 0 }])).toBe(true);
  });
});
