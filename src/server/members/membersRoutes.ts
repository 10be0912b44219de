import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Kysely, Transaction } from 'kysely';
import { Type } from 'typebox';
import { validationMessage } from '../../engine/validation/localizeErrors';
import { Envelope, errorResponses, ok } from '../http/envelope';
import { IdParams } from '../http/fields';
import { AppError, errorMessage, fieldError } from '../errors';
import { isUniqueViolation } from '../db/isUniqueViolation';
import { randomId } from '../db/randomId';
import type { Database, GrantPermission, Role } from '../db/tables';
import { hashPassword } from '../accounts/passwords';
import { normalizeEmail } from '../accounts/userView';
import type { AuthUser } from '../accounts/sessions';
import { currentUser, requireAuth, requireRole } from '../plugins/auth';
import { capAdsAdvanced, capGrant, managesAllProjects } from '../projects/permissions';
import { listMembers } from './memberViews';
import { CreateMemberBody, MemberSchema, UpdateMemberBody } from './memberSchemas';

type Grants = { projectId: string; permission: GrantPermission; adsAdvanced?: boolean }[];

const emailTaken = () =>
  new AppError('emailTaken', {
    errors: (lang) => [{ path: '/email', message: errorMessage('emailTaken', lang) }],
  });

/** Organisation members: the owner and admins add, change and remove them. */
export const membersRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['members'];
  const security = [{ bearer: [] }];

  // Every granted project must belong to the caller's organisation, once.
  async function checkGrants(organisationId: string, grants: Grants | undefined) {
    if (!grants?.length) return;
    const ids = [...new Set(grants.map((g) => g.projectId))];
    const rows = await app.ctx.db
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

  async function replaceGrants(
    trx: Kysely<Database> | Transaction<Database>,
    userId: string,
    role: Role,
    grants: Grants,
  ) {
    // A grant sent without `adsAdvanced` keeps the flag it had on that project.
    const before = await trx
      .selectFrom('project_grants')
      .select(['project_id', 'ads_advanced'])
      .where('user_id', '=', userId)
      .execute();
    const advanced = new Map(before.map((g) => [g.project_id, Number(g.ads_advanced) === 1]));
    await trx.deleteFrom('project_grants').where('user_id', '=', userId).execute();
    // The owner and admins reach every project: grants would only be noise.
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

  async function loadTarget(caller: AuthUser, id: string) {
    const target = await app.ctx.db
      .selectFrom('users')
      .select(['id', 'role'])
      .where('id', '=', id)
      .where('organisation_id', '=', caller.organisationId)
      .executeTakeFirst();
    if (!target) throw new AppError('memberNotFound');
    return target;
  }

  async function memberAnswer(organisationId: string, userId: string) {
    const [member] = await listMembers(app.ctx.db, organisationId, userId);
    return member;
  }

  app.get(
    '/api/members',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        security,
        summary: 'Members of the caller’s organisation',
        response: { 200: Envelope(Type.Array(MemberSchema)), ...errorResponses(401) },
      },
    },
    async (request) => ok(await listMembers(app.ctx.db, currentUser(request).organisationId)),
  );

  app.post(
    '/api/members',
    {
      onRequest: requireRole('owner', 'admin'),
      schema: {
        tags,
        security,
        summary: 'Add a member with an initial password (owner or admin; only the owner adds admins)',
        body: CreateMemberBody,
        response: { 200: Envelope(MemberSchema), ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => {
      const caller = currentUser(request);
      const body = request.body;
      if (body.role === 'admin' && caller.role !== 'owner') throw new AppError('adminsByOwnerOnly');
      const { db, now } = app.ctx;
      await checkGrants(caller.organisationId, body.projects);
      const email = normalizeEmail(body.email);
      if (await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst())
        throw emailTaken();
      const passwordHash = await hashPassword(body.password);
      const id = randomId();
      const time = now().toISOString();
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
          await replaceGrants(trx, id, body.role, body.projects ?? []);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw emailTaken();
        throw error;
      }
      return ok(await memberAnswer(caller.organisationId, id));
    },
  );

  app.put(
    '/api/members/:id',
    {
      onRequest: requireRole('owner', 'admin'),
      schema: {
        tags,
        security,
        summary: 'Change a member’s name, role or project grants',
        params: IdParams,
        body: UpdateMemberBody,
        response: { 200: Envelope(MemberSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const caller = currentUser(request);
      const body = request.body;
      const target = await loadTarget(caller, request.params.id);
      if (target.role === 'owner') {
        const changesRole = body.role !== undefined && body.role !== 'owner';
        if (changesRole || (body.projects?.length ?? 0) > 0 || caller.role !== 'owner') {
          throw new AppError('ownerProtected');
        }
      } else if (body.role === 'owner') {
        throw fieldError((lang) => [
          { path: '/role', message: validationMessage('ownerRoleNotAssignable', lang) },
        ]);
      }
      if ((target.role === 'admin' || body.role === 'admin') && caller.role !== 'owner') {
        throw new AppError('adminsByOwnerOnly');
      }
      await checkGrants(caller.organisationId, body.projects);
      const role: Role = body.role ?? target.role;
      const { db, now } = app.ctx;
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('users')
          .set({
            ...(body.name !== undefined ? { name: body.name.trim() } : {}),
            role,
            updated_at: now().toISOString(),
          })
          .where('id', '=', target.id)
          .execute();
        if (body.projects !== undefined) {
          await replaceGrants(trx, target.id, role, body.projects);
        } else if (role !== target.role) {
          // Keep the existing grants but within what the new role may hold.
          const kept = await trx
            .selectFrom('project_grants')
            .select(['project_id as projectId', 'permission', 'ads_advanced'])
            .where('user_id', '=', target.id)
            .execute();
          await replaceGrants(
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
      return ok(await memberAnswer(caller.organisationId, target.id));
    },
  );

  app.delete(
    '/api/members/:id',
    {
      onRequest: requireRole('owner', 'admin'),
      schema: {
        tags,
        security,
        summary: 'Remove a member (not the owner, not oneself; only the owner removes admins)',
        params: IdParams,
        response: { 200: Envelope(Type.Null()), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const caller = currentUser(request);
      const target = await loadTarget(caller, request.params.id);
      if (target.role === 'owner') throw new AppError('ownerProtected');
      if (target.id === caller.id) throw new AppError('cannotDeleteSelf');
      if (target.role === 'admin' && caller.role !== 'owner') throw new AppError('adminsByOwnerOnly');
      // Sessions, grants and reset tokens go with the user (ON DELETE CASCADE).
      await app.ctx.db.deleteFrom('users').where('id', '=', target.id).execute();
      return ok(null);
    },
  );
};
