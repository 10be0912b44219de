import type { Kysely, Transaction } from 'kysely';
import type { Static } from 'typebox';
import { validationMessage } from '../../engine/validation/localizeErrors';
import { AppError, errorMessage, fieldError } from '../errors';
import { isUniqueViolation } from '../db/isUniqueViolation';
import { randomId } from '../db/randomId';
import type { Database, GrantPermission, Role } from '../db/tables';
import { hashPassword } from '../accounts/passwords';
import { normalizeEmail } from '../accounts/userView';
import type { AuthUser } from '../accounts/sessions';
import { capAdsAdvanced, capGrant, managesAllProjects } from '../projects/permissions';
import type { CreateMemberBody, UpdateMemberBody } from './memberSchemas';

type Db = Kysely<Database>;
export type Grants = { projectId: string; permission: GrantPermission; adsAdvanced?: boolean }[];
/** Who acts: the caller's id, organisation and role. */
export type Caller = Pick<AuthUser, 'id' | 'organisationId' | 'role'>;
/** The member acted on. */
export interface Target {
  id: string;
  role: Role;
}

const emailTaken = () =>
  new AppError('emailTaken', {
    errors: (lang) => [{ path: '/email', message: errorMessage('emailTaken', lang) }],
  });

/** Every granted project must belong to the organisation, once (400 at the grant otherwise). */
export async function checkProjectGrants(
  db: Db,
  organisationId: string,
  grants: Grants | undefined,
): Promise<void> {
  if (!grants?.length) return;
  const ids = [...new Set(grants.map((g) => g.projectId))];
  const rows = await db
    .selectFrom('projects')
    .select('id')
    .where('organisation_id', '=', organisationId)
    .where('id', 'in', ids)
    .execute();
  const known = new Set(rows.map((r) => r.id));
  const seen = new Set<string>();
  const problems: { path: string; key: string }[] = [];
  grants.forEach((grant, index) => {
    const path = `/projects/${index}/projectId`;
    if (seen.has(grant.projectId)) problems.push({ path, key: 'duplicateEntry' });
    else if (!known.has(grant.projectId)) problems.push({ path, key: 'projectNotInOrganisation' });
    seen.add(grant.projectId);
  });
  if (problems.length) {
    throw fieldError((lang) =>
      problems.map((p) => ({ path: p.path, message: validationMessage(p.key, lang) })),
    );
  }
}

/**
 * Replaces a user's project grants, each capped by the role; a grant sent without
 * `adsAdvanced` keeps the flag it had on that project. The owner and admins reach every
 * project, so they keep no grants.
 */
export async function replaceUserGrants(
  trx: Db | Transaction<Database>,
  userId: string,
  role: Role,
  grants: Grants,
): Promise<void> {
  const before = await trx
    .selectFrom('project_grants')
    .select(['project_id', 'ads_advanced'])
    .where('user_id', '=', userId)
    .execute();
  const advanced = new Map(before.map((g) => [g.project_id, Number(g.ads_advanced) === 1]));
  await trx.deleteFrom('project_grants').where('user_id', '=', userId).execute();
  if (managesAllProjects(role) || grants.length === 0) return;
  await trx
    .insertInto('project_grants')
    .values(
      grants.map((g) => {
        const permission = capGrant(role, g.permission);
        const flag = g.adsAdvanced ?? advanced.get(g.projectId) ?? false;
        return {
          project_id: g.projectId,
          user_id: userId,
          permission,
          ads_advanced: capAdsAdvanced(role, permission, flag) ? 1 : 0,
        };
      }),
    )
    .execute();
}

/** A member of the caller's organisation, or 404 `memberNotFound`. */
export async function findMember(db: Db, organisationId: string, id: string): Promise<Target> {
  const target = await db
    .selectFrom('users')
    .select(['id', 'role'])
    .where('id', '=', id)
    .where('organisation_id', '=', organisationId)
    .executeTakeFirst();
  if (!target) throw new AppError('memberNotFound');
  return target;
}

