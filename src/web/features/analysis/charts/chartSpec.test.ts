import { describe, expect, it } from 'vitest';
import { chartSpec, totalsBySeries } from './chartSpec';

const points = [
  { x: '2024-01-01', series: 'ios', value: 1200 },
  { x: '2024-01-02', series: 'ios', value: 800 },
  { x: '2024-01-01', series: 'android', value: 0 },
];

describe('chartSpec', () => {
  it('draws lines and dodged columns per series', () => {
    const dense = [...points, { x: '2024-01-02', series: 'android', value: 3 }];
    const line = chartSpec('line', dense) as { type: string; encode: unknown; legend: unknown };
    expect(line.type).toBe('line');
    expect(line.encode).toEqual({ x: 'x', y: 'value', color: 'series' });
    expect(line.legend).not.toBe(false);
    // A series on one day only (android here) has no line to draw: it shows as a point.
    const sparse = chartSpec('line', points) as { type: string; children: unknown };
    expect(sparse.type).toBe('view');
    expect(sparse.children).toMatchObject([
      { type: 'line' },
      { type: 'point', data: [{ series: 'android', value: 0 }] },
    ]);
    const column = chartSpec('column', points) as { type: string; transform: unknown };
    expect(column.type).toBe('interval');
    expect(column.transform).toEqual([{ type: 'dodgeX' }]);
  });

  it('hides the legend of a single series', () => {
    const spec = chartSpec('line', points.slice(0, 2)) as { legend: unknown; transform?: unknown };
    expect(spec.legend).toBe(false);
    expect((chartSpec('column', points.slice(0, 2)) as { transform: unknown }).transform).toEqual([]);
  });

  it('shows a pie of totals per series without empty slices', () => {
    const pie = chartSpec('pie', points) as { data: unknown; coordinate: { type: string } };
    expect(pie.coordinate.type).toBe('theta');
    expect(pie.data).toEqual([{ series: 'ios', value: 2000 }]);
  });

  it('formats the value axis with thousands separators', () => {
    const spec = chartSpec('line', points) as { axis: { y: { labelFormatter(v: number): string } } };
    expect(spec.axis.y.labelFormatter(1234567)).toBe('1,234,567');
  });

  it('takes another value format (e.g. percentages)', () => {
    const spec = chartSpec('column', points, (v) => `${v}%`) as {
      axis: { y: { labelFormatter(v: number): string } };
    };
    expect(spec.axis.y.labelFormatter(12.5)).toBe('12.5%');
  });
});

describe('totalsBySeries', () => {
  it('sums each series', () => {
    expect(totalsBySeries(points)).toEqual([
      { series: 'ios', value: 2000 },
      { series: 'android', value: 0 },
    ]);
  });
});
