import { guardAction } from './risk/playRisk';
import { recordingRefusals } from './risk/riskGate';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { Envelope, errorResponses, ok } from '../http/envelope';
import { deviceOf } from '../redirect/deviceOf';
import { requestParticipant } from './participants';
import type { TypedApp } from '../http/typedApp';
import type { Config } from './playCampaign';
import { pageLanguage } from './playView';
import { ACTIONS, runAction } from './playActions';
import { openPlaySession } from './playSession';
import {
  actionResult,
  assertKnownAction,
  campaignPage,
  loadPlayable,
  ownRewards,
  signedIn,
  submitOwnRewardForm,
} from './playService';
import './delivery/rewardDelivery';

const USER_ID = '^[A-Za-z0-9_.@-]{1,64}$';
const KEY = '^[A-Za-z0-9_-]{1,32}$';

const Participant = Type.Object({
  code: Type.String(),
  userId: Type.Union([Type.String(), Type.Null()]),
  anonymous: Type.Boolean(),
});
// The page model is documented in docs/play-runtime.md ("Page model"); it is open so renderers may grow.
const Open = Type.Object({}, { additionalProperties: true });
const tags = ['participant'];

/**
 * The page language of a request: `?lang=` when asked, else `X-Lang` (an action's page sends its
 * language) when `xLang`, else Accept-Language.
 */
function requestLanguage(config: Config, request: FastifyRequest, queryLang?: string, xLang = false) {
  const header = xLang ? request.headers['x-lang'] : undefined;
  const accept = request.headers['accept-language'];
  return pageLanguage(
    config,
    queryLang ?? (typeof header === 'string' ? header : undefined),
    typeof accept === 'string' ? accept : undefined,
  );
}

function facts(request: FastifyRequest) {
  const device = deviceOf(request.headers['user-agent']);
  const country = request.headers['cf-ipcountry'];
  return {
    os: device.os,
    country: typeof country === 'string' && /^[A-Z]{2}$/.test(country) ? country : null,
  };
}

/** The registry and public address the page and answers are built with. */
const playContext = (app: TypedApp) => ({ schemas: app.schemas.current(), address: app.ctx });

function sessionRoute(app: TypedApp) {
  app.post(
    '/api/play/v1/sessions',
    {
      schema: {
        tags,
        summary:
          'Open a participant session: signed hand-off (userId, exp, sig), app token (token callback) or an anonymous device',
        body: Type.Object({
          campaignId: Type.String({ minLength: 1, maxLength: 64 }),
          userId: Type.Optional(Type.String({ pattern: USER_ID })),
          exp: Type.Optional(Type.Integer({ description: 'Unix seconds, at most 24 h ahead' })),
          sig: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
          appToken: Type.Optional(Type.String({ minLength: 1, maxLength: 2048 })),
          deviceId: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_.:-]{8,128}$' })),
          ch: Type.Optional(Type.String({ pattern: KEY, description: 'Channel key (?ch=)' })),
          inviter: Type.Optional(
            Type.String({
              pattern: '^[A-Za-z0-9]{1,16}$',
              description: 'Inviter participant code (?inviter=)',
            }),
          ),
        }),
        response: {
          200: Envelope(Type.Object({ token: Type.String(), participant: Participant })),
          ...errorResponses(400, 401, 403, 404, 502),
        },
      },
    },
    async (request) => {
      const now = app.ctx.now();
      const schemas = app.schemas.current();
      const { campaign } = await loadPlayable(app.ctx.db, schemas, request.body.campaignId, now);
      const opened = await openPlaySession(
        app.ctx,
        schemas,
        campaign,
        request.body,
        facts(request),
        now,
        request.ip,
      );
      if (opened.deliveries > 0) app.rewardDelivery?.kick();
      const { participant } = opened;
      return ok({
        token: opened.token,
        participant: {
          code: participant.code,
          userId: participant.user_id,
          anonymous: participant.user_id === null,
        },
      });
    },
  );
}

