import type { Kysely } from 'kysely';
import type { Static } from 'typebox';
import { validationMessage } from '../../engine/validation/localizeErrors';
import { normalizeTimeZone } from '../../engine/rules/timeZone';
import type { Lang } from '../../engine/validation/lang';
import { AppError, errorMessage, fieldError, type FieldError } from '../errors';
import { isUniqueViolation } from '../db/isUniqueViolation';
import { randomId } from '../db/randomId';
import type { Database, GrantPermission, Platform, Role } from '../db/tables';
import type { ProjectAccess } from '../appContext';
import { newAccessKey } from '../attribution/newAccessKey';
import { rebuildRollups } from '../sdk/rebuildRollups';
import { platformsOf } from './projectAccess';
import { capAdsAdvanced, capGrant } from './permissions';
import type { ProjectGrantsBody } from './projectSchemas';

type Db = Kysely<Database>;

/** The stored spelling of a body's `timezone`, or 400 at `/timezone`. */
export function bodyTimeZone(value: string): string {
  const zone = normalizeTimeZone(value);
  if (!zone)
    throw fieldError((lang) => [{ path: '/timezone', message: validationMessage('timeZone', lang) }]);
  return zone;
}

const prefixTaken = () =>
  new AppError('domainPrefixTaken', {
    errors: (lang) => [{ path: '/domainPrefix', message: errorMessage('domainPrefixTaken', lang) }],
  });

/** 409 `domainPrefixTaken` when another project has the prefix. */
export async function assertPrefixFree(db: Db, prefix: string, exceptProjectId?: string): Promise<void> {
  let query = db.selectFrom('projects').select('id').where('domain_prefix', '=', prefix);
  if (exceptProjectId) query = query.where('id', '!=', exceptProjectId);
  if (await query.executeTakeFirst()) throw prefixTaken();
}

/** Runs a write; a unique violation (the prefix taken meanwhile) answers 409 `domainPrefixTaken`. */
async function guardPrefix(write: () => Promise<void>): Promise<void> {
  try {
    await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw prefixTaken();
    throw error;
  }
}

export interface NewProject {
  organisationId: string;
  name: string;
  /** Lower case, checked free. */
  domainPrefix: string;
  timeZone: string;
  platforms: Platform[];
}

/** Stores a project with a new access key and its open platforms; returns its id. */
export async function createProject(db: Db, input: NewProject, now: Date): Promise<string> {
  const id = randomId();
  const time = now.toISOString();
  await guardPrefix(() =>
    db.transaction().execute(async (trx) => {
      await trx
        .insertInto('projects')
        .values({
          id,
          organisation_id: input.organisationId,
          name: input.name.trim(),
          domain_prefix: input.domainPrefix,
          access_key: newAccessKey(),
          time_zone: input.timeZone,
          rollup_time_zone: input.timeZone,
          created_at: time,
          updated_at: time,
        })
        .execute();
      await trx
        .insertInto('project_platforms')
        .values(input.platforms.map((platform) => ({ project_id: id, platform })))
        .execute();
    }),
  );
  return id;
}

export interface ProjectChange {
  name: string;
  /** Lower case, checked free. */
  domainPrefix: string;
  /** A new time zone, or undefined to keep it. */
  timeZone?: string;
}

/**
 * Renames a project and sets its prefix; a new time zone recounts every day column of the
 * project (in the same transaction) unless its rollups are already counted in that zone.
 */
export async function updateProject(
  db: Db,
  project: Pick<ProjectAccess, 'id' | 'timeZone' | 'rollupTimeZone'>,
  change: ProjectChange,
  now: Date,
): Promise<void> {
  const zone = change.timeZone;
  await guardPrefix(() =>
    db.transaction().execute(async (trx) => {
      await trx
        .updateTable('projects')
        .set({ name: change.name.trim(), domain_prefix: change.domainPrefix, updated_at: now.toISOString() })
        .where('id', '=', project.id)
        .execute();
      if (zone !== undefined && zone !== project.rollupTimeZone) await rebuildRollups(trx, project.id, zone);
      else if (zone !== undefined && zone !== project.timeZone)
        await trx.updateTable('projects').set({ time_zone: zone }).where('id', '=', project.id).execute();
    }),
  );
}

