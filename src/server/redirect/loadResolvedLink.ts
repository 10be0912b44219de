import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import { linkBaseUrl } from '../links/linkBaseUrl';
import { readLinkConfig } from '../links/linkConfig';
import { safeHttpUrl } from '../links/safeHttpUrl';
import { absoluteHttpUrl, urlProblem } from '../../engine/validation/urlProblem';
import { templateSettings } from '../links/templateSettings';
import type { RedirectFallbacks, ResolvedLink } from './resolvedLink';

/** The project's redirect settings as http(s) addresses (anything else is left out). */
export async function redirectFallbacks(db: Kysely<Database>, projectId: string): Promise<RedirectFallbacks> {
  const row = await db
    .selectFrom('redirect_settings')
    .selectAll()
    .where('project_id', '=', projectId)
    .executeTakeFirst();
  return {
    default: safeHttpUrl(row?.default_url),
    android: safeHttpUrl(row?.android_url),
    ios: safeHttpUrl(row?.ios_url),
    windows: safeHttpUrl(row?.windows_url),
  };
}

/**
 * A share thumbnail for og:image: an absolute http(s) address, the console's `/uploads/...` made
 * absolute on its public address (crawlers read the tag on the link host), or nothing.
 */
export function shareImageUrl(value: string | undefined, publicUrl: string): string | undefined {
  if (!value || urlProblem(value, 'image')) return undefined;
  return value.startsWith('/') ? `${publicUrl}${value}` : absoluteHttpUrl(value);
}

/** Builds the cache loader: prefix + link id -> everything the redirector needs, or null. */
export function linkLoader(db: Kysely<Database>, publicUrl: string, linkHost: string) {
  return async function loadResolvedLink(prefix: string, linkId: string): Promise<ResolvedLink | null> {
    const row = await db
      .selectFrom('links')
      .innerJoin('projects', 'projects.id', 'links.project_id')
      .innerJoin('link_templates', 'link_templates.id', 'links.template_id')
      .select([
        'links.id as id',
        'links.project_id as projectId',
        'links.link_id as linkId',
        'links.name as name',
        'links.redirect_mode as redirectMode',
        'links.config as config',
        'link_templates.config as templateConfig',
      ])
      .where('projects.domain_prefix', '=', prefix)
      .where('links.link_id', '=', linkId)
      .executeTakeFirst();
    if (!row) return null;
    const config = readLinkConfig(row.config);
    return {
      projectId: row.projectId,
      id: row.id,
      linkId: row.linkId,
      name: row.name,
      url: `${linkBaseUrl(publicUrl, linkHost, prefix)}/${row.linkId}`,
      redirectMode: row.redirectMode === 'custom' ? 'custom' : 'template',
      redirects: config.redirects,
      address: config.address,
      share: { ...config.share, thumbnail: shareImageUrl(config.share.thumbnail, publicUrl) },
      utmSource: config.attribution.utmSource,
      template: templateSettings(JSON.parse(row.templateConfig)),
      fallbacks: await redirectFallbacks(db, row.projectId),
    };
  };
}
