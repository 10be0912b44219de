import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, errorResponses, ok } from '../http/envelope';
import { errorMessage } from '../errors';
import { requestLang } from '../http/requestLang';
import { AccessKeyQuery, requireAccessKey, sdkProject } from './requireAccessKey';
import { allowAnyOrigin } from '../http/cors';
import { isRefusal, validateSdkEvent, type IngestEvent } from './validateSdkEvent';
import { playOnSdkEvents } from '../play/playEvents';
import { IngestQueue } from './ingestQueue';
import { EVENT_NAME_PATTERN, STANDARD_EVENTS } from './sdkEventSchema';
import { loggableEventName, noteCallProblem, refusalProblem } from './callProblem';

/** At most this many events per batch. */
export const MAX_BATCH = 500;
const STANDARD = new Set<string>(STANDARD_EVENTS);
const EVENT_NAME = new RegExp(EVENT_NAME_PATTERN);

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
      const lang = requestLang(request);
      const raw = request.body.events;
      const nowMs = app.ctx.now().getTime();

      // Custom names must be event keys of the project: one read for the names in this batch.
      const customNames = new Set<string>();
      for (const item of raw) {
        const name = (item as { name?: unknown } | null)?.name;
        const category = (item as { category?: unknown } | null)?.category;
        // Only names that can be event keys are looked up (a NUL would fail the whole query).
        if (
          typeof name === 'string' &&
          name.length <= 50 &&
          EVENT_NAME.test(name) &&
          (category === 'custom' || !STANDARD.has(name))
        ) {
          customNames.add(name);
        }
      }
      const [defined, testDevices] = await Promise.all([
        customNames.size === 0
          ? Promise.resolve([])
          : db
              .selectFrom('events')
              .select('key')
              .where('project_id', '=', projectId)
              .where('key', 'in', [...customNames])
              .execute(),
        db.selectFrom('test_devices').select('device_id').where('project_id', '=', projectId).execute(),
      ]);
      const customKeys = new Set(defined.map((r) => r.key));
      const testIds = new Set(testDevices.map((r) => r.device_id));

      const valid: IngestEvent[] = [];
      const seen = new Set<string>();
      let repeated = 0;
      const rejected: {
        index: number;
        eventId: string | null;
        reason: string;
        message: string;
        errors?: { path: string; message: string }[];
      }[] = [];
      // What the request log keeps of them: reason, event name and fields, in no language.
      const refusals: { reason: string; name: string | null; paths?: string[] }[] = [];
      raw.forEach((item, index) => {
        const result = validateSdkEvent(item, nowMs, customKeys, testIds);
        if (isRefusal(result)) {
          const id = (item as { eventId?: unknown } | null)?.eventId;
          const errors = result.issues?.(lang);
          const detail = errors?.map((e) => `${e.path || '/'} ${e.message}`).join('; ') ?? '';
          rejected.push({
            index,
            eventId: typeof id === 'string' ? id.slice(0, 64) : null,
            reason: result.reason,
            message: errorMessage(result.reason, lang, { ...result.params, detail }),
            ...(errors ? { errors } : {}),
          });
          refusals.push({
            reason: result.reason,
            name: loggableEventName((item as { name?: unknown } | null)?.name),
            paths: errors?.map((e) => e.path || '/'),
          });
          return;
        }
        // The same event twice in one batch counts once, like a retry.
        if (seen.has(result.eventId)) {
          repeated += 1;
          return;
        }
        seen.add(result.eventId);
        valid.push(result);
      });

      const problem = refusalProblem(raw.length, refusals);
      if (problem) noteCallProblem(request, problem);
      const stored = await queue.submit(projectId, valid);
      return ok({ accepted: stored.inserted, duplicates: stored.duplicates + repeated, rejected });
    },
  );
};
