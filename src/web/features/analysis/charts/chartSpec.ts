import type { G2Spec } from '@antv/g2';
import { formatNumber } from '../../../charts/formatNumber';
import { lineSpec } from '../../../charts/lineSpec';
import type { SeriesPoint } from './foldSeries';

/** Chart kinds of an overview widget; `number` is a plain total, not a G2 chart. */
export const chartTypes = ['line', 'column', 'pie', 'number'] as const;
export type ChartType = (typeof chartTypes)[number];

const legend = { color: { position: 'top', layout: { justifyContent: 'center' } } };

/** Sums points by series (a pie shows one slice per series over the whole range). */
export function totalsBySeries(points: SeriesPoint[]): Array<{ series: string; value: number }> {
  const totals = new Map<string, number>();
  for (const point of points) totals.set(point.series, (totals.get(point.series) ?? 0) + point.value);
  return [...totals].map(([series, value]) => ({ series, value }));
}

/**
 * The G2 v5 spec of a line, column or pie chart over already folded points (top 8 + others).
 * Values carry thousands separators on axes, labels and tooltips.
 */
export function chartSpec(
  type: Exclude<ChartType, 'number'>,
  points: SeriesPoint[],
  format: (value: number) => string = formatNumber,
): G2Spec {
  // Counts have no fractional ticks ("0.5 devices"); other formats (rates) keep theirs.
  const valueAxis = {
    title: false,
    labelFormatter: (value: number) => format(value),
    ...(format === formatNumber ? { tickFilter: (value: number) => Number.isInteger(value) } : {}),
  };
  const tooltip = { items: [{ channel: 'y', valueFormatter: (value: number) => format(value) }] };
  const several = new Set(points.map((point) => point.series)).size > 1;
  if (type === 'pie') {
    const data = totalsBySeries(points).filter((row) => row.value > 0);
    const total = data.reduce((sum, row) => sum + row.value, 0);
    return {
      type: 'interval',
      data,
      encode: { y: 'value', color: 'series' },
      transform: [{ type: 'stackY' }],
      coordinate: { type: 'theta', outerRadius: 0.8, innerRadius: 0.5 },
      legend,
      labels: [
        {
          text: (row: { value: number }) => `${Math.round((row.value / total) * 1000) / 10}%`,
          position: 'outside',
        },
      ],
      tooltip: {
        items: [{ field: 'value', name: 'series', valueFormatter: (value: number) => format(value) }],
      },
    } as G2Spec;
  }
  const data = points.map((point) => ({ ...point, x: point.x.replace('T', ' ') }));
  if (type === 'line')
    return lineSpec({
      data,
      encode: { x: 'x', y: 'value', color: 'series' },
      // Counts and rates read from zero, so a small change does not look like a collapse.
      scale: { y: { zero: true } },
      style: { lineWidth: 2 },
      axis: { x: { title: false, labelAutoHide: true }, y: valueAxis },
      legend: several ? legend : false,
      tooltip,
    });
  return {
    type: 'interval',
    data,
    encode: { x: 'x', y: 'value', color: 'series' },
    transform: several ? [{ type: 'dodgeX' }] : [],
    axis: { x: { title: false, labelAutoHide: true }, y: valueAxis },
    legend: several ? legend : false,
    tooltip,
  } as G2Spec;
}
