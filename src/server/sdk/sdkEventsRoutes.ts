import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, errorResponses, ok } from '../http/envelope';
import { requestLang } from '../http/requestLang';
import { AccessKeyQuery, requireAccessKey, sdkProject } from './requireAccessKey';
import { allowAnyOrigin } from '../http/cors';
import { playOnSdkEvents } from '../play/playEvents';
import { IngestQueue } from './ingestQueue';
import { noteCallProblem, refusalProblem } from './callProblem';
import { loadBatchContext, sortBatch } from './sdkBatch';

/** At most this many events per batch. */
export const MAX_BATCH = 500;

const Rejected = Type.Object({
  index: Type.Integer({ description: 'Position in the batch' }),
  eventId: Type.Union([Type.String(), Type.Null()]),
  reason: Type.String({
    description: 'sdk.eventInvalid | sdk.unknownEvent | sdk.eventTooOld | sdk.eventInFuture',
  }),
  message: Type.String(),
  errors: Type.Optional(Type.Array(Type.Object({ path: Type.String(), message: Type.String() }))),
});

/** SDK event ingestion: batches of standard and custom events, idempotent on eventId. */
export const sdkEventsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;
  // Batches arriving while a transaction runs are written together in the next (group commit).
  // Referral invites move on, coin pool tasks pay, task center tasks move and pets eat, in the
  // same transaction as the events.
  const queue = new IngestQueue(db, app.ctx.now, async (trx, projectId, events) => {
    await playOnSdkEvents(trx, {
      projectId,
      events,
      now: app.ctx.now(),
      schemas: app.schemas.current(),
      dbKind: app.ctx.dbKind,
    });
  });

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
        body: Type.Object({
          events: Type.Array(
            Type.Unknown({
              description:
                'SdkEvent { eventId, name, category?, deviceId, userId?, platform, time, data?, linkId?, activityId?, source?, sdkVersion?, appVersion?, os?, osVersion?, country?, language?, testDevice? }',
            }),
            { minItems: 1, maxItems: MAX_BATCH },
          ),
        }),
        response: {
          200: Envelope(
            Type.Object({
              accepted: Type.Integer({ description: 'Events stored by this call' }),
              duplicates: Type.Integer({
                description: 'Events already stored (or repeated in the batch): ignored',
              }),
              rejected: Type.Array(Rejected),
            }),
          ),
          ...errorResponses(400, 401, 403, 413),
        },
      },
    },
    async (request) => {
      const projectId = sdkProject(request);
      const raw = request.body.events;
      const context = await loadBatchContext(db, projectId, raw);
      const batch = sortBatch(raw, app.ctx.now().getTime(), context, requestLang(request));
      const problem = refusalProblem(raw.length, batch.refusals);
      if (problem) noteCallProblem(request, problem);
      const stored = await queue.submit(projectId, batch.valid);
      return ok({
        accepted: stored.inserted,
        duplicates: stored.duplicates + batch.repeated,
        rejected: batch.rejected,
      });
    },
  );
};
