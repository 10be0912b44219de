import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import { templateSettings } from '../links/templateSettings';
import { localDayNumber } from '../../engine/rules/timeZone';
import { isSdkTooLow, minSdkVersion } from './sdkVersion';
import { STANDARD_EVENTS } from './sdkEventSchema';
import { callOutcome, readStoredProblem } from './callProblem';

export type SdkStatus = 'notIntegrated' | 'partial' | 'inProgress' | 'complete' | 'noData' | 'failed';

/** Days without any event after which an integrated project shows `noData`. */
export const NO_DATA_DAYS = 7;

/** Events an app platform must have reported for `complete`; web needs `open` or `page_view`. */
const REQUIRED: Record<string, string[][]> = {
  android: [['install'], ['open', 'launch']],
  ios: [['install'], ['open', 'launch']],
  web: [['open', 'page_view']],
};

/** Everything the status is computed from, read in one go. */
async function readIntegrationRecords(db: Kysely<Database>, projectId: string) {
  const [templates, linkCount, counts, attributions, versions, testDevices, launches, lastRequest] =
    await Promise.all([
      db.selectFrom('link_templates').select(['config']).where('project_id', '=', projectId).execute(),
      db
        .selectFrom('links')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('project_id', '=', projectId)
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('sdk_event_counts')
        .select([
          'name',
          'platform',
          'category',
          (eb) => eb.fn.sum<number>('events').as('events'),
          (eb) => eb.fn.sum<number>('test_events').as('test'),
          (eb) => eb.fn.max('day').as('last'),
        ])
        .where('project_id', '=', projectId)
        .groupBy(['name', 'platform', 'category'])
        .execute(),
      db
        .selectFrom('attributions')
        .select([
          'type',
          'platform',
          (eb) => eb.fn.countAll().as('n'),
          (eb) => eb.fn.max('created_at').as('last'),
        ])
        .where('project_id', '=', projectId)
        .groupBy(['type', 'platform'])
        .execute(),
      db
        .selectFrom('sdk_versions')
        .selectAll()
        .where('project_id', '=', projectId)
        .orderBy('last_time', 'desc')
        .execute(),
      db
        .selectFrom('test_devices')
        .selectAll()
        .where('project_id', '=', projectId)
        .orderBy('created_at', 'desc')
        .execute(),
      db
        .selectFrom('sdk_events')
        .select([
          'event_id',
          'name',
          'device_id',
          'platform',
          'time',
          'sdk_version',
          'app_version',
          'test_device',
          'link_id',
        ])
        .where('project_id', '=', projectId)
        .where('name', 'in', ['install', 'open', 'launch'])
        .orderBy('time', 'desc')
        .limit(20)
        .execute(),
      db
        .selectFrom('api_request_logs')
        .select(['time', 'path', 'status', 'error'])
        .where('project_id', '=', projectId)
        .orderBy('time', 'desc')
        .limit(1)
        .executeTakeFirst(),
    ]);
  return { templates, linkCount, counts, attributions, versions, testDevices, launches, lastRequest };
}

/** App and deep-link configuration, from the link templates' settings. */
function configuration(templates: { config: string }[], links: number) {
  const settings = templates.map((t) => templateSettings(JSON.parse(t.config) as unknown));
  const appConfig = {
    templates: templates.length,
    android: {
      configured: settings.some((s) => s.packageNames.length > 0),
      packageNames: [...new Set(settings.flatMap((s) => s.packageNames))],
    },
    ios: {
      configured: settings.some((s) => Boolean(s.bundleId || s.appStoreUrl)),
      bundleIds: [...new Set(settings.flatMap((s) => (s.bundleId ? [s.bundleId] : [])))],
    },
    web: { configured: settings.some((s) => Boolean(s.h5Homepage || s.pcHomepage)) },
  };
  const deepLinkConfig = {
    links,
    universalLinks: settings.some((s) => Boolean(s.teamId && s.bundleId)),
    appLinks: settings.some((s) => s.packageNames.length > 0 && s.sha256.length > 0),
    uriSchemes: settings.some((s) => s.androidSchemes.length > 0 || Boolean(s.iosScheme)),
  };
  return { appConfig, deepLinkConfig };
}

