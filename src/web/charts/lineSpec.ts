import type { G2Spec } from '@antv/g2';

/** A line chart as the console's charts describe it: one G2 line mark over its rows. */
export interface LineChartOptions<Row extends object> {
  data: Row[];
  encode: { x: keyof Row & string; y: keyof Row & string; color?: keyof Row & string };
  /** The line's own style and tooltip; every other option (scale, axis, legend) is the chart's. */
  style?: Record<string, unknown>;
  tooltip?: unknown;
  [option: string]: unknown;
}

/** Drawn for a series too short for a line. */
const POINT = { shape: 'point', size: 4 };

/**
 * The G2 spec of a line chart that shows every series, however short. G2 draws a line between a
 * series' points, so a series with one x value (a report of a single day) drew nothing at all.
 * Such series are drawn as points: alone when no series has two x values, otherwise over the
 * lines of the others.
 */
export function lineSpec<Row extends object>({ style, tooltip, ...chart }: LineChartOptions<Row>): G2Spec {
  const { data, encode } = chart;
  const seriesOf = (row: Row) => (encode.color ? row[encode.color] : '');
  const xs = new Map<unknown, Set<unknown>>();
  for (const row of data) {
    const series = seriesOf(row);
    const seen = xs.get(series) ?? new Set();
    seen.add(row[encode.x]);
    xs.set(series, seen);
  }
  const short = new Set([...xs].filter(([, seen]) => seen.size < 2).map(([series]) => series));
  const shown = tooltip === undefined ? {} : { tooltip };
  const line = { type: 'line', ...(style ? { style } : {}), ...shown };
  if (short.size === 0) return { ...chart, ...line } as G2Spec;
  if (short.size === xs.size)
    return { ...chart, type: 'point', encode: { ...encode, ...POINT }, ...shown } as G2Spec;
  return {
    ...chart,
    type: 'view',
    children: [
      line,
      // The line's tooltip already names these series.
      { type: 'point', data: data.filter((row) => short.has(seriesOf(row))), encode: POINT, tooltip: false },
    ],
  } as G2Spec;
}
