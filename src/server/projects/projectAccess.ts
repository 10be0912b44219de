import type { Kysely } from 'kysely';
import type { Database, GrantPermission, Permission, Platform } from '../db/tables';
import type { AuthUser } from '../accounts/sessions';
import type { ProjectAccess } from '../appContext';
import { capAdsAdvanced, capGrant, managesAllProjects } from './permissions';

export const PLATFORMS: readonly Platform[] = ['android', 'ios', 'web'];

/** The caller's effective permission on a project, or undefined when it cannot reach it. */
export async function projectAccess(
  db: Kysely<Database>,
  user: AuthUser,
  projectId: string,
): Promise<ProjectAccess | undefined> {
  const project = await db
    .selectFrom('projects')
    .select(['id', 'organisation_id', 'name', 'domain_prefix', 'time_zone', 'rollup_time_zone'])
    .where('id', '=', projectId)
    .where('organisation_id', '=', user.organisationId)
    .executeTakeFirst();
  if (!project) return undefined;
  let permission: Permission;
  let adsAdvanced: boolean;
  if (managesAllProjects(user.role)) {
    permission = 'manage';
    adsAdvanced = true;
  } else {
    const grant = await db
      .selectFrom('project_grants')
      .select(['permission', 'ads_advanced'])
      .where('project_id', '=', projectId)
      .where('user_id', '=', user.id)
      .executeTakeFirst();
    if (!grant) return undefined;
    permission = capGrant(user.role, grant.permission as GrantPermission);
    adsAdvanced = capAdsAdvanced(user.role, permission, Number(grant.ads_advanced) === 1);
  }
  return {
    id: project.id,
    organisationId: project.organisation_id,
    name: project.name,
    domainPrefix: project.domain_prefix,
    timeZone: project.time_zone,
    rollupTimeZone: project.rollup_time_zone,
    permission,
    adsAdvanced,
  };
}

/** Platforms of several projects, in the canonical order android, ios, web. */
export async function platformsOf(
  db: Kysely<Database>,
  projectIds: string[],
): Promise<Map<string, Platform[]>> {
  const out = new Map<string, Platform[]>(projectIds.map((id) => [id, []]));
  if (projectIds.length === 0) return out;
  const rows = await db
    .selectFrom('project_platforms')
    .select(['project_id', 'platform'])
    .where('project_id', 'in', projectIds)
    .execute();
  for (const row of rows) out.get(row.project_id)?.push(row.platform);
  for (const list of out.values()) list.sort((a, b) => PLATFORMS.indexOf(a) - PLATFORMS.indexOf(b));
  return out;
}