/**
 * Adds a member with an initial password (only the owner adds admins; the email is unique);
 * returns the new user's id.
 */
export async function addMember(
  db: Db,
  caller: Caller,
  body: Static<typeof CreateMemberBody>,
  now: Date,
): Promise<string> {
  if (body.role === 'admin' && caller.role !== 'owner') throw new AppError('adminsByOwnerOnly');
  await checkProjectGrants(db, caller.organisationId, body.projects);
  const email = normalizeEmail(body.email);
  if (await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst())
    throw emailTaken();
  const passwordHash = await hashPassword(body.password);
  const id = randomId();
  const time = now.toISOString();
  try {
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('users')
        .values({
          id,
          organisation_id: caller.organisationId,
          name: body.name.trim(),
          email,
          password_hash: passwordHash,
          role: body.role,
          last_login_at: null,
          created_at: time,
          updated_at: time,
        })
        .execute();
      await replaceUserGrants(trx, id, body.role, body.projects ?? []);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
  return id;
}

/**
 * Who may change what: the owner stays owner without grants and only the owner edits them; no
 * one is made owner; admins are made and changed by the owner only.
 */
export function assertMayChange(
  caller: Caller,
  target: Target,
  change: Static<typeof UpdateMemberBody>,
): void {
  if (target.role === 'owner') {
    const changesRole = change.role !== undefined && change.role !== 'owner';
    if (changesRole || (change.projects?.length ?? 0) > 0 || caller.role !== 'owner') {
      throw new AppError('ownerProtected');
    }
  } else if (change.role === 'owner') {
    throw fieldError((lang) => [
      { path: '/role', message: validationMessage('ownerRoleNotAssignable', lang) },
    ]);
  }
  if ((target.role === 'admin' || change.role === 'admin') && caller.role !== 'owner') {
    throw new AppError('adminsByOwnerOnly');
  }
}

/**
 * Changes a member's name, role or grants. Without new grants a new role keeps the existing
 * ones, capped by what the new role may hold.
 */
export async function changeMember(
  db: Db,
  caller: Caller,
  target: Target,
  change: Static<typeof UpdateMemberBody>,
  now: Date,
): Promise<void> {
  assertMayChange(caller, target, change);
  await checkProjectGrants(db, caller.organisationId, change.projects);
  const role: Role = change.role ?? target.role;
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({
        ...(change.name !== undefined ? { name: change.name.trim() } : {}),
        role,
        updated_at: now.toISOString(),
      })
      .where('id', '=', target.id)
      .execute();
    if (change.projects !== undefined) {
      await replaceUserGrants(trx, target.id, role, change.projects);
    } else if (role !== target.role) {
      const kept = await trx
        .selectFrom('project_grants')
        .select(['project_id as projectId', 'permission', 'ads_advanced'])
        .where('user_id', '=', target.id)
        .execute();
      await replaceUserGrants(
        trx,
        target.id,
        role,
        kept.map((g) => ({
          projectId: g.projectId,
          permission: g.permission as GrantPermission,
          adsAdvanced: Number(g.ads_advanced) === 1,
        })),
      );
    }
  });
}

/** The owner is never removed, nor oneself; admins only by the owner. */
export function assertMayRemove(caller: Caller, target: Target): void {
  if (target.role === 'owner') throw new AppError('ownerProtected');
  if (target.id === caller.id) throw new AppError('cannotDeleteSelf');
  if (target.role === 'admin' && caller.role !== 'owner') throw new AppError('adminsByOwnerOnly');
}

/** Removes a member; sessions, grants and reset tokens go with the user (ON DELETE CASCADE). */
export async function removeMember(db: Db, caller: Caller, target: Target): Promise<void> {
  assertMayRemove(caller, target);
  await db.deleteFrom('users').where('id', '=', target.id).execute();
}
