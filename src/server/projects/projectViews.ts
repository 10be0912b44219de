import type { Kysely } from 'kysely';
import type { AuthUser } from '../accounts/sessions';
import type { Database, GrantPermission, Permission, Platform, ProjectRow } from '../db/tables';
import { capGrant, managesAllProjects } from './permissions';
import { platformsOf } from './projectAccess';

export interface ProjectView {
  id: string;
  name: string;
  domainPrefix: string;
  /** IANA zone or `GMT+08:00`: the project's analytics days. */
  timezone: string;
  platforms: Platform[];
  createdAt: string;
  permission: Permission;
}

function view(row: ProjectRow, platforms: Platform[], permission: Permission): ProjectView {
  return {
    id: row.id,
    name: row.name,
    domainPrefix: row.domain_prefix,
    timezone: row.time_zone,
    platforms,
    createdAt: row.created_at,
    permission,
  };
}

/** The projects a user reaches, oldest first, with the user's permission on each. */
export async function listUserProjects(db: Kysely<Database>, user: AuthUser): Promise<ProjectView[]> {
  const rows = await db
    .selectFrom('projects')
    .selectAll()
    .where('organisation_id', '=', user.organisationId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  let permissions: Map<string, Permission>;
  if (managesAllProjects(user.role)) {
    permissions = new Map(rows.map((row) => [row.id, 'manage' as Permission]));
  } else {
    const grants = await db
      .selectFrom('project_grants')
      .select(['project_id', 'permission'])
      .where('user_id', '=', user.id)
      .execute();
    permissions = new Map(
      grants.map((g) => [g.project_id, capGrant(user.role, g.permission as GrantPermission)]),
    );
  }
  const visible = rows.filter((row) => permissions.has(row.id));
  const platforms = await platformsOf(
    db,
    visible.map((row) => row.id),
  );
  return visible.map((row) => view(row, platforms.get(row.id) ?? [], permissions.get(row.id) as Permission));
}

/** One project as the API shows it, with the given permission of the caller. */
export async function projectView(
  db: Kysely<Database>,
  projectId: string,
  permission: Permission,
): Promise<ProjectView> {
  const row = await db
    .selectFrom('projects')
    .selectAll()
    .where('id', '=', projectId)
    .executeTakeFirstOrThrow();
  const platforms = await platformsOf(db, [projectId]);
  return view(row, platforms.get(projectId) ?? [], permission);
}