/** What was received of one integration event (custom events are keyed `custom:<name>`). */
export interface SeenEvent {
  count: number;
  test: number;
  lastDay: number | null;
  platforms: Set<string>;
}

/** Daily SDK event counts summed per name, platform and category (`last` = the last day). */
export interface EventCountSum {
  name: string;
  platform: string;
  category: string;
  events: unknown;
  test: unknown;
  last: unknown;
}

/** Attribution reports per type and platform (`last` = the newest report's time). */
export interface AttributionSum {
  type: string;
  platform: string;
  n: unknown;
  last: unknown;
}

/**
 * The integration events received: SDK events plus attribution reports (install, open,
 * register), per event name and per platform, and how many custom events came. Attribution
 * reports are put on the local day of `zone`.
 */
export function tallyIntegrationEvents(
  counts: EventCountSum[],
  attributions: AttributionSum[],
  zone: string,
) {
  const seen = new Map<string, SeenEvent>();
  const platforms = new Map<string, { events: number; names: Set<string> }>();
  const mark = (name: string, platform: string, count: number, test: number, lastDay: number | null) => {
    const s = seen.get(name) ?? { count: 0, test: 0, lastDay: null, platforms: new Set<string>() };
    s.count += count;
    s.test += test;
    s.lastDay = lastDay === null ? s.lastDay : Math.max(s.lastDay ?? lastDay, lastDay);
    s.platforms.add(platform);
    seen.set(name, s);
    const p = platforms.get(platform) ?? { events: 0, names: new Set<string>() };
    p.events += count;
    p.names.add(name);
    platforms.set(platform, p);
  };
  let customEvents = 0;
  for (const c of counts) {
    const events = Number(c.events);
    if (c.category === 'custom') customEvents += events;
    mark(
      c.category === 'custom' ? `custom:${c.name}` : c.name,
      c.platform,
      events,
      Number(c.test),
      Number(c.last),
    );
  }
  for (const a of attributions)
    mark(a.type, a.platform, Number(a.n), 0, localDayNumber(Date.parse(String(a.last)), zone));
  return { seen, platforms, customEvents };
}

/** The SDK versions seen, the latest first, each said too low or not for its platform. */
function sdkVersions(
  versions: { platform: string; sdk_version: string; events: unknown; last_time: string }[],
) {
  const latest = versions[0];
  return {
    minVersion: minSdkVersion(latest?.platform),
    latestVersion: latest?.sdk_version ?? null,
    latestPlatform: latest?.platform ?? null,
    tooLow: isSdkTooLow(latest?.sdk_version, latest?.platform),
    versions: versions.map((v) => ({
      platform: v.platform,
      version: v.sdk_version,
      events: Number(v.events),
      lastSeenAt: v.last_time,
      tooLow: isSdkTooLow(v.sdk_version, v.platform),
    })),
  };
}

/** Per platform the events received and the required events still missing (`missing:<platform>:<event>`). */
export function platformProgress(platforms: Map<string, { events: number; names: Set<string> }>) {
  const reasons: string[] = [];
  const rows = [...platforms].map(([platform, p]) => {
    const missing = (REQUIRED[platform] ?? [])
      .filter((any) => !any.some((n) => p.names.has(n)))
      .map((any) => any[0]);
    for (const m of missing) reasons.push(`missing:${platform}:${m}`);
    return { platform, events: p.events, missing };
  });
  return { rows, reasons };
}

/**
 * The status, first rule that holds: the last SDK call failed; nothing received; nothing for
 * NO_DATA_DAYS days; only test events; something missing (`reasons`); else complete.
 */
export function integrationStatusOf(facts: {
  lastFailed: boolean;
  totalEvents: number;
  testEvents: number;
  lastDay: number | null;
  today: number;
  reasons: string[];
}): SdkStatus {
  if (facts.lastFailed) return 'failed';
  if (facts.totalEvents === 0) return 'notIntegrated';
  if (facts.lastDay !== null && facts.lastDay < facts.today - NO_DATA_DAYS) return 'noData';
  if (facts.testEvents === facts.totalEvents) return 'inProgress';
  if (facts.reasons.length > 0) return 'partial';
  return 'complete';
}

