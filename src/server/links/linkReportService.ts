import { sql, type Kysely, type Selectable, type SelectQueryBuilder } from 'kysely';
import type { Database } from '../db/tables';
import { AppError } from '../errors';
import type { DateRange } from './dateRange';
import {
  countsBy,
  countsBySource,
  countsOverTime,
  linkTotals,
  rangeOnSlots,
  slotsOf,
  type Granularity,
} from './linkStats';
import { newestPage, pageWindow } from './listQuery';
import { SLOT_MS } from '../redirect/clickRollups.mjs';

type Db = Kysely<Database>;

/** A link's event types: its clicks, and the installs, opens and registrations attributed to it. */
export type LinkEventType = 'click' | 'install' | 'open' | 'register';

/** The row id of a link of the project; another project's (or no such) id answers 404. */
export async function linkRowId(db: Db, projectId: string, id: string): Promise<string> {
  const row = await db
    .selectFrom('links')
    .select('id')
    .where('project_id', '=', projectId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw new AppError('notFound');
  return row.id;
}

/** A link's counts in the range (from its rollups): totals, over time, by platform, channel and click source. */
export async function linkReport(
  db: Db,
  scope: { projectId: string; linkRowId: string },
  range: DateRange,
  granularity: Granularity,
) {
  const [overTime, byPlatform, byChannel, bySource] = await Promise.all([
    countsOverTime(db, scope, range, granularity),
    countsBy(db, scope, range, 'platform'),
    countsBy(db, scope, range, 'channel'),
    countsBySource(db, scope, range),
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

const COUNT_OF: Record<LinkEventType, 'clicks' | 'installs' | 'opens' | 'registrations'> = {
  click: 'clicks',
  install: 'installs',
  open: 'opens',
  register: 'registrations',
};

/** Pages before this offset are read straight from the index; later ones seek their slot first. */
const SEEK_FROM_OFFSET = 1000;

/**
 * How many of a link's events of a type the range holds (all time without one), from its
 * rollups: robots' hits are in the event table too. Undefined when the range does not start and
 * end on rollup slots (a zone of long ago, off quarter hours): the rows are counted then.
 */
async function eventTotal(
  db: Db,
  linkRowId: string,
  type: LinkEventType,
  range: Pick<DateRange, 'startIso' | 'endIso'> | undefined,
): Promise<number | undefined> {
  const column = COUNT_OF[type];
  if (!range) {
    const totals = (await linkTotals(db, [linkRowId])).get(linkRowId);
    if (!totals) return 0;
    return type === 'click' ? totals.clicks + totals.bots : totals[column];
  }
  if (!rangeOnSlots(range)) return undefined;
  const { from, to } = slotsOf(range);
  const row = await db
    .selectFrom('link_rollups')
    .where('link_id', '=', linkRowId)
    .where('dim', '=', 'all')
    .where('slot', '>=', from)
    .where('slot', '<', to)
    .select(sql<number | string | null>`sum(${countOf(type)})`.as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** A rollup row's count of a type of event (clicks: the robots' hits too, as the table lists them). */
const countOf = (type: LinkEventType) => (type === 'click' ? sql`clicks + bots` : sql.ref(COUNT_OF[type]));

/**
 * Where a page starts: its offset, and for a deep page the end of the newest slot it reaches
 * into (from the rollups, newest first), so the read skips only that slot's newer rows instead of
 * every row before the page.
 */
async function pageStart(
  db: Db,
  linkRowId: string,
  type: LinkEventType,
  range: Pick<DateRange, 'startIso' | 'endIso'> | undefined,
  offset: number,
): Promise<{ before?: string; offset: number }> {
  if (offset < SEEK_FROM_OFFSET || (range && !rangeOnSlots(range))) return { offset };
  let query = db.selectFrom('link_rollups').where('link_id', '=', linkRowId).where('dim', '=', 'all');
  if (range) {
    const { from, to } = slotsOf(range);
    query = query.where('slot', '>=', from).where('slot', '<', to);
  }
  const rows = await query
    .select(['slot', countOf(type).as('n')])
    .orderBy('slot', 'desc')
    .execute();
  let newer = 0;
  for (const row of rows) {
    const n = Number(row.n);
    if (newer + n > offset)
      return { before: new Date((Number(row.slot) + 1) * SLOT_MS).toISOString(), offset: offset - newer };
    newer += n;
  }
  return { offset };
}

/**
 * One page of a link's events of a type, newest first (in the range when given), as the event
 * table shows them: clicks with their device and browser, attributed events with their device id.
 * The total comes from the link's rollups; the page is read along the link-and-time index.
 */
export async function linkEvents(
  db: Db,
  linkRowId: string,
  type: LinkEventType,
  range: Pick<DateRange, 'startIso' | 'endIso'> | undefined,
  page: { page?: number; pageSize?: number },
) {
  const { limit, offset } = pageWindow(page);
  const [known, start] = await Promise.all([
    eventTotal(db, linkRowId, type, range),
    pageStart(db, linkRowId, type, range, offset),
  ]);
  if (type === 'click') {
    let query = db.selectFrom('clicks').where('link_id', '=', linkRowId);
    if (range) query = query.where('created_at', '>=', range.startIso).where('created_at', '<', range.endIso);
    const { rows, total } = await newestRows(query, start, limit, known);
    return {
      items: rows.map((r) => ({
        id: r.id,
        type: 'click',
        time: r.created_at,
        platform: r.platform,
        os: r.os,
        osVersion: r.os_version,
        brand: r.brand,
        model: r.model,
        browser: r.browser,
        country: r.country,
        referrer: r.referrer,
        channel: r.channel,
        outcome: r.outcome,
        userAgent: r.user_agent,
        deviceId: null,
        params: r.params ? (JSON.parse(r.params) as unknown) : null,
      })),
      total,
    };
  }
  let query = db.selectFrom('attributions').where('link_id', '=', linkRowId).where('type', '=', type);
  if (range) query = query.where('created_at', '>=', range.startIso).where('created_at', '<', range.endIso);
  const { rows, total } = await newestRows(query, start, limit, known);
  return {
    items: rows.map((r) => ({
      id: r.id,
      type: r.type,
      time: r.created_at,
      platform: r.platform,
      os: r.os,
      osVersion: r.os_version,
      brand: null,
      model: r.model,
      browser: null,
      country: null,
      referrer: null,
      channel: r.channel,
      outcome: null,
      userAgent: r.user_agent,
      deviceId: r.device_id,
      params: null,
    })),
    total,
  };
}

/**
 * A page of rows newest first (ties by id) from `start`, and the list's size: `known`, or
 * counted when the rollups could not say.
 */
async function newestRows<TB extends 'clicks' | 'attributions'>(
  query: SelectQueryBuilder<Database, TB, object>,
  start: { before?: string; offset: number },
  limit: number,
  known: number | undefined,
): Promise<{ rows: Selectable<Database[TB]>[]; total: number }> {
  if (known === undefined) {
    // pageStart seeks no slot for such a range: the plain offset.
    const { rows, total } = await newestPage(query, { page: start.offset / limit + 1, pageSize: limit });
    return { rows: rows as Selectable<Database[TB]>[], total };
  }
  const paged = start.before ? query.where(sql.ref('created_at'), '<', start.before) : query;
  const rows = await paged
    .selectAll()
    .orderBy(sql.ref('created_at'), 'desc')
    .orderBy(sql.ref('id'))
    .limit(limit)
    .offset(start.offset)
    .execute();
  return { rows: rows as unknown as Selectable<Database[TB]>[], total: known };
}
