import { describe, expect, it } from 'vitest';
import { foldSeries } from './foldSeries';

describe('foldSeries', () => {
  it('leaves up to 8 series alone', () => {
    const points = Array.from({ length: 8 }, (_, i) => ({ x: 'd1', series: `s${i}`, value: i }));
    expect(foldSeries(points, 'others')).toEqual(points);
  });

  it('folds series beyond the top 8 into others per x, keeping totals', () => {
    const points = ['d1', 'd2'].flatMap((x) =>
      Array.from({ length: 10 }, (_, i) => ({ x, series: `s${i}`, value: i + 1 })),
    );
    const folded = foldSeries(points, 'others');
    const series = new Set(folded.map((point) => point.series));
    expect(series.size).toBe(9);
    expect(series.has('s0')).toBe(false);
    expect(series.has('s1')).toBe(false);
    expect(folded.filter((point) => point.series === 'others')).toEqual([
      { x: 'd1', series: 'others', value: 3 },
      { x: 'd2', series: 'others', value: 3 },
    ]);
    const sum = (rows: typeof points) => rows.reduce((total, point) => total + point.value, 0);
    expect(sum(folded)).toBe(sum(points));
  });

  it('merges an others series the server sent with what it folds itself', () => {
    const points = [
      ...Array.from({ length: 8 }, (_, i) => ({ x: 'd1', series: `s${i}`, value: 10 + i })),
      { x: 'd1', series: 'others', value: 4 },
      { x: 'd1', series: 's8', value: 1 },
    ];
    const folded = foldSeries(points, 'others');
    expect(folded.filter((point) => point.series === 'others')).toEqual([
      { x: 'd1', series: 'others', value: 5 },
    ]);
    expect(new Set(folded.map((point) => point.series)).size).toBe(9);
  });
});
