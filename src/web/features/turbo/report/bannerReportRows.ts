import { bannerCountKeys, type BannerCounts, type BannerReport } from '../turboTypes';

/** Clicks per impression (0..1), or null when nothing was shown: a rate of nothing is no rate. */
export function clickRate(counts: BannerCounts): number | null {
  return counts.impressions > 0 ? counts.clicks / counts.impressions : null;
}

/** A click rate as a percentage with up to two decimals ("12.5%"), "-" when there is none. */
export function formatRate(rate: number | null): string {
  if (rate === null || !Number.isFinite(rate)) return '-';
  return `${Number((rate * 100).toFixed(2))}%`;
}

/** Whether a report holds any event at all (else the page says there is no data yet). */
export function hasBannerData(report: BannerReport | undefined): boolean {
  return Boolean(report && bannerCountKeys.some((key) => report.totals[key] > 0));
}

/** The daily series as one chart line per count, named by `name`. */
export function bannerTrendLines(
  series: BannerReport['series'],
  name: (key: (typeof bannerCountKeys)[number]) => string,
) {
  return bannerCountKeys.map((key) => ({
    name: name(key),
    points: series.map((point) => ({ time: point.date, value: point[key] })),
  }));
}
