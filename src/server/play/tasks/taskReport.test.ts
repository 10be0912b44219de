import { describe, expect, it } from 'vitest';
import { reportDays } from './taskReport';

describe("the task report's days", () => {
  it('are the last 30 days up to today while the campaign runs', () => {
    expect(reportDays({ first: '2026-01-01', today: '2026-03-10', lastDay: '2026-12-31' })).toEqual({
      from: '2026-02-09',
      to: '2026-03-10',
    });
  });

  it("start no earlier than the campaign's first day", () => {
    expect(reportDays({ first: '2026-03-05', today: '2026-03-10', lastDay: '2026-12-31' })).toEqual({
      from: '2026-03-05',
      to: '2026-03-10',
    });
  });

  it('end on the last day once the campaign is over', () => {
    expect(reportDays({ first: '2026-01-01', today: '2026-06-01', lastDay: '2026-02-28' })).toEqual({
      from: '2026-01-30',
      to: '2026-02-28',
    });
  });

  it('are none before the campaign starts', () => {
    const { from, to } = reportDays({ first: '2026-03-05', today: '2026-03-01', lastDay: '2026-12-31' });
    expect(from > to).toBe(true);
  });
});
