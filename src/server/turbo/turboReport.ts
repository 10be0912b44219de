import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/tables';
import type { DateRange } from '../links/dateRange';
import { dateOf, dayOf } from '../sdk/dayNumber';
import type { TurboPlatform } from './turboTables';

/** The figures of a banner report. */
export interface TurboCounts {
  impressions: number;
  clicks: number;
  dismissals: number;
}

/** Pages listed in a report, the most seen first. */
export const TOP_PAGES = 20;
const PLATFORMS: readonly TurboPlatform[] = ['ios', 'android', 'other'];

const zero = (): TurboCounts => ({ impressions: 0, clicks: 0, dismissals: 0 });
const FIELD: Record<string, keyof TurboCounts> = {
  impression: 'impressions',
  click: 'clicks',
  dismiss: 'dismissals',
};
const sumOf = (type: string) =>
  sql<number | string>`sum(case when ${sql.ref('type')} = ${type} then 1 else 0 end)`;

export interface BannerReport {
  totals: TurboCounts;
  series: ({ date: string } & TurboCounts)[];
  byPlatform: ({ platform: TurboPlatform } & TurboCounts)[];
  byPage: ({ page: string } & TurboCounts)[];
}

/**
 * A banner's impressions, clicks and dismissals over the range's local days (every day present),
 * by platform (ios, android, other, always in that order) and by page (the 20 most seen). Events
 * are counted on the day stamped at ingestion, a local day of the project's rollup zone.
 */
export async function bannerReport(
  db: Kysely<Database>,
  projectId: string,
  bannerId: string,
  range: DateRange,
): Promise<BannerReport> {
  const first = dayOf(range.from);
  const last = dayOf(range.to);
  const scope = db
    .selectFrom('turbo_events')
    .where('project_id', '=', projectId)
    .where('target_id', '=', bannerId)
    .where('target_kind', '=', 'banner')
    .where('day', '>=', first)
    .where('day', '<=', last);
  const [cells, pages] = await Promise.all([
    scope
      .select(['day', 'platform', 'type', (eb) => eb.fn.countAll().as('n')])
      .groupBy(['day', 'platform', 'type'])
      .execute(),
    scope
      .select([
        'page',
        sumOf('impression').as('impressions'),
        sumOf('click').as('clicks'),
        sumOf('dismiss').as('dismissals'),
      ])
      .groupBy('page')
      .orderBy('impressions', 'desc')
      .orderBy('clicks', 'desc')
      .orderBy('page')
      .limit(TOP_PAGES)
      .execute(),
  ]);

  const totals = zero();
  const days = new Map<number, TurboCounts>();
  for (let day = first; day <= last; day += 1) days.set(day, zero());
  const platforms = new Map(PLATFORMS.map((platform) => [platform, zero()]));
  for (const cell of cells) {
    const field = FIELD[cell.type];
    if (!field) continue;
    const n = Number(cell.n);
    totals[field] += n;
    const day = days.get(Number(cell.day));
    if (day) day[field] += n;
    const platform = platforms.get(cell.platform);
    if (platform) platform[field] += n;
  }
  return {
    totals,
    series: [...days].map(([day, counts]) => ({ date: dateOf(day), ...counts })),
    byPlatform: [...platforms].map(([platform, counts]) => ({ platform, ...counts })),
    byPage: pages
      .map((row) => ({
        page: row.page,
        impressions: Number(row.impressions),
        clicks: Number(row.clicks),
        dismissals: Number(row.dismissals),
      }))
      // Ties in the databases' own text order (collations differ): here by code unit, the same on both.
      .sort(
        (a, b) =>
          b.impressions - a.impressions ||
          b.clicks - a.clicks ||
          (a.page < b.page ? -1 : a.page > b.page ? 1 : 0),
      ),
  };
}