/** Opens and closes platforms; closing one needs the project's name typed (400 at `/confirmName`). */
export async function setPlatforms(
  db: Db,
  project: Pick<ProjectAccess, 'id' | 'name'>,
  platforms: Platform[],
  confirmName: string | undefined,
  now: Date,
): Promise<void> {
  const current = (await platformsOf(db, [project.id])).get(project.id) ?? [];
  const wanted = new Set<Platform>(platforms);
  const closing = current.filter((platform) => !wanted.has(platform));
  if (closing.length > 0 && confirmName?.trim() !== project.name) {
    throw fieldError((lang) => [
      { path: '/confirmName', message: validationMessage('confirmNameMismatch', lang) },
    ]);
  }
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('project_platforms').where('project_id', '=', project.id).execute();
    await trx
      .insertInto('project_platforms')
      .values([...wanted].map((platform) => ({ project_id: project.id, platform })))
      .execute();
    await trx
      .updateTable('projects')
      .set({ updated_at: now.toISOString() })
      .where('id', '=', project.id)
      .execute();
  });
}

/**
 * Everyone who reaches the project: the owner and admins (manage, inherited) and the users with
 * a grant, their permission and ads flag capped by their role.
 */
export async function projectMembers(db: Db, projectId: string, organisationId: string) {
  const users = await db
    .selectFrom('users')
    .leftJoin('project_grants', (join) =>
      join.onRef('project_grants.user_id', '=', 'users.id').on('project_grants.project_id', '=', projectId),
    )
    .select([
      'users.id',
      'users.name',
      'users.email',
      'users.role',
      'users.created_at',
      'project_grants.permission',
      'project_grants.ads_advanced',
    ])
    .where('users.organisation_id', '=', organisationId)
    .orderBy('users.created_at')
    .orderBy('users.id')
    .execute();
  const out = [];
  for (const u of users) {
    const inherited = u.role === 'owner' || u.role === 'admin';
    if (!inherited && !u.permission) continue;
    const permission = inherited ? ('manage' as const) : capGrant(u.role, u.permission as GrantPermission);
    out.push({
      userId: u.id,
      name: u.name,
      email: u.email,
      role: u.role,
      permission,
      inherited,
      adsAdvanced: capAdsAdvanced(u.role, permission, Number(u.ads_advanced) === 1),
    });
  }
  return out;
}

type Grant = Static<typeof ProjectGrantsBody>['grants'][number];

/**
 * The organisation roles of the granted users; a user named twice, outside the organisation, or
 * an owner or admin (who need no grant) answers 400 at that grant's `userId`.
 */
async function grantedRoles(db: Db, organisationId: string, grants: Grant[]): Promise<Map<string, Role>> {
  const ids = [...new Set(grants.map((g) => g.userId))];
  const rows = ids.length
    ? await db
        .selectFrom('users')
        .select(['id', 'role'])
        .where('organisation_id', '=', organisationId)
        .where('id', 'in', ids)
        .execute()
    : [];
  const roles = new Map<string, Role>(rows.map((r) => [r.id, r.role]));
  const problems: { path: string; key: string }[] = [];
  const seen = new Set<string>();
  grants.forEach((grant, index) => {
    const path = `/grants/${index}/userId`;
    const role = roles.get(grant.userId);
    if (seen.has(grant.userId)) problems.push({ path, key: 'duplicateEntry' });
    else if (!role) problems.push({ path, key: 'memberNotInOrganisation' });
    else if (role === 'owner' || role === 'admin') problems.push({ path, key: 'grantNotNeeded' });
    seen.add(grant.userId);
  });
  if (problems.length) {
    throw fieldError((lang: Lang): FieldError[] =>
      problems.map((p) => ({ path: p.path, message: validationMessage(p.key, lang) })),
    );
  }
  return roles;
}

/**
 * Replaces the project's operator and viewer grants, each capped by the user's role; a grant
 * sent without `adsAdvanced` keeps the flag it had.
 */
export async function replaceGrants(
  db: Db,
  project: Pick<ProjectAccess, 'id' | 'organisationId'>,
  grants: Grant[],
): Promise<void> {
  const roles = await grantedRoles(db, project.organisationId, grants);
  await db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('project_grants')
      .select(['user_id', 'ads_advanced'])
      .where('project_id', '=', project.id)
      .execute();
    const advanced = new Map(before.map((g) => [g.user_id, Number(g.ads_advanced) === 1]));
    await trx.deleteFrom('project_grants').where('project_id', '=', project.id).execute();
    if (grants.length) {
      await trx
        .insertInto('project_grants')
        .values(
          grants.map((g) => {
            const role = roles.get(g.userId) as Role;
            const permission = capGrant(role, g.permission);
            const flag = g.adsAdvanced ?? advanced.get(g.userId) ?? false;
            return {
              project_id: project.id,
              user_id: g.userId,
              permission,
              ads_advanced: capAdsAdvanced(role, permission, flag) ? 1 : 0,
            };
          }),
        )
        .execute();
    }
  });
}
