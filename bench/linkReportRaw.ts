// The anchor of bench:link-report: the link report as it was computed before the link rollups,
// by grouping the raw clicks and attributions of the range (UTC hours, or quarter hours for zones
// off whole hours), kept here unchanged to time it on the same data and to check the rollups'
// answers against it.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DbKind } from '../src/server/db/createDb';
import type { Database } from '../src/server/db/tables';
import { localDate, timeZoneOffsetMs } from '../src/engine/rules/timeZone';
import type { DateRange } from '../src/server/links/dateRange';
import type { Counts, Granularity } from '../src/server/links/linkStats';

const FIELD: Record<string, keyof Counts> = { install: 'installs', open: 'opens', register: 'registrations' };

const zero = (): Counts => ({ clicks: 0, installs: 0, opens: 0, registrations: 0 });

// Both databases store times as ISO text: the first 13 characters are the UTC hour. Zones whose
// offset is not whole hours (India, Nepal, ...) group by quarter hour ('YYYY-MM-DDTHH:MM'), so
// their days are cut at their own midnight too.
const HOUR = sql<string>`substr(created_at, 1, 13)`;
const QUARTER = sql<string>`substr(created_at, 1, 14) || cast(cast(substr(created_at, 15, 2) as integer) / 15 * 15 as text)`;

/** The time slot the range's zone needs: hours, or quarter hours for a zone off whole hours. */
function slotOf(range: DateRange) {
  const whole = [range.startIso, range.endIso].every(
    (iso) => timeZoneOffsetMs(range.tz, Date.parse(iso)) % 3_600_000 === 0,
  );
  return whole ? HOUR : QUARTER;
}

/** The first instant of a slot label ('YYYY-MM-DDTHH' or 'YYYY-MM-DDTHH:M'). */
function slotStartMs(slot: string): number {
  const [hour, minute = '0'] = slot.split(':');
  return Date.parse(`${hour}:${minute.padStart(2, '0')}:00Z`);
}

interface StatsScope {
  projectId: string;
  /** Internal link row id; all links of the project when absent. */
  linkRowId?: string;
}

interface Row {
  hour: string;
  key: string | null;
  type?: string;
  n: number | string | bigint;
}

async function clickRows(
  db: Kysely<Database>,
  scope: StatsScope,
  range: DateRange,
  dim: 'platform' | 'channel' | null,
) {
  let query = db
    .selectFrom('clicks')
    .where('is_bot', '=', 0)
    .where('created_at', '>=', range.startIso)
    .where('created_at', '<', range.endIso);
  // Clicks are indexed by link + time only (cheap writes): project figures go link by link.
  query = scope.linkRowId
    ? query.where('link_id', '=', scope.linkRowId)
    : query.where('link_id', 'in', (eb) =>
        eb.selectFrom('links').select('links.id').where('links.project_id', '=', scope.projectId),
      );
  const key = dim ? sql<string | null>`${sql.ref(dim)}` : sql<string | null>`null`;
  const slot = slotOf(range);
  const rows = await query
    .select([slot.as('hour'), key.as('key'), (eb) => eb.fn.countAll().as('n')])
    .groupBy(dim ? [slot, sql.ref(dim)] : [slot])
    .execute();
  return rows as Row[];
}

async function attributionRows(
  db: Kysely<Database>,
  scope: StatsScope,
  range: DateRange,
  dim: 'platform' | 'channel' | null,
) {
  let query = db
    .selectFrom('attributions')
    .where('project_id', '=', scope.projectId)
    .where('matched', '=', 1)
    .where('created_at', '>=', range.startIso)
    .where('created_at', '<', range.endIso);
  if (scope.linkRowId) query = query.where('link_id', '=', scope.linkRowId);
  const key = dim ? sql<string | null>`${sql.ref(dim)}` : sql<string | null>`null`;
  const slot = slotOf(range);
  const rows = await query
    .select([slot.as('hour'), key.as('key'), 'type', (eb) => eb.fn.countAll().as('n')])
    .groupBy(dim ? [slot, sql.ref(dim), 'type'] : [slot, 'type'])
    .execute();
  return rows as Row[];
}

/** The bucket label of a UTC slot ('YYYY-MM-DDTHH[:M]') in the range's zone. */
function bucketOf(hour: string, range: DateRange, granularity: Granularity): string {
  const ms = slotStartMs(hour);
  if (granularity === 'day') return localDate(ms, range.tz);
  return new Date(ms + timeZoneOffsetMs(range.tz, ms)).toISOString().slice(0, 13);
}

/** Every bucket of the range, in order. */
function bucketsOf(range: DateRange, granularity: Granularity): string[] {
  const out: string[] = [];
  if (granularity === 'day') {
    const day = new Date(`${range.from}T00:00:00Z`);
    for (let i = 0; i < range.days; i += 1) {
      out.push(day.toISOString().slice(0, 10));
      day.setUTCDate(day.getUTCDate() + 1);
    }
    return out;
  }
  const seen = new Set<string>();
  for (let ms = Date.parse(range.startIso); ms < Date.parse(range.endIso); ms += 3_600_000) {
    const label = new Date(ms + timeZoneOffsetMs(range.tz, ms)).toISOString().slice(0, 13);
    if (!seen.has(label)) {
      seen.add(label);
      out.push(label);
    }
  }
  return out;
}

function add(target: Counts, row: Row, isClick: boolean) {
  const n = Number(row.n);
  if (isClick) target.clicks += n;
  else if (row.type && FIELD[row.type]) target[FIELD[row.type]] += n;
}

