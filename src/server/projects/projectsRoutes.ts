import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, errorResponses, ok } from '../http/envelope';
import { IdParams } from '../http/fields';
import type { TypedApp } from '../http/typedApp';
import { AppError } from '../errors';
import { currentProject, currentUser, requireAuth, requireProject, requireRole } from '../plugins/auth';
import { listUserProjects, projectView } from './projectViews';
import { PLATFORMS } from './projectAccess';
import { defaultProjectTimeZone } from '../../engine/rules/timeZone';
import { requestLang } from '../http/requestLang';
import {
  assertPrefixFree,
  bodyTimeZone,
  createProject,
  projectMembers,
  replaceGrants,
  setPlatforms,
  updateProject,
} from './projectService';
import {
  CreateProjectBody,
  PlatformsBody,
  ProjectGrantsBody,
  ProjectMemberSchema,
  ProjectSchema,
  UpdateProjectBody,
} from './projectSchemas';

const tags = ['projects'];
const security = [{ bearer: [] }];

function listRoute(app: TypedApp) {
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
}

function createRoute(app: TypedApp) {
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
      const prefix = request.body.domainPrefix.toLowerCase();
      const timeZone =
        request.body.timezone === undefined
          ? defaultProjectTimeZone(requestLang(request))
          : bodyTimeZone(request.body.timezone);
      await assertPrefixFree(app.ctx.db, prefix);
      const platforms = request.body.platforms ?? [...PLATFORMS];
      const id = await createProject(
        app.ctx.db,
        {
          organisationId: user.organisationId,
          name: request.body.name,
          domainPrefix: prefix,
          timeZone,
          platforms,
        },
        app.ctx.now(),
      );
      return ok(await projectView(app.ctx.db, id, 'manage'));
    },
  );
}

function readRoute(app: TypedApp) {
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
}

function updateRoute(app: TypedApp) {
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
      const timeZone = request.body.timezone === undefined ? undefined : bodyTimeZone(request.body.timezone);
      await assertPrefixFree(app.ctx.db, prefix, project.id);
      await updateProject(
        app.ctx.db,
        project,
        { name: request.body.name, domainPrefix: prefix, timeZone },
        app.ctx.now(),
      );
      return ok(await projectView(app.ctx.db, project.id, project.permission));
    },
  );
}

function deleteRoute(app: TypedApp) {
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
}

function platformsRoute(app: TypedApp) {
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
      const { platforms, confirmName } = request.body;
      await setPlatforms(app.ctx.db, project, platforms, confirmName, app.ctx.now());
      return ok(await projectView(app.ctx.db, project.id, project.permission));
    },
  );
}

function membersRoute(app: TypedApp) {
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
      return ok(await projectMembers(app.ctx.db, project.id, project.organisationId));
    },
  );
}

function grantsRoute(app: TypedApp) {
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
      await replaceGrants(app.ctx.db, project, request.body.grants);
      return ok(await projectMembers(app.ctx.db, project.id, project.organisationId));
    },
  );
}

/** Projects, their platforms and who may work in them. */
export const projectsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  listRoute(app);
  createRoute(app);
  readRoute(app);
  updateRoute(app);
  deleteRoute(app);
  platformsRoute(app);
  membersRoute(app);
  grantsRoute(app);
};
