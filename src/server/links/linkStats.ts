import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/tables';
import { SLOT_MS as SLOT_QUARTER_MS, SLOTS_PER_DAY, dayDim } from '../redirect/clickRollups.mjs';
import { localDate, timeZoneOffsetMs } from '../../engine/rules/timeZone';
import type { DateRange } from './dateRange';

/** The four figures of link analytics. */
export interface Counts {
  clicks: number;
  installs: number;
  opens: number;
  registrations: number;
}

export type Granularity = 'day' | 'hour';
export type AttributedEvent = 'install' | 'open' | 'register';

const zero = (): Counts => ({ clicks: 0, installs: 0, opens: 0, registrations: 0 });

/** Link rollups are kept per UTC quarter hour (see m0024LinkRollups.ts). */
const SLOT_MS = SLOT_QUARTER_MS;

/** The rollup slots of a range: those starting in [startIso, endIso). */
export function slotsOf(range: Pick<DateRange, 'startIso' | 'endIso'>): { from: number; to: number } {
  return {
    from: Math.ceil(Date.parse(range.startIso) / SLOT_MS),
    to: Math.ceil(Date.parse(range.endIso) / SLOT_MS),
  };
}

/**
 * Whether the range starts and ends on slot boundaries, so its rollups count exactly its
 * events: every zone of today's time zone database (offsets in quarter hours) does.
 */
export function rangeOnSlots(range: Pick<DateRange, 'startIso' | 'endIso'>): boolean {
  return Date.parse(range.startIso) % SLOT_MS === 0 && Date.parse(range.endIso) % SLOT_MS === 0;
}

export interface StatsScope {
  projectId: string;
  /** Internal link row id; all links of the project when absent. */
  linkRowId?: string;
}

const sumOf = (column: keyof Counts) => sql<number | string | null>`sum(${sql.ref(column)})`;

/** The scope's rollup rows of a dimension in slots [from, to). */
function rollups(db: Kysely<Database>, scope: StatsScope, dim: string, from: number, to: number) {
  const query = db
    .selectFrom('link_rollups')
    .where('dim', '=', dim)
    .where('slot', '>=', from)
    .where('slot', '<', to);
  // Rollups are keyed by link first: project figures go link by link.
  return scope.linkRowId
    ? query.where('link_id', '=', scope.linkRowId)
    : query.where('link_id', 'in', (eb) =>
        eb.selectFrom('links').select('links.id').where('links.project_id', '=', scope.projectId),
      );
}

interface SumRow {
  clicks: number | string | null;
  installs: number | string | null;
  opens: number | string | null;
  registrations: number | string | null;
}

const countsOf = (row: SumRow): Counts => ({
  clicks: Number(row.clicks ?? 0),
  installs: Number(row.installs ?? 0),
  opens: Number(row.opens ?? 0),
  registrations: Number(row.registrations ?? 0),
});

const COUNT_SUMS = [
  sumOf('clicks').as('clicks'),
  sumOf('installs').as('installs'),
  sumOf('opens').as('opens'),
  sumOf('registrations').as('registrations'),
];

/**
 * The scope's counts per value of a breakdown over the range: its whole UTC days from the
 * per-day rows, the part days at its ends from quarter hours.
 */
async function countsByValue(
  db: Kysely<Database>,
  scope: StatsScope,
  range: DateRange,
  dim: 'platform' | 'channel' | 'source',
) {
  const { from, to } = slotsOf(range);
  const firstDay = Math.ceil(from / SLOTS_PER_DAY) * SLOTS_PER_DAY;
  const endDay = Math.floor(to / SLOTS_PER_DAY) * SLOTS_PER_DAY;
  const parts: { dim: string; from: number; to: number }[] =
    firstDay < endDay
      ? [
          { dim, from, to: firstDay },
          { dim: dayDim(dim), from: firstDay, to: endDay },
          { dim, from: endDay, to },
        ].filter((p) => p.from < p.to)
      : [{ dim, from, to }];
  const sums = new Map<string, Counts>();
  for (const part of parts) {
    const rows = await rollups(db, scope, part.dim, part.from, part.to)
      .select(['dim_value', ...COUNT_SUMS])
      .groupBy('dim_value')
      .execute();
    for (const row of rows) {
      const counts = sums.get(row.dim_value) ?? zero();
      addCounts(counts, countsOf(row));
      sums.set(row.dim_value, counts);
    }
  }
  return [...sums].map(([key, counts]) => ({ key, ...counts }));
}

/** The bucket label of a rollup slot in the range's zone. */
function bucketOf(slot: number, range: DateRange, granularity: Granularity): string {
  const ms = slot * SLOT_MS;
  if (granularity === 'day') return localDate(ms, range.tz);
  return new Date(ms + timeZoneOffsetMs(range.tz, ms)).toISOString().slice(0, 13);
}

