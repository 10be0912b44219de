import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import { AppError } from '../errors';
import type { DateRange } from '../links/dateRange';
import { bannerReport } from './turboReport';
import type { TurboKind } from './turboTables';

type Db = Kysely<Database>;

/**
 * The full URLs of the banners' links, by banner id (null when the link is gone); `baseUrl`
 * gives the link host's base URL of a project's domain prefix.
 */
export async function bannerLinkUrls(db: Db, baseUrl: (prefix: string) => string, ids: string[]) {
  const out = new Map<string, Record<string, unknown>>();
  if (ids.length === 0) return out;
  const rows = await db
    .selectFrom('turbo_banners')
    .innerJoin('projects', 'projects.id', 'turbo_banners.project_id')
    .leftJoin('links', (join) =>
      join
        .onRef('links.project_id', '=', 'turbo_banners.project_id')
        .onRef('links.link_id', '=', 'turbo_banners.link_id'),
    )
    .select(['turbo_banners.id as id', 'projects.domain_prefix as prefix', 'links.link_id as linkId'])
    .where('turbo_banners.id', 'in', ids)
    .execute();
  for (const row of rows)
    out.set(row.id, { linkUrl: row.linkId ? `${baseUrl(row.prefix)}/${row.linkId}` : null });
  return out;
}

/** Deletes the events of a project's banner or script (a deleted target takes them along). */
export async function deleteTargetEvents(db: Db, projectId: string, kind: TurboKind, targetId: string) {
  await db
    .deleteFrom('turbo_events')
    .where('project_id', '=', projectId)
    .where('target_kind', '=', kind)
    .where('target_id', '=', targetId)
    .execute();
}

/** A banner's report over the range; another project's (or no such) banner answers notFound. */
export async function turboBannerReport(db: Db, projectId: string, bannerId: string, range: DateRange) {
  const banner = await db
    .selectFrom('turbo_banners')
    .select('id')
    .where('id', '=', bannerId)
    .where('project_id', '=', projectId)
    .executeTakeFirst();
  if (!banner) throw new AppError('notFound');
  const report = await bannerReport(db, projectId, banner.id, range);
  return { from: range.from, to: range.to, tz: range.tz, ...report };
}
