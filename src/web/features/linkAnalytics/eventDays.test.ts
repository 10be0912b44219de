import { describe, expect, it } from 'vitest';
import { eventDays } from './eventDays';

describe('eventDays', () => {
  it('makes one row per day with each event its count, newest day first', () => {
    const items = [
      {
        event: 'click' as const,
        total: 5,
        series: [
          { time: '2026-03-01', count: 2 },
          { time: '2026-03-02', count: 3 },
        ],
      },
      { event: 'install' as const, total: 1, series: [{ time: '2026-03-02', count: 1 }] },
    ];
    expect(eventDays(items)).toEqual([
      { time: '2026-03-02', click: 3, install: 1 },
      { time: '2026-03-01', click: 2 },
    ]);
  });

  it('has no rows without events', () => {
    expect(eventDays([])).toEqual([]);
  });
});
