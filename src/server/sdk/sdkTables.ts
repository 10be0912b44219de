import type { ColumnType, Selectable } from 'kysely';
import type { EventVia } from '../../engine/play/progressSource';

// The SDK tables (migration m0004Sdk), merged into the shared `Database` type. Times are ISO-8601
// UTC text; `day` columns are whole local days since 1970-01-01 in the project's
// `rollup_time_zone` (integers, so day arithmetic is the same SQL on SQLite and PostgreSQL); JSON
// columns are text; booleans 0/1.

export interface SdkEventsTable {
  project_id: string;
  /** The client's event id: unique per project, so retries never count twice. */
  event_id: string;
  name: string;
  category: string;
  device_id: string;
  user_id: string | null;
  platform: string;
  time: string;
  day: number;
  data: string | null;
  link_id: string | null;
  activity_id: string | null;
  source: string | null;
  sdk_version: string | null;
  app_version: string | null;
  os: string | null;
  os_version: string | null;
  country: string | null;
  language: string | null;
  test_device: number;
  received_at: string;
  /**
   * The door it came through: 'sdk' (the access key that ships in apps and pages) or 'server'
   * (signed with the project's API secret). Only server events move progress that demands them.
   */
  via: ColumnType<EventVia, EventVia | undefined, EventVia>;
}

/** Device first-seen (cohort) and latest attributes. */
export interface SdkDevicesTable {
  project_id: string;
  device_id: string;
  first_day: number;
  /** The first day before the last upsert; tells the ingest when a late event moved the cohort. */
  prev_first_day: number | null;
  last_day: number;
  last_time: string;
  platform: string;
  os: string | null;
  app_version: string | null;
  sdk_version: string | null;
  country: string | null;
  language: string | null;
  user_id: string | null;
}

/** One row per device and local day it was active (DAU/WAU/MAU, retention, audience). */
export interface SdkDeviceDaysTable {
  project_id: string;
  device_id: string;
  day: number;
  /** The device's first-seen day (its retention cohort). */
  cohort_day: number;
  /** The device's previous active day within 31 days (m0005); null when none. */
  prev_day: ColumnType<number | null, number | null | undefined, number | null>;
  events: number;
  platform: string;
  os: string | null;
  app_version: string | null;
  country: string | null;
  language: string | null;
}

/**
 * Device-days per local day and gap (days since the device's previous active day, 1..31; 0 = no
 * active day in the 31 days before), m0005: DAU, WAU and MAU come from these few rows.
 */
export interface SdkActiveGapsTable {
  project_id: string;
  day: number;
  gap: number;
  devices: number;
}

/** Events per local day, name and platform. */
export interface SdkEventCountsTable {
  project_id: string;
  day: number;
  name: string;
  platform: string;
  category: string;
  events: number;
  test_events: number;
}

/** SDK versions seen per platform (integration status: latest version, too-low warning). */
export interface SdkVersionsTable {
  project_id: string;
  platform: string;
  sdk_version: string;
  events: number;
  last_time: string;
}

export interface TestDevicesTable {
  id: string;
  project_id: string;
  name: string;
  device_id: string;
  created_at: string;
  updated_at: string;
}

export interface DevConfigsTable {
  project_id: string;
  token_callback_url: string | null;
  /** JSON array of IPv4/IPv6 addresses and CIDR blocks; empty = every address allowed. */
  ip_whitelist: string;
  updated_at: string;
}

export interface ApiRequestLogsTable {
  id: string;
  project_id: string;
  time: string;
  method: string;
  path: string;
  ip: string;
  status: number;
  duration_ms: number;
  request: string | null;
  response: string | null;
  error: string | null;
  headers: string;
}

export interface OverviewsTable {
  id: string;
  project_id: string;
  name: string;
  is_default: number;
  /** JSON `{ widgets, filters }`. */
  config: string;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

declare module '../db/tables' {
  interface ProjectsTable {
    /** When the access key was last rotated (m0004); null = never since creation. */
    access_key_rotated_at: ColumnType<string | null, string | null | undefined, string | null>;
    /** The project's time zone (m0006): an IANA name or `GMT+08:00`; analytics days are its days. */
    time_zone: ColumnType<string, string | undefined, string>;
    /**
     * The zone `sdk_events.day` and the rollups are counted in (m0006): equal to `time_zone` except
     * between a change that could not rebuild them and the rebuild (`rebuildStaleRollups`).
     */
    rollup_time_zone: ColumnType<string, string | undefined, string>;
  }
  interface Database {
    sdk_events: SdkEventsTable;
    sdk_devices: SdkDevicesTable;
    sdk_device_days: SdkDeviceDaysTable;
    sdk_active_gaps: SdkActiveGapsTable;
    sdk_event_counts: SdkEventCountsTable;
    sdk_versions: SdkVersionsTable;
    test_devices: TestDevicesTable;
    dev_configs: DevConfigsTable;
    api_request_logs: ApiRequestLogsTable;
    overviews: OverviewsTable;
  }
}

export type SdkEventRow = Selectable<SdkEventsTable>;
export type OverviewRow = Selectable<OverviewsTable>;