/** When each test device last sent an event. */
async function testDevicesLastSeen(db: Kysely<Database>, projectId: string, deviceIds: string[]) {
  if (deviceIds.length === 0) return new Map<string, string>();
  const rows = await db
    .selectFrom('sdk_devices')
    .select(['device_id', 'last_time'])
    .where('project_id', '=', projectId)
    .where('device_id', 'in', deviceIds)
    .execute();
  return new Map(rows.map((r) => [r.device_id, r.last_time]));
}

/** The standard events, each with what was received of it. */
function standardEvents(seen: Map<string, SeenEvent>) {
  return STANDARD_EVENTS.map((name) => ({
    name,
    category: 'standard' as const,
    seen: seen.has(name),
    count: seen.get(name)?.count ?? 0,
    lastDate:
      seen.get(name)?.lastDay != null
        ? new Date((seen.get(name)?.lastDay as number) * 86_400_000).toISOString().slice(0, 10)
        : null,
    platforms: [...(seen.get(name)?.platforms ?? [])].sort(),
  }));
}

/**
 * The integration progress of a project, computed from what was actually received (raw rules in
 * docs/sdk-and-analytics.md, "Integration status"): app and deep-link configuration from the link
 * templates, integration events from the daily counts and attributions, test devices, launch
 * records, SDK versions and the last SDK call. Days (`lastDate`, "nothing for 7 days") are local
 * days of `zone`, the zone the project's daily counts are kept in.
 */
export async function integrationStatus(db: Kysely<Database>, projectId: string, now: Date, zone = 'UTC') {
  const today = localDayNumber(now.getTime(), zone);
  const records = await readIntegrationRecords(db, projectId);
  const { templates, linkCount, counts, attributions, versions, testDevices, launches, lastRequest } =
    records;
  const { appConfig, deepLinkConfig } = configuration(templates, Number(linkCount.n));
  const { seen, platforms, customEvents } = tallyIntegrationEvents(counts, attributions, zone);

  const totalEvents = [...seen.values()].reduce((sum, s) => sum + s.count, 0);
  const testEvents = [...seen.values()].reduce((sum, s) => sum + s.test, 0);
  const lastDay = [...seen.values()].reduce<number | null>(
    (max, s) => (s.lastDay === null ? max : Math.max(max ?? s.lastDay, s.lastDay)),
    null,
  );
  const sdk = sdkVersions(versions);
  const progress = platformProgress(platforms);
  const reasons = progress.reasons;
  if (sdk.tooLow) reasons.push('sdkVersionTooLow');

  // A batch stored except for some refused events is a warning (lastRequest.outcome), not a failure.
  const lastOutcome = lastRequest ? callOutcome(Number(lastRequest.status), lastRequest.error) : 'ok';
  const status = integrationStatusOf({
    lastFailed: lastOutcome === 'error',
    totalEvents,
    testEvents,
    lastDay,
    today,
    reasons,
  });
  const lastSeen = await testDevicesLastSeen(
    db,
    projectId,
    testDevices.map((d) => d.device_id),
  );

  return {
    status,
    reasons,
    appConfig,
    deepLinkConfig,
    events: standardEvents(seen),
    customEvents,
    platforms: progress.rows,
    testDevices: testDevices.map((d) => ({
      id: d.id,
      name: d.name,
      deviceId: d.device_id,
      lastSeenAt: lastSeen.get(d.device_id) ?? null,
    })),
    launchRecords: launches.map((l) => ({
      eventId: l.event_id,
      name: l.name,
      deviceId: l.device_id,
      platform: l.platform,
      time: l.time,
      sdkVersion: l.sdk_version,
      appVersion: l.app_version,
      linkId: l.link_id,
      testDevice: Number(l.test_device) === 1,
    })),
    sdk,
    lastRequest: lastRequest
      ? {
          time: lastRequest.time,
          path: lastRequest.path,
          status: Number(lastRequest.status),
          outcome: lastOutcome,
          ...readStoredProblem(lastRequest.error),
        }
      : null,
  };
}
