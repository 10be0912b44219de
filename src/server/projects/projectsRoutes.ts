import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { validationMessage } from '../../engine/validation/localizeErrors';
import { Envelope, errorResponses, ok } from '../http/envelope';
import { IdParams } from '../http/fields';
import { AppError, errorMessage, fieldError, type FieldError } from '../errors';
import type { Lang } from '../../engine/validation/lang';
import { isUniqueViolation } from '../db/isUniqueViolation';
import { randomId } from '../db/randomId';
import { newAccessKey } from '../attribution/newAccessKey';
import type { GrantPermission, Platform, Role } from '../db/tables';
import { currentProject, currentUser, requireAuth, requireProject, requireRole } from '../plugins/auth';
import { listUserProjects, projectView } from './projectViews';
import { PLATFORMS, platformsOf } from './projectAccess';
import { capAdsAdvanced, capGrant } from './permissions';
import { defaultProjectTimeZone, normalizeTimeZone } from '../../engine/rules/timeZone';
import { requestLang } from '../http/requestLang';
import { rebuildRollups } from '../sdk/rebuildRollups';
import {
  CreateProjectBody,
  PlatformsBody,
  ProjectGrantsBody,
  ProjectMemberSchema,
  ProjectSchema,
  UpdateProjectBody,
} from './projectSchemas';

/** The stored spelling of a body's `timezone`, or 400 at `/timezone`. */
function bodyTimeZone(value: string): string {
  const zone = normalizeTimeZone(value);
  if (!zone)
    throw fieldError((lang) => [{ path: '/timezone', message: validationMessage('timeZone', lang) }]);
  return zone;
}

const prefixTaken = () =>
  new AppError('domainPrefixTaken', {
    errors: (lang) => [{ path: '/domainPrefix', message: errorMessage('domainPrefixTaken', lang) }],
  });

