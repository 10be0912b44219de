import type { ColumnType, Selectable } from 'kysely';

// The deep-link tables (migration m0003Links), merged into the shared `Database` type so every
// Kysely query sees them. Times are ISO-8601 UTC text, JSON columns are text, booleans 0/1.

export interface LinkTemplatesTable {
  id: string;
  project_id: string;
  name: string;
  config: string;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

export interface LinksTable {
  id: string;
  project_id: string;
  /** The 6-character public id, case-sensitive, unique per project. */
  link_id: string;
  name: string;
  template_id: string;
  redirect_mode: string;
  config: string;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

export interface TagsTable {
  id: string;
  project_id: string;
  name: string;
  created_at: string;
}

export interface LinkTagsTable {
  link_id: string;
  tag_id: string;
}

export interface EventsTable {
  id: string;
  project_id: string;
  key: string;
  name: string;
  config: string;
  created_at: string;
  updated_at: string;
}

export interface RedirectSettingsTable {
  project_id: string;
  default_url: string | null;
  android_url: string | null;
  ios_url: string | null;
  windows_url: string | null;
  updated_at: string;
}

export interface DownloadPagesTable {
  id: string;
  project_id: string;
  name: string;
  config: string;
  created_at: string;
  updated_at: string;
}

export interface ClicksTable {
  id: string;
  project_id: string;
  link_id: string;
  created_at: string;
  platform: string;
  os: string | null;
  os_version: string | null;
  brand: string | null;
  model: string | null;
  browser: string | null;
  is_bot: number;
  country: string | null;
  referrer: string | null;
  channel: string;
  ip_hash: string | null;
  fingerprint: string | null;
  user_agent: string | null;
  params: string | null;
  outcome: string;
}

export interface AttributionsTable {
  id: string;
  project_id: string;
  link_id: string | null;
  click_id: string | null;
  type: string;
  matched: number;
  device_id: string;
  platform: string;
  os: string | null;
  os_version: string | null;
  model: string | null;
  ip_hash: string | null;
  channel: string | null;
  user_agent: string | null;
  created_at: string;
}

/**
 * Per link, UTC quarter hour and dimension, the counts the link report shows (m0024): kept by the
 * click writers and attribution in the transactions that insert the rows they count.
 */
export interface LinkRollupsTable {
  link_id: string;
  /** `all`, `platform`, `channel` or `source`. */
  dim: string;
  /** UTC quarter hour: ms since the epoch / 900 000. */
  slot: number;
  /** The platform, channel or source (`''` for `all`). */
  dim_value: string;
  /** Human clicks. */
  clicks: number;
  /** Robots' hits (on `all` rows only). */
  bots: number;
  installs: number;
  opens: number;
  registrations: number;
}

export interface CallbackDeliveriesTable {
  id: string;
  project_id: string;
  attribution_id: string;
  event: string;
  url: string;
  status: string;
  http_status: number | null;
  error: string | null;
  created_at: string;
  finished_at: string | null;
}

declare module '../db/tables' {
  interface ProjectsTable {
    /** SDK access key (m0003); optional on insert, filled on first read when missing. */
    access_key: ColumnType<string | null, string | null | undefined, string | null>;
  }
  interface Database {
    link_templates: LinkTemplatesTable;
    links: LinksTable;
    tags: TagsTable;
    link_tags: LinkTagsTable;
    events: EventsTable;
    redirect_settings: RedirectSettingsTable;
    download_pages: DownloadPagesTable;
    clicks: ClicksTable;
    attributions: AttributionsTable;
    callback_deliveries: CallbackDeliveriesTable;
    link_rollups: LinkRollupsTable;
  }
}

export type LinkTemplateRow = Selectable<LinkTemplatesTable>;
export type LinkRow = Selectable<LinksTable>;
export type ClickRow = Selectable<ClicksTable>;
