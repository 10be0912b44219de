import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { AppError } from '../errors';
import { Envelope, errorResponses, ok } from '../http/envelope';
import { allowAnyOrigin, preflightRoutes } from '../http/cors';
import { IdParams } from '../http/fields';
import { PublicBannerSchema, PublicScriptSchema } from './publicTurbo';
import type { PublicBanner, PublicScript } from './publicTurbo';
import type { ServedTarget, ServedTargets } from './servedTargets';
import { loadBanner, loadScript, MAX_SCRIPT_LINKS } from './loadPublicTurbo';
import { recordBeacon } from './turboEvents';
import type { TurboKind } from './turboTables';

/** Events per beacon. */
const MAX_EVENTS = 20;

const EventId = Type.String({
  pattern: '^[A-Za-z0-9_.:-]{8,64}$',
  description: 'Idempotency key (8..64 of letters, digits, _ . : -): a retried event counts once',
});
const Page = Type.String({
  minLength: 1,
  maxLength: 2000,
  description: 'The page URL (http or https); stored as origin + path',
});
const BannerEvents = Type.Object({
  events: Type.Array(
    Type.Object({
      id: EventId,
      type: Type.Enum(['impression', 'click', 'dismiss']),
      page: Page,
    }),
    { minItems: 1, maxItems: MAX_EVENTS },
  ),
});
const ScriptEvents = Type.Object({
  events: Type.Array(
    Type.Object({
      id: EventId,
      type: Type.Literal('rewrite'),
      page: Page,
      links: Type.Integer({ minimum: 1, maximum: MAX_SCRIPT_LINKS, description: 'Links rewritten' }),
    }),
    { minItems: 1, maxItems: MAX_EVENTS },
  ),
});
const EventsAnswer = Type.Object({
  accepted: Type.Integer({ description: 'Events stored by this call' }),
  duplicates: Type.Integer({ description: 'Events already stored (or repeated in the batch): ignored' }),
});

/**
 * The web SDK's routes (no login, any origin): a banner's or script's public config (`Cache-
 * Control: public, max-age=60`) and the events it reports. An offline or unknown banner or script
 * answers 404 to both. Events are stored once per id; the time, day and platform are the server's
 * (from its clock and the User-Agent), the page is cut to origin + path. Robots' events are not
 * recorded (counted in neither `accepted` nor `duplicates`).
 */
export function turboPublicRoutes(served: ServedTargets): FastifyPluginAsyncTypebox {
  return async (app) => {
    const tags = ['web sdk'];
    const baseUrl = (prefix: string) => app.deepLinks.baseUrl(prefix);
    const banner = (id: string) => served.get('banner', id, () => loadBanner(app.ctx.db, baseUrl, id));
    const script = (id: string) => served.get('script', id, () => loadScript(app.ctx.db, baseUrl, id));
    const base = { banner: '/api/turbo/v1/banners/:id', script: '/api/turbo/v1/scripts/:id' };
    preflightRoutes(
      app,
      Object.values(base).flatMap((url) => [url, `${url}/events`]),
      { methods: 'GET, POST', headers: 'content-type, x-lang' },
    );

    const configRoute = (
      kind: TurboKind,
      schema: typeof PublicBannerSchema | typeof PublicScriptSchema,
      find: (id: string) => Promise<ServedTarget<PublicBanner | PublicScript> | null>,
    ) =>
      app.get(
        base[kind],
        {
          onSend: allowAnyOrigin,
          schema: {
            tags,
            summary: `The public config of an online ${kind} (404 when offline or unknown)`,
            params: IdParams,
            response: { 200: Envelope(schema), ...errorResponses(400, 404) },
          },
        },
        async (request, reply) => {
          const target = await find(request.params.id);
          if (!target) throw new AppError('notFound');
          reply.header('cache-control', 'public, max-age=60');
          return ok(target.answer);
        },
      );
    configRoute('banner', PublicBannerSchema, banner);
    configRoute('script', PublicScriptSchema, script);

    const eventsRoute = (
      kind: TurboKind,
      body: typeof BannerEvents | typeof ScriptEvents,
      find: (id: string) => Promise<ServedTarget<unknown> | null>,
    ) =>
      app.post(
        `${base[kind]}/events`,
        {
          onSend: allowAnyOrigin,
          // 20 events of at most 2000-character pages fit many times over.
          bodyLimit: 256 * 1024,
          // navigator.sendBeacon sends its JSON as text/plain.
          config: { textBodyAsJson: true },
          schema: {
            tags,
            summary: `Report a ${kind}'s events (idempotent by id; 404 when offline or unknown)`,
            params: IdParams,
            body,
            response: { 200: Envelope(EventsAnswer), ...errorResponses(400, 404, 413, 415) },
          },
        },
        async (request) => {
          const target = await find(request.params.id);
          if (!target) throw new AppError('notFound');
          return ok(
            await recordBeacon(app.ctx.db, {
              target: { kind, id: request.params.id, projectId: target.projectId },
              events: request.body.events,
              userAgent: request.headers['user-agent'],
              now: app.ctx.now(),
            }),
          );
        },
      );
    eventsRoute('banner', BannerEvents, banner);
    eventsRoute('script', ScriptEvents, script);
  };
}
