import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Transaction } from 'kysely';
import { Envelope, errorResponses, ok } from '../http/envelope';
import { errorMessage } from '../errors';
import type { Database } from '../db/tables';
import type { IngestEvent } from './validateSdkEvent';
import { requestLang } from '../http/requestLang';
import { AccessKeyQuery, requireAccessKey, sdkProject } from './requireAccessKey';
import { allowAnyOrigin } from '../http/cors';
import { playOnSdkEvents } from '../play/playEvents';
import { IngestQueue } from './ingestQueue';
import { noteCallProblem, refusalProblem } from './callProblem';
import { loadBatchContext, sortBatch, type SortedBatch } from './sdkBatch';
import { requireServerSignature } from './serverSignature';
import { confirmAppEvents } from './confirmAppEvents';
import type { FastifyRequest } from 'fastify';

/** At most this many events per batch. */
export const MAX_BATCH = 500;

const Rejected = Type.Object({
  index: Type.Integer({ description: 'Position in the batch' }),
  eventId: Type.Union([Type.String(), Type.Null()]),
  reason: Type.String({
    description:
      'sdk.eventInvalid | sdk.unknownEvent | sdk.eventTooOld | sdk.eventInFuture | sdk.eventIdTaken (server events)',
  }),
  message: Type.String(),
  errors: Type.Optional(Type.Array(Type.Object({ path: Type.String(), message: Type.String() }))),
});

const BatchBody = Type.Object({
  events: Type.Array(
    Type.Unknown({
      description:
        'SdkEvent { eventId, name, category?, deviceId, userId?, platform, time, data?, linkId?, activityId?, source?, sdkVersion?, appVersion?, os?, osVersion?, country?, language?, testDevice? }',
    }),
    { minItems: 1, maxItems: MAX_BATCH },
  ),
});

const BatchAnswer = Envelope(
  Type.Object({
    accepted: Type.Integer({ description: 'Events stored (or, from the server, confirmed) by this call' }),
    duplicates: Type.Integer({
      description: 'Events already stored (or repeated in the batch): ignored',
    }),
    rejected: Type.Array(Rejected),
  }),
);

/** A batch read and checked: each event alone, in the caller's language. */
async function checkedBatch(
  request: FastifyRequest,
  raw: readonly unknown[],
  nowMs: number,
): Promise<{ projectId: string; batch: SortedBatch }> {
  const projectId = sdkProject(request);
  const context = await loadBatchContext(request.server.ctx.db, projectId, raw);
  const batch = sortBatch(raw, nowMs, context, requestLang(request));
  const problem = refusalProblem(raw.length, batch.refusals);
  if (problem) noteCallProblem(request, problem);
  return { projectId, batch };
}

/**
 * Event ingestion, idempotent on eventId: the SDK's batches (access key) and the same batches
 * from the customer's servers (signed with the API secret), whose events may move progress that
 * takes the server's word only.
 */
export const sdkEventsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;
  // Batches arriving while a transaction runs are written together in the next (group commit).
  // Referral invites move on, coin pool tasks pay, task center tasks move and pets eat, in the
  // same transaction as the events.
  const playOnEvents = (trx: Transaction<Database>, projectId: string, events: readonly IngestEvent[]) =>
    playOnSdkEvents(trx, {
      projectId,
      events,
      now: app.ctx.now(),
      schemas: app.schemas.current(),
      dbKind: app.ctx.dbKind,
    });
  const queue = new IngestQueue(db, app.ctx.now, playOnEvents);

  app.post(
    '/api/sdk/v1/events',
    {
      onRequest: requireAccessKey,
      // Web pages call it too (the web SDK): any origin, JSON sent as text/plain by beacons.
      onSend: allowAnyOrigin,
      bodyLimit: 5 * 1024 * 1024,
      // validateSdkEvent refuses a control character or an overflowing number per event.
      config: { ownBodyTextCheck: true, textBodyAsJson: true },
      schema: {
        tags: ['sdk'],
        summary:
          'Report a batch of SDK events (each validated alone; retries with the same eventId count once)',
        headers: Type.Object({
          'x-access-key': Type.Optional(Type.String({ description: 'Project access key' })),
        }),
        querystring: AccessKeyQuery,
        body: BatchBody,
        response: {
          200: BatchAnswer,
          ...errorResponses(400, 401, 403, 413),
        },
      },
    },
    async (request) => {
      const { projectId, batch } = await checkedBatch(request, request.body.events, app.ctx.now().getTime());
      const stored = await queue.submit(projectId, batch.valid);
      return ok({
        accepted: stored.inserted,
        duplicates: stored.duplicates + batch.repeated,
        rejected: batch.rejected,
      });
    },
  );

  app.post(
    '/api/server/v1/events',
    {
      onRequest: requireAccessKey,
      preValidation: requireServerSignature,
      bodyLimit: 5 * 1024 * 1024,
      config: { ownBodyTextCheck: true, rawBody: true },
      schema: {
        tags: ['sdk'],
        summary:
          "Report a batch of events from the customer's server, signed with the project's API secret (Standard Webhooks: webhook-id, webhook-timestamp, webhook-signature over the body); the same event shape and eventId rule as the SDK's batch. Only these events move progress that takes the server's word only. An eventId an app event already holds with the same content confirms that event; with other content it is refused (sdk.eventIdTaken)",
        headers: Type.Object({
          'x-access-key': Type.String({ description: 'Project access key (names the project)' }),
          'webhook-id': Type.String({ description: 'A unique id of this request' }),
          'webhook-timestamp': Type.String({
            description: 'Unix seconds; within 5 minutes of the server clock',
          }),
          'webhook-signature': Type.String({
            description: 'v1,<base64 HMAC-SHA256 of "id.timestamp.body" keyed with the API secret>',
          }),
        }),
        body: BatchBody,
        response: { 200: BatchAnswer, ...errorResponses(400, 401, 403, 413) },
      },
    },
    async (request) => {
      const { projectId, batch } = await checkedBatch(request, request.body.events, app.ctx.now().getTime());
      for (const event of batch.valid) event.via = 'server';
      const stored = await queue.submit(projectId, batch.valid);
      // Ids app events held before: the same content is confirmed, other content refused.
      const held = await confirmAppEvents(db, projectId, batch.valid, (trx, confirmed) =>
        playOnEvents(trx, projectId, confirmed),
      );
      const lang = requestLang(request);
      return ok({
        accepted: stored.inserted + held.confirmed.length,
        duplicates: stored.duplicates - held.confirmed.length - held.taken.length + batch.repeated,
        rejected: [
          ...batch.rejected,
          ...held.taken.map((event) => ({
            index: request.body.events.findIndex(
              (raw) => (raw as { eventId?: unknown }).eventId === event.eventId,
            ),
            eventId: event.eventId,
            reason: 'sdk.eventIdTaken',
            message: errorMessage('sdk.eventIdTaken', lang),
          })),
        ],
      });
    },
  );
};
