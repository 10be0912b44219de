// Answer shapes of the report calls (docs/deep-links.md).

/** The four counted outcomes of a link, in the order reports show them. */
export const countKeys = ['clicks', 'installs', 'opens', 'registrations'] as const;
export type CountKey = (typeof countKeys)[number];
export type Counts = Record<CountKey, number>;

/** A point of a time series: `time` is `YYYY-MM-DD` (days) or `YYYY-MM-DDTHH` (hours). */
export type SeriesPoint = { time: string } & Counts;

export type Granularity = 'day' | 'hour';

export interface LinkReport {
  from: string;
  to: string;
  granularity: Granularity;
  totals: Counts;
  series: SeriesPoint[];
  byPlatform: Array<{ platform: string } & Counts>;
  byChannel: Array<{ channel: string } & Counts>;
}

export interface ChannelAnalytics {
  from: string;
  to: string;
  items: Array<{ channel: string } & Counts>;
  series: SeriesPoint[];
}

export const eventTypes = ['click', 'install', 'open', 'register'] as const;
export type EventType = (typeof eventTypes)[number];

export interface EventStatistics {
  from: string;
  to: string;
  items: Array<{ event: EventType; total: number; series: Array<{ time: string; count: number }> }>;
}

/** One row of a link's event table (`GET /api/links/:id/clicks`). */
export interface ClickRow {
  id: string;
  type: EventType;
  time: string;
  platform: string | null;
  os: string | null;
  osVersion: string | null;
  brand: string | null;
  model: string | null;
  browser: string | null;
  country: string | null;
  referrer: string | null;
  channel: string | null;
  outcome: string | null;
  userAgent: string | null;
  deviceId: string | null;
  params: Record<string, unknown> | null;
}

/** Whether a set of counts holds anything at all. */
export function hasCounts(counts: Counts | undefined): boolean {
  return Boolean(counts && countKeys.some((key) => counts[key] > 0));
}
