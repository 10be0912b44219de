import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import { publicBanner, publicScript, type PublicBanner, type PublicScript } from './publicTurbo';
import type { ServedTarget } from './servedTargets';

/** Link ids a script answers at most (the newest links of its template). */
export const MAX_SCRIPT_LINKS = 1000;

/**
 * An online banner's public config with the URL of its link (`baseUrl` of the project's domain
 * prefix + link id), or null when it is offline, unknown or its link is gone (the button would
 * open nothing).
 */
export async function loadBanner(
  db: Kysely<Database>,
  baseUrl: (prefix: string) => string,
  id: string,
): Promise<ServedTarget<PublicBanner> | null> {
  const row = await db
    .selectFrom('turbo_banners')
    .innerJoin('projects', 'projects.id', 'turbo_banners.project_id')
    .select([
      'turbo_banners.project_id as projectId',
      'turbo_banners.config as config',
      'turbo_banners.link_id as linkId',
      'turbo_banners.template_id as templateId',
      'projects.domain_prefix as prefix',
    ])
    .where('turbo_banners.id', '=', id)
    .where('turbo_banners.status', '=', 'online')
    .executeTakeFirst();
  if (!row) return null;
  const [link, template] = await Promise.all([
    db
      .selectFrom('links')
      .select('link_id')
      .where('project_id', '=', row.projectId)
      .where('link_id', '=', row.linkId)
      .executeTakeFirst(),
    db
      .selectFrom('link_templates')
      .select('config')
      .where('project_id', '=', row.projectId)
      .where('id', '=', row.templateId)
      .executeTakeFirst(),
  ]);
  // The button would open nothing: the banner is not shown.
  if (!link) return null;
  return {
    projectId: row.projectId,
    answer: publicBanner({
      id,
      config: JSON.parse(row.config) as Record<string, unknown>,
      linkUrl: `${baseUrl(row.prefix)}/${link.link_id}`,
      templateConfig: template ? (JSON.parse(template.config) as unknown) : {},
    }),
  };
}

/**
 * An online script's public config: the host of the project's links (from `baseUrl` of its
 * domain prefix) and the newest link ids of its template (all links when it has none), or null
 * when it is offline or unknown.
 */
export async function loadScript(
  db: Kysely<Database>,
  baseUrl: (prefix: string) => string,
  id: string,
): Promise<ServedTarget<PublicScript> | null> {
  const row = await db
    .selectFrom('turbo_scripts')
    .innerJoin('projects', 'projects.id', 'turbo_scripts.project_id')
    .select([
      'turbo_scripts.project_id as projectId',
      'turbo_scripts.config as config',
      'turbo_scripts.template_id as templateId',
      'projects.domain_prefix as prefix',
    ])
    .where('turbo_scripts.id', '=', id)
    .where('turbo_scripts.status', '=', 'online')
    .executeTakeFirst();
  if (!row) return null;
  const linkIds = row.templateId
    ? (
        await db
          .selectFrom('links')
          .select('link_id')
          .where('project_id', '=', row.projectId)
          .where('template_id', '=', row.templateId)
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(MAX_SCRIPT_LINKS)
          .execute()
      ).map((link) => link.link_id)
    : null;
  return {
    projectId: row.projectId,
    answer: publicScript({
      id,
      config: JSON.parse(row.config) as Record<string, unknown>,
      hosts: [new URL(baseUrl(row.prefix)).host],
      linkIds,
    }),
  };
}
