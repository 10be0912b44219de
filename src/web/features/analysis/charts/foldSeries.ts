import { TOP_GROUPS, topGroups } from '../../../charts/topGroups';

/** One value of a chart: a point `x` (day or group) of one `series`. */
export interface SeriesPoint {
  x: string;
  series: string;
  value: number;
}

/**
 * Keeps the `limit` series with the largest totals and sums every other series, and any series
 * already named `othersLabel` (the server folds to its top 8 too), into one `othersLabel` series
 * per x (charts show the top 8 groups), so totals stay right. Order of x is kept.
 */
export function foldSeries(points: SeriesPoint[], othersLabel: string, limit = TOP_GROUPS): SeriesPoint[] {
  const named = points.filter((point) => point.series !== othersLabel);
  const totals = topGroups(
    named.map((point) => ({ group: point.series, value: point.value })),
    othersLabel,
    limit,
  );
  const kept = new Set(totals.slice(0, limit).map((row) => row.group));
  if (named.length === points.length && kept.size === new Set(named.map((point) => point.series)).size)
    return points;
  const folded: SeriesPoint[] = [];
  const others = new Map<string, SeriesPoint>();
  for (const point of points) {
    if (kept.has(point.series)) {
      folded.push(point);
      continue;
    }
    const existing = others.get(point.x);
    if (existing) existing.value += point.value;
    else {
      const row = { x: point.x, series: othersLabel, value: point.value };
      others.set(point.x, row);
      folded.push(row);
    }
  }
  return folded;
}
