import { describe, expect, it } from 'vitest';
import { HISTORY_LIMIT, historyReducer, startHistory, type History } from './history';

const apply = (h: History<number>, ...actions: Parameters<typeof historyReducer<number>>[1][]) =>
  actions.reduce((state, action) => historyReducer(state, action), h);

describe('editor history', () => {
  it('undoes and redoes, and a new edit drops the redo steps', () => {
    let h = apply(startHistory(0), { type: 'set', state: 1, at: 0 }, { type: 'set', state: 2, at: 10 });
    h = apply(h, { type: 'undo' });
    expect(h.present).toBe(1);
    h = apply(h, { type: 'redo' });
    expect(h.present).toBe(2);
    h = apply(h, { type: 'undo' }, { type: 'undo' }, { type: 'undo' });
    expect(h.present).toBe(0);
    h = apply(h, { type: 'redo' }, { type: 'set', state: 5, at: 20 });
    expect(h.future).toEqual([]);
    expect(h.past).toEqual([0, 1]);
  });

  it('merges edits of one group in quick succession into one step', () => {
    const h = apply(
      startHistory(0),
      { type: 'set', state: 1, at: 0, group: 'props:a' },
      { type: 'set', state: 2, at: 300, group: 'props:a' },
      { type: 'set', state: 3, at: 600, group: 'props:a' },
      { type: 'set', state: 4, at: 5000, group: 'props:a' },
      { type: 'set', state: 5, at: 5100, group: 'props:b' },
    );
    expect(h.past).toEqual([0, 3, 4]);
    expect(h.present).toBe(5);
  });

  it('keeps at most the limit of steps back', () => {
    let h = startHistory(0);
    for (let i = 1; i <= HISTORY_LIMIT + 20; i++)
      h = historyReducer(h, { type: 'set', state: i, at: i * 10_000 });
    expect(h.past).toHaveLength(HISTORY_LIMIT);
    expect(h.past[0]).toBe(20);
  });
});
