import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import type { DateRange } from '../links/dateRange';
import type { SdkEventRow } from '../sdk/sdkTables';

/** An event row as the API shows it. */
function eventLogView(r: SdkEventRow) {
  return {
    eventId: r.event_id,
    activityId: r.activity_id,
    time: r.time,
    receivedAt: r.received_at,
    deviceId: r.device_id,
    data: r.data === null ? null : (JSON.parse(r.data) as Record<string, unknown>),
    name: r.name,
    category: r.category,
    linkId: r.link_id,
    platform: r.platform,
    source: r.source,
    userId: r.user_id,
    testDevice: Number(r.test_device) === 1,
    sdkVersion: r.sdk_version,
    appVersion: r.app_version,
    os: r.os,
    osVersion: r.os_version,
    country: r.country,
  };
}

/** What the event logs can be narrowed to; `limit` is the latest N. */
export interface EventLogFilter {
  category?: 'standard' | 'custom';
  name?: string;
  deviceId?: string;
  testOnly?: boolean;
  limit: number;
}

/** The latest `limit` events of the range (by event time), newest first, narrowed by the filter. */
export async function latestEvents(
  db: Kysely<Database>,
  projectId: string,
  range: DateRange,
  filter: EventLogFilter,
): Promise<ReturnType<typeof eventLogView>[]> {
  let query = db
    .selectFrom('sdk_events')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('time', '>=', range.startIso)
    .where('time', '<', range.endIso);
  if (filter.category) query = query.where('category', '=', filter.category);
  if (filter.name?.trim()) query = query.where('name', '=', filter.name.trim());
  if (filter.deviceId?.trim()) query = query.where('device_id', '=', filter.deviceId.trim());
  if (filter.testOnly) query = query.where('test_device', '=', 1);
  const rows = await query.orderBy('time', 'desc').orderBy('event_id').limit(filter.limit).execute();
  return rows.map(eventLogView);
}
