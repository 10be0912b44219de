import { describe, expect, it } from 'vitest';
import { OTHER, topGroups } from './topGroups';

describe('topGroups', () => {
  it('keeps the 8 largest groups and sums the rest into other', () => {
    const items = Array.from({ length: 11 }, (_, i) => ({ key: `g${i}`, value: i + 1 }));
    const top = topGroups(items);
    expect(top).toHaveLength(9);
    expect(top.slice(0, 8).map((t) => t.key)).toEqual(['g10', 'g9', 'g8', 'g7', 'g6', 'g5', 'g4', 'g3']);
    expect(top[8]).toEqual({ key: OTHER, value: 1 + 2 + 3 });
  });
  it('adds no other group when there are 8 or fewer', () => {
    expect(topGroups([{ key: 'a', value: 1 }])).toEqual([{ key: 'a', value: 1 }]);
  });
});
