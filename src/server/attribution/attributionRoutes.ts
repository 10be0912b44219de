import { isIP } from 'node:net';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { validationMessage } from '../../engine/validation/localizeErrors';
import { Envelope, errorResponses, ok } from '../http/envelope';
import { fieldError } from '../errors';
import { attribute } from './attribute';
import { playOnLinkInstall } from '../play/playEvents';
import { CallbackDispatcher } from './callbackDispatcher';
// The shared X-Access-Key hook: key lookup, IP whitelist, API request log.
import { AccessKeyQuery, requireAccessKey, sdkProject } from '../sdk/requireAccessKey';
import { allowAnyOrigin } from '../http/cors';

declare module 'fastify' {
  interface FastifyInstance {
    /** Attribution callbacks in flight; `idle()` waits for them (tests, shutdown). */
    attributionCallbacks: CallbackDispatcher;
  }
}

const ReportBody = Type.Object({
  type: Type.Union([Type.Literal('install'), Type.Literal('open'), Type.Literal('register')]),
  deviceId: Type.String({ minLength: 1, maxLength: 128 }),
  platform: Type.Union([Type.Literal('ios'), Type.Literal('android'), Type.Literal('web')]),
  os: Type.Optional(Type.String({ maxLength: 32 })),
  osVersion: Type.Optional(Type.String({ maxLength: 32 })),
  model: Type.Optional(Type.String({ maxLength: 64 })),
  ip: Type.Optional(Type.String({ maxLength: 45, description: "The device's IP (default: the caller's)" })),
  userAgent: Type.Optional(Type.String({ maxLength: 1024 })),
  clickId: Type.Optional(Type.String({ maxLength: 64, description: 'click_id from the launch URL' })),
  linkId: Type.Optional(Type.String({ maxLength: 64, description: 'The 6-character link id, when known' })),
});

const AnswerSchema = Type.Object({
  matched: Type.Boolean(),
  linkId: Type.Union([Type.String(), Type.Null()]),
  clickId: Type.Union([Type.String(), Type.Null()]),
  deferredData: Type.Record(Type.String(), Type.String()),
  deeplink: Type.Union([Type.String(), Type.Null()]),
  params: Type.Record(Type.String(), Type.String()),
  ua: Type.Optional(Type.String()),
});

/** SDK attribution: install, open and register reports matched to link clicks. */
export const attributionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const callbacks = new CallbackDispatcher({
    db: app.ctx.db,
    log: app.log,
    now: app.ctx.now,
    resolveHost: app.ctx.resolveHost,
  });
  app.decorate('attributionCallbacks', callbacks);
  app.addHook('onClose', async () => callbacks.idle());

  app.post(
    '/api/sdk/v1/attribution',
    {
      onRequest: requireAccessKey,
      // Web pages call it too (the web SDK): any origin, JSON sent as text/plain by beacons.
      onSend: allowAnyOrigin,
      config: { textBodyAsJson: true },
      schema: {
        tags: ['sdk'],
        summary:
          'Attribute an install, open or registration to a link click; answers the deferred deep link data',
        headers: Type.Object({
          'x-access-key': Type.Optional(Type.String({ description: 'Project access key' })),
        }),
        querystring: AccessKeyQuery,
        body: ReportBody,
        response: { 200: Envelope(AnswerSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const projectId = sdkProject(request);
      const body = request.body;
      if (body.ip !== undefined && isIP(body.ip) === 0) {
        throw fieldError((lang) => [{ path: '/ip', message: validationMessage('invalid', lang) }]);
      }
      // A click made a moment ago may still wait in the redirector's queue.
      await app.deepLinks.clicks.flush();
      const now = app.ctx.now();
      const result = await attribute(app.ctx.db, projectId, { ...body, ip: body.ip ?? request.ip }, now);
      // The mechanics' hooks (a click on a referral's invite link: the install is the invite's download step).
      if (result.attributionId) {
        await playOnLinkInstall(app.ctx.db, {
          projectId,
          type: body.type,
          deviceId: body.deviceId,
          platform: body.platform,
          clickId: result.answer.clickId,
          params: result.answer.params,
          schemas: app.schemas.current(),
          now,
        });
      }
      const t = result.template;
      if (result.attributionId && t?.callbackUrl && t.callbackEvents.includes(body.type)) {
        callbacks.send({
          projectId,
          attributionId: result.attributionId,
          event: body.type,
          url: t.callbackUrl,
          payload: {
            event: body.type,
            time: now.toISOString(),
            deviceId: body.deviceId,
            platform: body.platform,
            os: body.os ?? null,
            osVersion: body.osVersion ?? null,
            model: body.model ?? null,
            ...result.answer,
          },
        });
      }
      return ok(result.answer);
    },
  );
};

// Like fastify-plugin: `app.attributionCallbacks` is shared with the rest of the app.
(attributionRoutes as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;
