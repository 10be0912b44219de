import { describe, expect, it } from 'vitest';
import { settleBlock, shares, type PredictConsoleView } from './predictCard';

const view = (over: Partial<PredictConsoleView> = {}): PredictConsoleView => ({
  mode: 'prediction',
  method: 'draw',
  closesAt: '2026-01-01T00:00:00Z',
  matches: [{ id: 'm', title: 'M', result: null, options: [] }],
  pickers: 0,
  settlement: null,
  ...over,
});

describe('predict card rules', () => {
  it('settles only when the server would: results in, picks closed, not yet settled', () => {
    const after = Date.parse('2026-01-02T00:00:00Z');
    expect(settleBlock(view(), after)).toBe('results');
    const decided = view({ matches: [{ id: 'm', title: 'M', result: 'a', options: [] }] });
    expect(settleBlock(decided, Date.parse('2025-12-31T00:00:00Z'))).toBe('early');
    expect(settleBlock(decided, after)).toBeNull();
    expect(settleBlock(view({ mode: 'voting' }), after)).toBeNull();
    expect(
      settleBlock(view({ settlement: { settledAt: 'x', winners: 1, qualified: 1, by: null } }), after),
    ).toBe('settled');
  });

  it('shows shares that add up to 100', () => {
    expect(shares([1, 1, 1])).toEqual([34, 33, 33]);
    expect(shares([0, 0])).toEqual([0, 0]);
    expect(shares([3, 1])).toEqual([75, 25]);
  });
});
