import type { Kysely } from 'kysely';
import type { Database, DbKind } from '../db/tables';
import { AppError } from '../errors';
import type { DateRange } from './dateRange';
import { countsBy, countsBySource, countsOverTime, type Granularity } from './linkStats';
import { newestPage } from './listQuery';

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

/** A link's counts in the range: totals, over time, by platform, channel and click source. */
export async function linkReport(
  db: Db,
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

/**
 * One page of a link's events of a type, newest first (in the range when given), as the event
 * table shows them: clicks with their device and browser, attributed events with their device id.
 */
export async function linkEvents(
  db: Db,
  linkRowId: string,
  type: LinkEventType,
  range: Pick<DateRange, 'startIso' | 'endIso'> | undefined,
  page: { page?: number; pageSize?: number },
) {
  if (type === 'click') {
    let query = db.selectFrom('clicks').where('link_id', '=', linkRowId);
    if (range) query = query.where('created_at', '>=', range.startIso).where('created_at', '<', range.endIso);
    const { rows, total } = await newestPage(query, page);
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
  const { rows, total } = await newestPage(query, page);
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