/** Projects, their platforms and who may work in them. */
export const projectsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['projects'];
  const security = [{ bearer: [] }];

  async function assertPrefixFree(prefix: string, exceptProjectId?: string) {
    let query = app.ctx.db.selectFrom('projects').select('id').where('domain_prefix', '=', prefix);
    if (exceptProjectId) query = query.where('id', '!=', exceptProjectId);
    if (await query.executeTakeFirst()) throw prefixTaken();
  }

  app.get(
    '/api/projects',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        security,
        summary: "The caller's projects with its permission on each",
        response: { 200: Envelope(Type.Array(ProjectSchema)), ...errorResponses(401) },
      },
    },
    async (request) => ok(await listUserProjects(app.ctx.db, currentUser(request))),
  );

  app.post(
    '/api/projects',
    {
      onRequest: requireRole('owner', 'admin'),
      schema: {
        tags,
        security,
        summary: 'Create a project (owner or admin); all platforms unless named',
        body: CreateProjectBody,
        response: { 200: Envelope(ProjectSchema), ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { db, now } = app.ctx;
      const prefix = request.body.domainPrefix.toLowerCase();
      const zone =
        request.body.timezone === undefined
          ? defaultProjectTimeZone(requestLang(request))
          : bodyTimeZone(request.body.timezone);
      await assertPrefixFree(prefix);
      const id = randomId();
      const time = now().toISOString();
      const platforms = request.body.platforms ?? [...PLATFORMS];
      try {
        await db.transaction().execute(async (trx) => {
          await trx
            .insertInto('projects')
            .values({
              id,
              organisation_id: user.organisationId,
              name: request.body.name.trim(),
              domain_prefix: prefix,
              access_key: newAccessKey(),
              time_zone: zone,
              rollup_time_zone: zone,
              created_at: time,
              updated_at: time,
            })
            .execute();
          await trx
            .insertInto('project_platforms')
            .values(platforms.map((platform) => ({ project_id: id, platform })))
            .execute();
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw prefixTaken();
        throw error;
      }
      return ok(await projectView(db, id, 'manage'));
    },
  );

  app.get(
    '/api/projects/:id',
    {
      onRequest: requireProject('view'),
      schema: {
        tags,
        security,
        summary: 'One project (needs view)',
        params: IdParams,
        response: { 200: Envelope(ProjectSchema), ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const project = currentProject(request);
      return ok(await projectView(app.ctx.db, project.id, project.permission));
    },
  );

  app.put(
    '/api/projects/:id',
    {
      onRequest: requireProject('manage'),
      schema: {
        tags,
        security,
        summary:
          'Rename a project, change its domain prefix or its time zone (needs manage; a new zone recounts its analytics)',
        params: IdParams,
        body: UpdateProjectBody,
        response: { 200: Envelope(ProjectSchema), ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => {
      const project = currentProject(request);
      const prefix = request.body.domainPrefix.toLowerCase();
      const zone = request.body.timezone === undefined ? undefined : bodyTimeZone(request.body.timezone);
      await assertPrefixFree(prefix, project.id);
      try {
        await app.ctx.db.transaction().execute(async (trx) => {
          await trx
            .updateTable('projects')
            .set({
              name: request.body.name.trim(),
              domain_prefix: prefix,
              updated_at: app.ctx.now().toISOString(),
            })
            .where('id', '=', project.id)
            .execute();
          // A new zone: every day column of the project is recounted before the answer.
          if (zone !== undefined && zone !== project.rollupTimeZone)
            await rebuildRollups(trx, project.id, zone);
          else if (zone !== undefined && zone !== project.timeZone)
            await trx.updateTable('projects').set({ time_zone: zone }).where('id', '=', project.id).execute();
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw prefixTaken();
        throw error;
      }
      return ok(await projectView(app.ctx.db, project.id, project.permission));
    },
  );

  app.delete(
    '/api/projects/:id',
    {
      onRequest: requireProject('manage'),
      schema: {
        tags,
        security,
        summary: 'Delete a project and everything in it (owner only)',
        params: IdParams,
        response: { 200: Envelope(Type.Null()), ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      if (currentUser(request).role !== 'owner') throw new AppError('forbidden');
      await app.ctx.db.deleteFrom('projects').where('id', '=', currentProject(request).id).execute();
      return ok(null);
    },
  );

  app.put(
    '/api/projects/:id/platforms',
    {
      onRequest: requireProject('manage'),
      schema: {
        tags,
        security,
        summary: 'Open or close platforms; closing one needs confirmName = the project name',
        params: IdParams,
        body: PlatformsBody,
        response: { 200: Envelope(ProjectSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const project = currentProject(request);
      const { db } = app.ctx;
      const current = (await platformsOf(db, [project.id])).get(project.id) ?? [];
      const wanted = new Set<Platform>(request.body.platforms);
      const closing = current.filter((platform) => !wanted.has(platform));
      if (closing.length > 0 && request.body.confirmName?.trim() !== project.name) {
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
          .set({ updated_at: app.ctx.now().toISOString() })
          .where('id', '=', project.id)
          .execute();
      });
      return ok(await projectView(db, project.id, project.permission));
    },
  );

  async function projectMembers(projectId: string, organisationId: string) {
    const users = await app.ctx.db
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

  app.get(
    '/api/projects/:id/members',
    {
      onRequest: requireProject('view'),
      schema: {
        tags,
        security,
        summary: 'Everyone who reaches the project, with their permission',
        params: IdParams,
        response: { 200: Envelope(Type.Array(ProjectMemberSchema)), ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const project = currentProject(request);
      return ok(await projectMembers(project.id, project.organisationId));
    },
  );

  app.put(
    '/api/projects/:id/members',
    {
      onRequest: requireProject('manage'),
      schema: {
        tags,
        security,
        summary: 'Replace the operator and viewer grants of the project (needs manage)',
        params: IdParams,
        body: ProjectGrantsBody,
        response: { 200: Envelope(Type.Array(ProjectMemberSchema)), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const project = currentProject(request);
      const { db } = app.ctx;
      const grants = request.body.grants;
      const ids = [...new Set(grants.map((g) => g.userId))];
      const rows = ids.length
        ? await db
            .selectFrom('users')
            .select(['id', 'role'])
            .where('organisation_id', '=', project.organisationId)
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
      await db.transaction().execute(async (trx) => {
        // A grant sent without `adsAdvanced` keeps the flag it had.
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
      return ok(await projectMembers(project.id, project.organisationId));
    },
  );
};
