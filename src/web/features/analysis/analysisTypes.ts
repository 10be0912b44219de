// Answer shapes of the analysis API (docs/sdk-and-analytics.md; the TypeBox schemas of
// src/server/insights/insightsSchemas.ts and overviewSchemas.ts). Days are local days of the
// project's time zone, named by `tz`.

/** The key the server gives the group that sums everything past the top 8. */
export const OTHER_KEY = '__other__';
/** The key of devices that never reported the attribute. */
export const UNKNOWN_KEY = '__unknown__';

/** Analysis ranges reach back at most this many days (the server refuses longer ones). */
export const MAX_ANALYSIS_DAYS = 92;

interface RangeAnswer {
  from: string;
  to: string;
  /** The zone the days are counted in: the project's (IANA name or `GMT+08:00`). */
  tz: string;
}

/** `GET /api/analytics/active`: DAU, WAU (7 days ending that day), MAU (30 days) per day. */
export interface ActiveAnswer extends RangeAnswer {
  items: Array<{ date: string; dau: number; wau: number; mau: number }>;
}

/** `GET /api/analytics/retention`: day-N retention of first-seen cohorts. */
export interface RetentionAnswer extends RangeAnswer {
  days: number;
  cohorts: Array<{
    date: string;
    size: number;
    /** Index N = 0..days; null where day N is still ahead. */
    retained: Array<number | null>;
    rates: Array<number | null>;
  }>;
}

export const audienceDimensions = ['platform', 'os', 'country', 'appVersion', 'language'] as const;
export type AudienceDimension = (typeof audienceDimensions)[number];

/** `GET /api/analytics/audience`: active devices by one attribute, top 8 + other. */
export interface AudienceAnswer extends RangeAnswer {
  by: AudienceDimension;
  total: number;
  items: Array<{ key: string; devices: number; share: number }>;
}

/** `GET /api/analytics/sdk-events`: events per day by name or platform, top 8 + other. */
export interface SdkEventsAnswer extends RangeAnswer {
  groupBy: 'name' | 'platform';
  total: number;
  groups: Array<{ key: string; count: number }>;
  series: Array<{ date: string; key: string; count: number }>;
}

/** `GET /api/analytics/summary`: headline figures of a range. */
export interface SummaryAnswer extends RangeAnswer {
  activeDevices: number;
  newDevices: number;
  events: number;
}

/** The date presets as the server stores them in dashboard filters. */
export const serverPresets = [
  'today',
  'yesterday',
  'last3',
  'last7',
  'last14',
  'last30',
  'last90',
  'thisMonth',
  'lastMonth',
] as const;
export type ServerPreset = (typeof serverPresets)[number];

export const platforms = ['ios', 'android', 'web'] as const;
export type Platform = (typeof platforms)[number];

export interface OverviewFilters {
  preset?: ServerPreset;
  platforms?: Platform[];
  /** Event names (events widgets). */
  names?: string[];
}

export const widgetMetrics = [
  'activeUsers',
  'newUsers',
  'events',
  'retention',
  'audience',
  'summary',
] as const;
export type WidgetMetric = (typeof widgetMetrics)[number];

export const widgetCharts = ['line', 'column', 'pie', 'table', 'number'] as const;
export type WidgetChart = (typeof widgetCharts)[number];

export const widgetGroups = ['name', 'platform', 'os', 'country', 'appVersion', 'language'] as const;
export type WidgetGroup = (typeof widgetGroups)[number];

export interface Widget {
  id?: string;
  title?: string;
  metric: WidgetMetric;
  chart: WidgetChart;
  groupBy?: WidgetGroup;
  filters?: OverviewFilters;
}

/** A dashboard (`/api/overviews`). */
export interface Overview {
  id: string;
  name: string;
  isDefault: boolean;
  widgets: Widget[];
  filters: OverviewFilters;
  createdAt: string;
  updatedAt: string;
}

/** The body of `POST /api/overviews` and `PUT /api/overviews/:id`. */
export interface OverviewBody {
  name: string;
  isDefault?: boolean;
  widgets: Widget[];
  filters?: OverviewFilters;
}
