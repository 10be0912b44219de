import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { BLOCK_KINDS, BLOCK_NOTE_MAX, BLOCK_VALUES_MAX } from '../../engine/risk/checkBlockValue';
import { Envelope, errorResponses, ok } from '../http/envelope';
import { Id, IdParams } from '../http/fields';
import { currentProject, currentUser, requireProject } from '../plugins/auth';
import { PageQuery } from '../links/listQuery';
import { addToBlocklist, listBlocklist, removeFromBlocklist } from './blocklist';
import { listRiskAudit, RISK_ACTIONS } from './riskAudit';

const Kind = Type.Enum([...BLOCK_KINDS], {
  description: 'user: a participant user id; device: a device id; address: an IP address or CIDR range',
});
const Who = Type.Union([Type.Object({ id: Type.String(), name: Type.String() }), Type.Null()]);
const EntrySchema = Type.Object({
  id: Type.String(),
  kind: Kind,
  value: Type.String({
    description: 'Ids as given (trimmed); addresses normalized (203.0.113.0/24, 2001:db8::/64)',
  }),
  note: Type.Union([Type.String(), Type.Null()]),
  createdBy: Who,
  createdAt: Type.String(),
});
const AddBody = Type.Object({
  kind: Kind,
  values: Type.Array(Type.String({ maxLength: 200 }), {
    minItems: 1,
    maxItems: BLOCK_VALUES_MAX,
    description:
      'One value per entry: a user or device id of 1 to 128 characters, or an IPv4/IPv6 address or CIDR range',
  }),
  note: Type.Optional(
    Type.String({ maxLength: BLOCK_NOTE_MAX, singleLine: true, description: 'Why they are listed' }),
  ),
});
const AuditSchema = Type.Object({
  id: Type.String(),
  action: Type.String({ description: RISK_ACTIONS.join(', ') }),
  subject: Type.String(),
  campaignId: Type.Union([Type.String(), Type.Null()]),
  detail: Type.Record(Type.String(), Type.Unknown()),
  actor: Who,
  createdAt: Type.String(),
});

/** The project's blocklist (reads `view`, writes `edit`) and its risk audit trail. */
export const riskRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['risk'];
  const security = [{ bearer: [] }];
  const { db } = app.ctx;

  app.get(
    '/api/risk/blocklist',
    {
      onRequest: requireProject('view'),
      schema: {
        tags,
        security,
        summary: 'Blocklist entries, newest first',
        querystring: Type.Object({
          ...PageQuery,
          kind: Type.Optional(Kind),
          q: Type.Optional(Type.String({ maxLength: 128, description: 'Part of the value or the note' })),
        }),
        response: {
          200: Envelope(Type.Object({ items: Type.Array(EntrySchema), total: Type.Integer() })),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) => ok(await listBlocklist(db, currentProject(request).id, request.query)),
  );

  app.post(
    '/api/risk/blocklist',
    {
      onRequest: requireProject('edit'),
      schema: {
        tags,
        security,
        summary: 'Add values of one kind to the blocklist',
        description:
          'Every value is checked first; one refused value refuses them all (400 risk.valuesInvalid, ' +
          'each at /values/{i}). Values already listed or repeated are answered in `duplicates`.',
        body: AddBody,
        response: {
          200: Envelope(
            Type.Object({
              added: Type.Array(EntrySchema),
              duplicates: Type.Array(Type.String(), { description: 'Normalized values not added again' }),
            }),
          ),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) =>
      ok(
        await addToBlocklist(
          db,
          currentProject(request).id,
          request.body,
          currentUser(request),
          app.ctx.now(),
        ),
      ),
  );

  app.delete(
    '/api/risk/blocklist/:id',
    {
      onRequest: requireProject('edit'),
      schema: {
        tags,
        security,
        summary: 'Remove a blocklist entry',
        params: IdParams,
        response: { 200: Envelope(Type.Null()), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await removeFromBlocklist(
        db,
        currentProject(request).id,
        request.params.id,
        currentUser(request),
        app.ctx.now(),
      );
      return ok(null);
    },
  );

  app.get(
    '/api/risk/audit',
    {
      onRequest: requireProject('view'),
      schema: {
        tags,
        security,
        summary: 'Risk decisions, newest first',
        querystring: Type.Object({
          ...PageQuery,
          action: Type.Optional(Type.Enum([...RISK_ACTIONS])),
          campaignId: Type.Optional(Id),
          q: Type.Optional(Type.String({ maxLength: 128, description: 'Part of the subject' })),
        }),
        response: {
          200: Envelope(Type.Object({ items: Type.Array(AuditSchema), total: Type.Integer() })),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) => ok(await listRiskAudit(db, currentProject(request).id, request.query)),
  );
};