/** Every bucket of the range, in order. */
export function bucketsOf(range: DateRange, granularity: Granularity): string[] {
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

function addCounts(target: Counts, counts: Counts) {
  target.clicks += counts.clicks;
  target.installs += counts.installs;
  target.opens += counts.opens;
  target.registrations += counts.registrations;
}

/** Slots in a bucket of a granularity. */
const SLOTS_PER_BUCKET: Record<Granularity, number> = { day: SLOTS_PER_DAY, hour: 3_600_000 / SLOT_MS };

/**
 * The zone's offset in slots when it is the same over every slot of [from, to) (no daylight
 * saving change in the range) and a whole number of slots; undefined otherwise.
 */
function steadyOffsetSlots(tz: string, from: number, to: number): number | undefined {
  const offset = timeZoneOffsetMs(tz, from * SLOT_MS);
  if (offset % SLOT_MS !== 0) return undefined;
  for (let slot = from + 1; slot < to; slot += 1)
    if (timeZoneOffsetMs(tz, slot * SLOT_MS) !== offset) return undefined;
  return offset / SLOT_MS;
}

/**
 * Counts over time (every bucket present, zeros included) and the totals. When the zone keeps one
 * offset over the range the database sums the slots into the local days or hours (slot + offset
 * divided by the slots of a bucket: 90 rows for 90 days instead of 8 640 quarter hours); across a
 * daylight saving change each slot is put in its bucket here.
 */
export async function countsOverTime(
  db: Kysely<Database>,
  scope: StatsScope,
  range: DateRange,
  granularity: Granularity,
): Promise<{ totals: Counts; series: ({ time: string } & Counts)[] }> {
  const { from, to } = slotsOf(range);
  const buckets = new Map(bucketsOf(range, granularity).map((b) => [b, zero()]));
  const totals = zero();
  const add = (label: string, counts: Counts) => {
    const bucket = buckets.get(label);
    if (bucket) addCounts(bucket, counts);
    addCounts(totals, counts);
  };
  const offset = steadyOffsetSlots(range.tz, from, to);
  if (offset !== undefined) {
    const size = SLOTS_PER_BUCKET[granularity];
    // Slots and offsets are positive here (after 1970, offsets above -12 hours): the integer
    // division of both databases is the floor.
    // Literals (whole numbers), not parameters: PostgreSQL matches the grouped expression to the
    // selected one by its text.
    const bucketExpr = sql<number | string>`(${sql.ref('slot')} + ${sql.lit(offset)}) / ${sql.lit(size)}`;
    const rows = await rollups(db, scope, 'all', from, to)
      .select([bucketExpr.as('bucket'), ...COUNT_SUMS])
      .groupBy(bucketExpr)
      .execute();
    const labelLength = granularity === 'day' ? 10 : 13;
    for (const row of rows)
      add(new Date(Number(row.bucket) * size * SLOT_MS).toISOString().slice(0, labelLength), countsOf(row));
  } else {
    const rows = await rollups(db, scope, 'all', from, to)
      .select(['slot', ...COUNT_SUMS])
      .groupBy('slot')
      .execute();
    for (const row of rows) add(bucketOf(Number(row.slot), range, granularity), countsOf(row));
  }
  return { totals, series: [...buckets].map(([time, counts]) => ({ time, ...counts })) };
}

/** Counts grouped by platform or channel, biggest first. */
export async function countsBy(
  db: Kysely<Database>,
  scope: StatsScope,
  range: DateRange,
  dim: 'platform' | 'channel',
): Promise<({ key: string } & Counts)[]> {
  const rows = await countsByValue(db, scope, range, dim);
  return rows
    .filter((row) => row.clicks + row.installs + row.opens + row.registrations > 0)
    .sort((a, b) => b.clicks - a.clicks || b.installs - a.installs || a.key.localeCompare(b.key));
}

/** Each link's counts of all time (its `total` rollup row); links without any are left out. */
export async function linkTotals(
  db: Kysely<Database>,
  linkIds: string[],
): Promise<Map<string, Counts & { bots: number }>> {
  const out = new Map<string, Counts & { bots: number }>();
  // Chunks keep every IN list far below the databases' bind limits.
  for (let i = 0; i < linkIds.length; i += 500) {
    const rows = await db
      .selectFrom('link_rollups')
      .select(['link_id', 'clicks', 'bots', 'installs', 'opens', 'registrations'])
      .where('link_id', 'in', linkIds.slice(i, i + 500))
      .where('dim', '=', 'total')
      .execute();
    for (const row of rows) out.set(row.link_id, { ...countsOf(row), bots: Number(row.bots) });
  }
  return out;
}

/** Installs, opens and registrations attributed to each link (all time). */
export async function eventCountsByLink(
  db: Kysely<Database>,
  linkIds: string[],
): Promise<Map<string, Record<AttributedEvent, number>>> {
  const totals = await linkTotals(db, linkIds);
  return new Map(
    [...totals].map(([id, t]) => [id, { install: t.installs, open: t.opens, register: t.registrations }]),
  );
}

/** Where a click came from: the web SDK's `gc_src` link parameter. */
export type ClickSource = 'banner' | 'script' | 'other';
const SOURCES: readonly ClickSource[] = ['banner', 'script', 'other'];

/**
 * A link's figures by the source its clicks name in `gc_src` (banner, script, other; always the
 * three, in that order): clicks by their own parameters, installs, opens and registrations by
 * those of the click they were attributed to.
 */
export async function countsBySource(
  db: Kysely<Database>,
  scope: Required<StatsScope>,
  range: DateRange,
): Promise<({ source: ClickSource } & Counts)[]> {
  const groups = new Map(SOURCES.map((source) => [source, zero()]));
  for (const { key, ...counts } of await countsByValue(db, scope, range, 'source')) {
    const group = groups.get(key as ClickSource);
    if (group) addCounts(group, counts);
  }
  return [...groups].map(([source, counts]) => ({ source, ...counts }));
}
