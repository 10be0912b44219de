import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import type { DateRange } from './dateRange';
import { countsBy, countsOverTime, type Counts } from './linkStats';

/** The link events the event statistics count. */
export const LINK_EVENTS = ['click', 'install', 'open', 'register'] as const;
const EVENT_FIELD: Record<(typeof LINK_EVENTS)[number], keyof Counts> = {
  click: 'clicks',
  install: 'installs',
  open: 'opens',
  register: 'registrations',
};

export type LinkEvent = (typeof LINK_EVENTS)[number];

/**
 * Clicks, installs, opens and registrations of the range by channel and by day, over the
 * project's links or one link (its row id or 6-character link id; an unknown one has no figures).
 */
export async function channelCounts(
  db: Kysely<Database>,
  projectId: string,
  range: DateRange,
  linkId?: string,
) {
  let linkRowId: string | undefined;
  const wanted = linkId?.trim();
  if (wanted) {
    const link = await db
      .selectFrom('links')
      .select('id')
      .where('project_id', '=', projectId)
      .where((eb) => eb.or([eb('id', '=', wanted), eb('link_id', '=', wanted)]))
      .executeTakeFirst();
    // An unknown link has no figures: an empty answer, not another link's.
    linkRowId = link?.id ?? '\u0000none';
  }
  const scope = { projectId, linkRowId };
  const [items, overTime] = await Promise.all([
    countsBy(db, scope, range, 'channel'),
    countsOverTime(db, scope, range, 'day'),
  ]);
  return {
    items: items.map(({ key, ...counts }) => ({ channel: key, ...counts })),
    series: overTime.series,
  };
}

/** Per link event (or the one asked for): its total over the range and its count per day. */
export async function linkEventSeries(
  db: Kysely<Database>,
  projectId: string,
  range: DateRange,
  event?: LinkEvent,
) {
  const overTime = await countsOverTime(db, { projectId }, range, 'day');
  const events = event ? [event] : LINK_EVENTS;
  return events.map((name) => {
    const field = EVENT_FIELD[name];
    return {
      event: name,
      total: overTime.totals[field],
      series: overTime.series.map((point) => ({ time: point.time, count: point[field] })),
    };
  });
}
