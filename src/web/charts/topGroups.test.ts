import { describe, expect, it } from 'vitest';
import { topGroups } from './topGroups';

describe('topGroups', () => {
  it('sums duplicate groups and sorts largest first', () => {
    expect(
      topGroups(
        [
          { group: 'a', value: 1 },
          { group: 'b', value: 5 },
          { group: 'a', value: 3 },
        ],
        'others',
      ),
    ).toEqual([
      { group: 'b', value: 5 },
      { group: 'a', value: 4 },
    ]);
  });

  it('keeps the top 8 and folds the rest into others', () => {
    const rows = Array.from({ length: 11 }, (_, i) => ({ group: `g${i}`, value: i + 1 }));
    const result = topGroups(rows, 'others');
    expect(result).toHaveLength(9);
    expect(result[0]).toEqual({ group: 'g10', value: 11 });
    expect(result[7]).toEqual({ group: 'g3', value: 4 });
    expect(result[8]).toEqual({ group: 'others', value: 1 + 2 + 3 });
    const total = result.reduce((sum, row) => sum + row.value, 0);
    expect(total).toBe(rows.reduce((sum, row) => sum + row.value, 0));
  });

  it('adds no others group at exactly the limit', () => {
    const rows = Array.from({ length: 8 }, (_, i) => ({ group: `g${i}`, value: 1 }));
    expect(topGroups(rows, 'others').map((row) => row.group)).not.toContain('others');
  });
});
