import { describe, expect, it } from 'vitest';
import { countTrendLines } from './countTrendLines';

describe('countTrendLines', () => {
  it('draws one line per counted outcome, in report order, named by the caller', () => {
    const series = [
      { time: '2026-03-01', clicks: 5, installs: 2, opens: 1, registrations: 0 },
      { time: '2026-03-02', clicks: 7, installs: 0, opens: 3, registrations: 1 },
    ];
    expect(countTrendLines(series, (key) => `count.${key}`)).toEqual([
      {
        name: 'count.clicks',
        points: [
          { time: '2026-03-01', value: 5 },
          { time: '2026-03-02', value: 7 },
        ],
      },
      {
        name: 'count.installs',
        points: [
          { time: '2026-03-01', value: 2 },
          { time: '2026-03-02', value: 0 },
        ],
      },
      {
        name: 'count.opens',
        points: [
          { time: '2026-03-01', value: 1 },
          { time: '2026-03-02', value: 3 },
        ],
      },
      {
        name: 'count.registrations',
        points: [
          { time: '2026-03-01', value: 0 },
          { time: '2026-03-02', value: 1 },
        ],
      },
    ]);
  });

  it('draws empty lines for an empty series', () => {
    expect(countTrendLines([], String).map((line) => line.points)).toEqual([[], [], [], []]);
  });
});
