import { countKeys, type CountKey, type SeriesPoint } from './analyticsTypes';
import type { TrendLine } from './TrendChart';

/** One trend line per counted outcome (clicks, installs, opens, registrations) of a series. */
export function countTrendLines(
  series: readonly SeriesPoint[],
  nameOf: (key: CountKey) => string,
): TrendLine[] {
  return countKeys.map((key) => ({
    name: nameOf(key),
    points: series.map((point) => ({ time: point.time, value: point[key] })),
  }));
}
