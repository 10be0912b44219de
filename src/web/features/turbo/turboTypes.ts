// Answer shapes of the Turbo API (the console routes of src/server/turbo, docs/web-to-app.md).
// Rows carry the saved entity config as `config` (schemas/entities/turbo-banner, turbo-script);
// editors send it back.

/** Online banners and scripts are served to web pages; offline ones answer 404. */
export type TurboStatus = 'online' | 'offline';

export const turboStatuses: readonly TurboStatus[] = ['online', 'offline'];

export type BannerPosition = 'top' | 'bottom';

/** One row of `GET /api/turbo-banners`. */
export interface TurboBannerRow {
  id: string;
  name: string;
  status: TurboStatus;
  position: BannerPosition;
  /** The 6-character id of the link the button opens. */
  linkId: string;
  /** The link's full URL; null when the link is gone. */
  linkUrl: string | null;
  templateId: string;
  languages: string[];
  config: Record<string, unknown>;
  createdAt: string;
  updatedAt: string;
}

/** One row of `GET /api/turbo-scripts`. */
export interface TurboScriptRow {
  id: string;
  name: string;
  status: TurboStatus;
  /** null = the script rewrites every link of the project's hosts. */
  templateId: string | null;
  config: Record<string, unknown>;
  createdAt: string;
  updatedAt: string;
}

/** Either kind of row, for what the two lists share. */
export type TurboRow = TurboBannerRow | TurboScriptRow;

/** What a banner's report counts. */
export const bannerCountKeys = ['impressions', 'clicks', 'dismissals'] as const;
export type BannerCountKey = (typeof bannerCountKeys)[number];
export type BannerCounts = Record<BannerCountKey, number>;

/** `GET /api/turbo-banners/:id/report?from=&to=`: days of the project's time zone. */
export interface BannerReport {
  from: string;
  to: string;
  tz: string;
  totals: BannerCounts;
  series: Array<{ date: string } & BannerCounts>;
  byPlatform: Array<{ platform: 'ios' | 'android' | 'other' } & BannerCounts>;
  /** Top 20 pages (origin + path) by impressions. */
  byPage: Array<{ page: string } & BannerCounts>;
}
