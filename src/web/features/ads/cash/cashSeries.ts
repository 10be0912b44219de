import type { CashOverview } from '../adsTypes';

export const cashSeriesKeys = ['creditedMicros', 'withdrawnMicros'] as const;
export type CashSeriesKey = (typeof cashSeriesKeys)[number];

/** One point of the cash chart: a day, which line, its amount in micros. */
export interface CashPoint {
  date: string;
  name: string;
  value: number;
}

/** The daily series as chart points, one line per amount named by `name`, days in order. */
export function cashPoints(
  series: CashOverview['series'],
  name: (key: CashSeriesKey) => string,
): CashPoint[] {
  const names = cashSeriesKeys.map((key) => [key, name(key)] as const);
  return series.flatMap((point) =>
    names.map(([key, label]) => ({ date: point.date, name: label, value: point[key] })),
  );
}

/** Whether anything was credited or withdrawn on any day of the range (else the chart says so). */
export function hasCashMovement(series: CashOverview['series']): boolean {
  return series.some((point) => point.creditedMicros !== 0 || point.withdrawnMicros !== 0);
}
