import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/tables';
import { randomId } from '../db/randomId';
import type { LinkRow } from './linkTables';
import { linkHasDestination } from '../../engine/rules/linkDestinations';
import { redirectFallbacks } from '../redirect/loadResolvedLink';
import { linkTotals } from './linkStats';

/** A link as the console shows it (docs/deep-links.md, `Link`). */
export interface LinkView {
  id: string;
  linkId: string;
  name: string;
  url: string;
  templateId: string;
  templateName: string;
  redirectMode: string;
  tags: string[];
  config: Record<string, unknown>;
  clicks: number;
  /** Whether some visitor is sent somewhere (else every visit gets the "no destination yet" page). */
  hasDestination: boolean;
  createdAt: string;
  updatedAt: string;
}

/** Tag names of links, in name order. */
export async function tagsOfLinks(db: Kysely<Database>, linkIds: string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>(linkIds.map((id) => [id, []]));
  if (linkIds.length === 0) return out;
  const rows = await db
    .selectFrom('link_tags')
    .innerJoin('tags', 'tags.id', 'link_tags.tag_id')
    .select(['link_tags.link_id', 'tags.name'])
    .where('link_tags.link_id', 'in', linkIds)
    .orderBy('tags.name')
    .execute();
  for (const row of rows) out.get(row.link_id)?.push(row.name);
  return out;
}

/** Human clicks (robots left out) of links, from their rollups' totals. */
export async function clickCounts(db: Kysely<Database>, linkIds: string[]): Promise<Map<string, number>> {
  const totals = await linkTotals(db, linkIds);
  return new Map([...totals].map(([id, t]) => [id, t.clicks]));
}

/** Link rows as the console shows them; `baseUrl` is the project's link address. */
export async function linkViews(db: Kysely<Database>, rows: LinkRow[], baseUrl: string): Promise<LinkView[]> {
  const ids = rows.map((r) => r.id);
  const templateIds = [...new Set(rows.map((r) => r.template_id))];
  const [tags, clicks, templates, fallbacks] = await Promise.all([
    tagsOfLinks(db, ids),
    clickCounts(db, ids),
    templateIds.length
      ? db
          .selectFrom('link_templates')
          .select(['id', 'name', 'config'])
          .where('id', 'in', templateIds)
          .execute()
      : Promise.resolve([]),
    rows.length ? redirectFallbacks(db, rows[0].project_id) : Promise.resolve({}),
  ]);
  const templateNames = new Map(templates.map((t) => [t.id, t.name]));
  const templateConfigs = new Map(templates.map((t) => [t.id, JSON.parse(t.config) as unknown]));
  return rows.map((row) => {
    const linkTags = tags.get(row.id) ?? [];
    const config = JSON.parse(row.config) as Record<string, unknown>;
    return {
      id: row.id,
      linkId: row.link_id,
      name: row.name,
      url: `${baseUrl}/${row.link_id}`,
      templateId: row.template_id,
      templateName: templateNames.get(row.template_id) ?? '',
      redirectMode: row.redirect_mode,
      tags: linkTags,
      // Tags live in their own table (renames and deletes apply everywhere); the form sees them here.
      config: { ...config, linkId: row.link_id, tags: linkTags },
      clicks: clicks.get(row.id) ?? 0,
      hasDestination: linkHasDestination(config, templateConfigs.get(row.template_id), fallbacks),
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    };
  });
}

/** Sets a link's tags by name, creating the project's missing tags. */
export async function setLinkTags(
  trx: Transaction<Database>,
  projectId: string,
  linkRowId: string,
  names: string[],
  time: string,
): Promise<void> {
  await trx.deleteFrom('link_tags').where('link_id', '=', linkRowId).execute();
  const wanted = [...new Set(names.map((n) => n.trim()).filter(Boolean))];
  if (wanted.length === 0) return;
  await trx
    .insertInto('tags')
    .values(wanted.map((name) => ({ id: randomId(), project_id: projectId, name, created_at: time })))
    .onConflict((oc) => oc.columns(['project_id', 'name']).doNothing())
    .execute();
  const tags = await trx
    .selectFrom('tags')
    .select('id')
    .where('project_id', '=', projectId)
    .where('name', 'in', wanted)
    .execute();
  await trx
    .insertInto('link_tags')
    .values(tags.map((t) => ({ link_id: linkRowId, tag_id: t.id })))
    .execute();
}
