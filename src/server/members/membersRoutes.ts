import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, errorResponses, ok } from '../http/envelope';
import { IdParams } from '../http/fields';
import type { TypedApp } from '../http/typedApp';
import { currentUser, requireAuth, requireRole } from '../plugins/auth';
import { listMembers } from './memberViews';
import { addMember, changeMember, findMember, removeMember } from './memberService';
import { CreateMemberBody, MemberSchema, UpdateMemberBody } from './memberSchemas';

const tags = ['members'];
const security = [{ bearer: [] }];

async function memberAnswer(app: TypedApp, organisationId: string, userId: string) {
  const [member] = await listMembers(app.ctx.db, organisationId, userId);
  return member;
}

function listRoute(app: TypedApp) {
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
}

function addRoute(app: TypedApp) {
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
      const id = await addMember(app.ctx.db, caller, request.body, app.ctx.now());
      return ok(await memberAnswer(app, caller.organisationId, id));
    },
  );
}

function changeRoute(app: TypedApp) {
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
      const target = await findMember(app.ctx.db, caller.organisationId, request.params.id);
      await changeMember(app.ctx.db, caller, target, request.body, app.ctx.now());
      return ok(await memberAnswer(app, caller.organisationId, target.id));
    },
  );
}

function removeRoute(app: TypedApp) {
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
      const target = await findMember(app.ctx.db, caller.organisationId, request.params.id);
      await removeMember(app.ctx.db, caller, target);
      return ok(null);
    },
  );
}

/** Organisation members: the owner and admins add, change and remove them. */
export const membersRoutes: FastifyPluginAsyncTypebox = async (app) => {
  listRoute(app);
  addRoute(app);
  changeRoute(app);
  removeRoute(app);
};
