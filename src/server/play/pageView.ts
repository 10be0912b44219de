import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import { linkBaseUrl } from '../links/linkBaseUrl';
import { pageBlocks } from '../../engine/page/pageModel';
import type { LinkHrefs } from '../../engine/page/pageView';
import { list, type Config } from './playCampaign';

export type { BlockView, HotzoneView, LinkHrefs, TapView } from '../../engine/page/pageView';

/** Deep link row ids a page's taps name (background hotzones, block hotzones, button items). */
export function linkIdsOf(config: Config): string[] {
  const ids = new Set<string>();
  const add = (raw: unknown) => {
    for (const tap of list(raw))
      if (tap.action === 'deeplink' && typeof tap.linkId === 'string') ids.add(tap.linkId);
  };
  add(config.hotzones);
  for (const block of pageBlocks(config)) {
    add(block.props.hotzones);
    add(block.props.items);
  }
  return [...ids];
}

/** The public addresses of the project's deep links a page names (a deleted link has none). */
export async function linkHrefsOf(
  db: Kysely<Database>,
  projectId: string,
  config: Config,
  address: { publicUrl: string; linkHost: string },
): Promise<LinkHrefs> {
  const ids = linkIdsOf(config);
  if (ids.length === 0) return () => null;
  const rows = await db
    .selectFrom('links')
    .innerJoin('projects', 'projects.id', 'links.project_id')
    .select(['links.id', 'links.link_id', 'projects.domain_prefix'])
    .where('links.project_id', '=', projectId)
    .where('links.id', 'in', ids)
    .execute();
  const hrefs = new Map(
    rows.map((row) => [
      row.id,
      `${linkBaseUrl(address.publicUrl, address.linkHost, row.domain_prefix)}/${row.link_id}`,
    ]),
  );
  return (id) => hrefs.get(id) ?? null;
}
