import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import { templateSettings } from '../links/templateSettings';

async function templatesOf(db: Kysely<Database>, prefix: string) {
  const rows = await db
    .selectFrom('link_templates')
    .innerJoin('projects', 'projects.id', 'link_templates.project_id')
    .select(['link_templates.config'])
    .where('projects.domain_prefix', '=', prefix)
    .orderBy('link_templates.created_at')
    .orderBy('link_templates.id')
    .execute();
  return rows.map((row) => templateSettings(JSON.parse(row.config)));
}

/** Whether a project with this link prefix exists. */
export async function projectExists(db: Kysely<Database>, prefix: string): Promise<boolean> {
  return !!(await db
    .selectFrom('projects')
    .select('id')
    .where('domain_prefix', '=', prefix)
    .executeTakeFirst());
}

/** apple-app-site-association: every template's Universal Link app, all paths. */
export async function appleAppSiteAssociation(db: Kysely<Database>, prefix: string) {
  const appIds = new Set<string>();
  for (const t of await templatesOf(db, prefix)) {
    if (t.teamId && t.bundleId) appIds.add(`${t.teamId}.${t.bundleId}`);
  }
  const ids = [...appIds];
  return {
    applinks: {
      apps: [],
      details: ids.map((appID) => ({ appID, appIDs: [appID], paths: ['*'], components: [{ '/': '/*' }] })),
    },
  };
}

/** assetlinks.json: each package of the templates with their SHA256 fingerprints. */
export async function assetLinks(db: Kysely<Database>, prefix: string) {
  const byPackage = new Map<string, Set<string>>();
  for (const t of await templatesOf(db, prefix)) {
    if (t.sha256.length === 0) continue;
    for (const pkg of t.packageNames) {
      const set = byPackage.get(pkg) ?? new Set<string>();
      for (const f of t.sha256) set.add(f);
      byPackage.set(pkg, set);
    }
  }
  return [...byPackage].map(([pkg, fingerprints]) => ({
    relation: ['delegate_permission/common.handle_all_urls'],
    target: { namespace: 'android_app', package_name: pkg, sha256_cert_fingerprints: [...fingerprints] },
  }));
}
