import type { Kysely } from 'kysely';
import type { Database, GrantPermission, Role } from '../db/tables';

export interface MemberView {
  id: string;
  name: string;
  email: string;
  role: Role;
  lastLoginAt: string | null;
  createdAt: string;
  projects: { projectId: string; permission: GrantPermission; adsAdvanced: boolean }[];
}

/** Members of an organisation (or one of them), oldest first, with their explicit grants. */
export async function listMembers(
  db: Kysely<Database>,
  organisationId: string,
  onlyUserId?: string,
): Promise<MemberView[]> {
  let query = db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'role', 'last_login_at', 'created_at'])
    .where('organisation_id', '=', organisationId);
  if (onlyUserId) query = query.where('id', '=', onlyUserId);
  const users = await query.orderBy('created_at').orderBy('id').execute();
  const ids = users.map((u) => u.id);
  const grants = ids.length
    ? await db
        .selectFrom('project_grants')
        .innerJoin('projects', 'projects.id', 'project_grants.project_id')
        .select([
          'project_grants.user_id',
          'project_grants.project_id',
          'project_grants.permission',
          'project_grants.ads_advanced',
        ])
        .where('project_grants.user_id', 'in', ids)
        .orderBy('projects.created_at')
        .orderBy('projects.id')
        .execute()
    : [];
  return users.map((u) => ({
    id: u.id,
    name: u.name,
    email: u.email,
    role: u.role,
    lastLoginAt: u.last_login_at,
    createdAt: u.created_at,
    projects: grants
      .filter((g) => g.user_id === u.id)
      .map((g) => ({
        projectId: g.project_id,
        permission: g.permission as GrantPermission,
        adsAdvanced: Number(g.ads_advanced) === 1,
      })),
  }));
}