function pageRoute(app: TypedApp) {
  app.get(
    '/api/play/v1/campaigns/:id',
    {
      schema: {
        tags,
        summary:
          'The page model in the participant language plus `me` (chances, rewards, whether they can play)',
        params: Type.Object({ id: Type.String({ maxLength: 64 }) }),
        querystring: Type.Object({
          lang: Type.Optional(Type.String({ maxLength: 35 })),
          preview: Type.Optional(Type.String({ maxLength: 200 })),
          ch: Type.Optional(
            Type.String({ maxLength: 64, description: 'Channel key; recorded by the session call' }),
          ),
          inviter: Type.Optional(
            Type.String({ maxLength: 64, description: 'Inviter code; recorded by the session call' }),
          ),
        }),
        response: { 200: Envelope(Type.Object({ campaign: Open, me: Open })), ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const now = app.ctx.now();
      const { id } = request.params;
      const playing = await loadPlayable(app.ctx.db, app.schemas.current(), id, now, request.query.preview);
      const { campaign, previewing } = playing;
      const participant = await requestParticipant(app.ctx.db, request, campaign.row.project_id, now);
      const language = requestLanguage(campaign.config, request, request.query.lang);
      const input = { now, language, previewing };
      return ok(await campaignPage(app.ctx.db, playContext(app), campaign, participant, input));
    },
  );
}

function actionRoute(app: TypedApp) {
  app.post(
    '/api/play/v1/campaigns/:id/actions/:action',
    {
      // A quiz answer names up to 100 questions with their picked options.
      bodyLimit: 16_384,
      schema: {
        tags,
        summary: `A player action (${ACTIONS.join(', ')}), once per Idempotency-Key`,
        description:
          'One Idempotency-Key is one request (action and JSON body, whatever the order of its keys): ' +
          'sent again it answers the first answer; 409 `play.idempotencyKeyInFlight` while the first ' +
          'request with the key is still running; 422 `play.idempotencyKeyReused` for another action or body.',
        params: Type.Object({ id: Type.String({ maxLength: 64 }), action: Type.String({ maxLength: 32 }) }),
        headers: Type.Object({
          'idempotency-key': Type.String({ minLength: 1, maxLength: 64, pattern: '^[\\x21-\\x7E]+$' }),
        }),
        body: Type.Optional(
          Type.Object(
            { channel: Type.Optional(Type.String({ maxLength: 32, singleLine: true })) },
            { additionalProperties: true },
          ),
        ),
        response: {
          200: Envelope(Type.Object({ result: Open, me: Open })),
          ...errorResponses(400, 401, 403, 404, 409, 413, 422, 429),
        },
      },
    },
    async (request) => {
      const { db } = app.ctx;
      const { action } = request.params;
      assertKnownAction(action);
      const now = app.ctx.now();
      const { campaign } = await loadPlayable(db, app.schemas.current(), request.params.id, now);
      const participant = signedIn(await requestParticipant(db, request, campaign.row.project_id, now));
      // The blocklist and the per-minute limits first; the daily reward limits inside the action.
      const risk = await guardAction(db, campaign, participant, request.ip, now);
      const outcome = await recordingRefusals(db, campaign, now.getTime(), () =>
        runAction(db, {
          campaign,
          participant,
          action,
          key: request.headers['idempotency-key'],
          body: (request.body ?? {}) as Config,
          now,
          dbKind: app.ctx.dbKind,
          schemas: app.schemas.current(),
          risk,
        }),
      );
      if (outcome.deliveries > 0) app.rewardDelivery?.kick();
      const language = requestLanguage(campaign.config, request, undefined, true);
      const ran = { campaign, participant, name: action, outcome };
      return ok(await actionResult(db, playContext(app), ran, { now, language }));
    },
  );
}

function rewardsRoute(app: TypedApp) {
  app.get(
    '/api/play/v1/campaigns/:id/rewards',
    {
      schema: {
        tags,
        summary: "The participant's own reward records in this campaign",
        params: Type.Object({ id: Type.String({ maxLength: 64 }) }),
        querystring: Type.Object({ lang: Type.Optional(Type.String({ maxLength: 35 })) }),
        response: { 200: Envelope(Type.Object({ items: Type.Array(Open) })), ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const { db } = app.ctx;
      const now = app.ctx.now();
      const { campaign } = await loadPlayable(db, app.schemas.current(), request.params.id, now);
      const participant = signedIn(await requestParticipant(db, request, campaign.row.project_id, now));
      const language = requestLanguage(campaign.config, request, request.query.lang);
      return ok({ items: await ownRewards(db, campaign, participant, language) });
    },
  );
}

function rewardFormRoute(app: TypedApp) {
  app.post(
    '/api/play/v1/campaigns/:id/rewards/:rewardId/form',
    {
      bodyLimit: 16_384,
      schema: {
        tags,
        summary: "Submit the reward form of one of the participant's rewards (once)",
        params: Type.Object({ id: Type.String({ maxLength: 64 }), rewardId: Type.String({ maxLength: 64 }) }),
        body: Type.Object({
          values: Type.Record(Type.String({ maxLength: 30 }), Type.String({ maxLength: 500 })),
        }),
        response: { 200: Envelope(Type.Object({ reward: Open })), ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request) => {
      const { db } = app.ctx;
      const now = app.ctx.now();
      const { campaign } = await loadPlayable(db, app.schemas.current(), request.params.id, now);
      const participant = signedIn(await requestParticipant(db, request, campaign.row.project_id, now));
      const { rewardId } = request.params;
      const language = requestLanguage(campaign.config, request);
      const input = { rewardId, values: request.body.values, now, language };
      return ok({ reward: await submitOwnRewardForm(db, campaign, participant, input) });
    },
  );
}

/** The participant API (docs/play-runtime.md): public, campaign by id; the session names the player. */
export const playRoutes: FastifyPluginAsyncTypebox = async (app) => {
  sessionRoute(app);
  pageRoute(app);
  actionRoute(app);
  rewardsRoute(app);
  rewardFormRoute(app);
};
