import type { ListRowColumns } from '../db/campaignTables';

// Web-to-app (m0018): Turbo Banners and Turbo Scripts (entity configs as JSON text plus the
// columns the lists filter on and the public routes read) and the events their web SDK reports.

export type TurboStatus = 'online' | 'offline';
export type TurboKind = 'banner' | 'script';
export type TurboEventType = 'impression' | 'click' | 'dismiss' | 'rewrite';
export type TurboPlatform = 'ios' | 'android' | 'other';

export interface TurboBannersTable extends ListRowColumns {
  status: TurboStatus;
  /** The 6-character public id of the link the button opens (`links.link_id`). */
  link_id: string;
  /** The link template (`link_templates.id`): the app the banner promotes. */
  template_id: string;
}

export interface TurboScriptsTable extends ListRowColumns {
  status: TurboStatus;
  /** Only links made from this template are rewritten; null = every link of the project. */
  template_id: string | null;
}

export interface TurboEventsTable {
  id: string;
  project_id: string;
  target_kind: TurboKind;
  /** The banner's or script's id. */
  target_id: string;
  /** The SDK's idempotency key, unique per project. */
  event_id: string;
  type: TurboEventType;
  /** Local day number in the project's rollup zone (like `sdk_events.day`). */
  day: number;
  /** When the server received it (ISO UTC). */
  time: string;
  /** From the request's User-Agent. */
  platform: TurboPlatform;
  /** The page's origin and path (no query, no fragment), at most 200 characters. */
  page: string;
  /** Links rewritten (script `rewrite` events); 1 for the others. */
  links: number;
}

declare module '../db/tables' {
  interface Database {
    turbo_banners: TurboBannersTable;
    turbo_scripts: TurboScriptsTable;
    turbo_events: TurboEventsTable;
  }
}