/** Counts over time (every bucket present, zeros included) and the totals. */
async function countsOverTime(
  db: Kysely<Database>,
  scope: StatsScope,
  range: DateRange,
  granularity: Granularity,
): Promise<{ totals: Counts; series: ({ time: string } & Counts)[] }> {
  const [clicks, events] = await Promise.all([
    clickRows(db, scope, range, null),
    attributionRows(db, scope, range, null),
  ]);
  const buckets = new Map(bucketsOf(range, granularity).map((b) => [b, zero()]));
  const totals = zero();
  for (const [rows, isClick] of [
    [clicks, true],
    [events, false],
  ] as const) {
    for (const row of rows) {
      const bucket = buckets.get(bucketOf(row.hour, range, granularity));
      if (bucket) add(bucket, row, isClick);
      add(totals, row, isClick);
    }
  }
  return { totals, series: [...buckets].map(([time, counts]) => ({ time, ...counts })) };
}

/** Counts grouped by platform or channel, biggest first. */
async function countsBy(
  db: Kysely<Database>,
  scope: StatsScope,
  range: DateRange,
  dim: 'platform' | 'channel',
): Promise<({ key: string } & Counts)[]> {
  const [clicks, events] = await Promise.all([
    clickRows(db, scope, range, dim),
    attributionRows(db, scope, range, dim),
  ]);
  const groups = new Map<string, Counts>();
  for (const [rows, isClick] of [
    [clicks, true],
    [events, false],
  ] as const) {
    for (const row of rows) {
      const key = row.key ?? (dim === 'channel' ? 'direct' : 'other');
      const counts = groups.get(key) ?? zero();
      add(counts, row, isClick);
      groups.set(key, counts);
    }
  }
  return [...groups]
    .map(([key, counts]) => ({ key, ...counts }))
    .sort((a, b) => b.clicks - a.clicks || b.installs - a.installs || a.key.localeCompare(b.key));
}

/** Where a click came from: the web SDK's `gc_src` link parameter. */
type ClickSource = 'banner' | 'script' | 'other';
const SOURCES: readonly ClickSource[] = ['banner', 'script', 'other'];

/** `banner`, `script` or `other` from a click's `params` (JSON text), on either database. */
function sourceOf(params: RawBuilder<unknown>, dbKind: DbKind) {
  const value =
    dbKind === 'postgres'
      ? sql<string | null>`(cast(${params} as jsonb) ->> 'gc_src')`
      : sql<string | null>`json_extract(${params}, '$.gc_src')`;
  return sql<ClickSource>`case when ${value} in ('banner', 'script') then ${value} else 'other' end`;
}

/**
 * A link's figures by the source its clicks name in `gc_src` (banner, script, other; always the
 * three, in that order): clicks by their own parameters, installs, opens and registrations by
 * those of the click they were attributed to.
 */
async function countsBySource(
  db: Kysely<Database>,
  dbKind: DbKind,
  scope: Required<StatsScope>,
  range: DateRange,
): Promise<({ source: ClickSource } & Counts)[]> {
  const [clicks, events] = await Promise.all([
    db
      .selectFrom('clicks')
      .where('link_id', '=', scope.linkRowId)
      .where('is_bot', '=', 0)
      .where('created_at', '>=', range.startIso)
      .where('created_at', '<', range.endIso)
      .select([sourceOf(sql.ref('params'), dbKind).as('source'), (eb) => eb.fn.countAll().as('n')])
      .groupBy(sourceOf(sql.ref('params'), dbKind))
      .execute(),
    db
      .selectFrom('attributions')
      .leftJoin('clicks', 'clicks.id', 'attributions.click_id')
      .where('attributions.project_id', '=', scope.projectId)
      .where('attributions.link_id', '=', scope.linkRowId)
      .where('attributions.matched', '=', 1)
      .where('attributions.created_at', '>=', range.startIso)
      .where('attributions.created_at', '<', range.endIso)
      .select([
        sourceOf(sql.ref('clicks.params'), dbKind).as('source'),
        'attributions.type as type',
        (eb) => eb.fn.countAll().as('n'),
      ])
      .groupBy([sourceOf(sql.ref('clicks.params'), dbKind), 'attributions.type'])
      .execute(),
  ]);
  const groups = new Map(SOURCES.map((source) => [source, zero()]));
  for (const row of clicks) {
    const counts = groups.get(row.source);
    if (counts) counts.clicks += Number(row.n);
  }
  for (const row of events) {
    const counts = groups.get(row.source);
    const field = FIELD[row.type];
    if (counts && field) counts[field] += Number(row.n);
  }
  return [...groups].map(([source, counts]) => ({ source, ...counts }));
}

/** The link report's answer, computed the raw way (the old `linkReport`). */
export async function rawLinkReport(
  db: Kysely<Database>,
  dbKind: DbKind,
  scope: { projectId: string; linkRowId: string },
  range: DateRange,
  granularity: Granularity,
) {
  const [overTime, byPlatform, byChannel, bySource] = await Promise.all([
    countsOverTime(db, scope, range, granularity),
    countsBy(db, scope, range, 'platform'),
    countsBy(db, scope, range, 'channel'),
    countsBySource(db, dbKind, scope, range),
  ]);
  return {
    from: range.from,
    to: range.to,
    tz: range.tz,
    granularity,
    totals: overTime.totals,
    series: overTime.series,
    byPlatform: byPlatform.map(({ key, ...counts }) => ({ platform: key, ...counts })),
    byChannel: byChannel.map(({ key, ...counts }) => ({ channel: key, ...counts })),
    bySource,
  };
}

/** The event table's old read: a page by offset and a count of every row of the link. */
export async function rawClickPage(db: Kysely<Database>, linkRowId: string, page: number, pageSize: number) {
  const query = db.selectFrom('clicks').where('link_id', '=', linkRowId);
  const [rows, total] = await Promise.all([
    query
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { ids: rows.map((r) => r.id), total: Number(total.n) };
}
