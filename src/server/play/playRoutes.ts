import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { Envelope, errorResponses, ok } from '../http/envelope';
import { AppError } from '../errors';
import { isPreviewToken } from '../campaigns/previewTokens';
import { deviceOf } from '../redirect/deviceOf';
import { requestParticipant } from './participants';
import type { ParticipantRow } from './playTables';
import { loadCampaignRow, playCampaign, type Config, type PlayCampaign } from './playCampaign';
import {
  budgetSpent,
  campaignView,
  pageLanguage,
  participantRewards,
  playerView,
  rewardViews,
} from './playView';
import { linkHrefsOf } from './pageView';
import { ACTIONS, runAction, type ActionOutcome } from './playActions';
import { openPlaySession } from './playSession';
import { actionAnswer } from './actionAnswer';
import { submitRewardForm } from './rewardForm';
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

/** The participant API (docs/play-runtime.md): public, campaign by id; the session names the player. */
export const playRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['participant'];
  const { db } = app.ctx;

  async function loadPlayable(id: string, preview?: string) {
    const now = app.ctx.now();
    const row = await loadCampaignRow(db, id);
    if (!row) throw new AppError('notFound');
    const previewing = preview ? await isPreviewToken(db, row.id, preview, now) : false;
    const campaign = playCampaign(app.schemas.current(), row);
    if (campaign.row.phase === 'draft' && !previewing) throw new AppError('notFound');
    return { campaign, now, previewing };
  }

  /** `me` after an action: its entry's counters, and the budget it read when it did. */
  async function meAfter(
    campaign: PlayCampaign,
    participant: ParticipantRow,
    outcome: ActionOutcome,
    language: { now: Date; lang: string; languages: string[]; defaultLanguage: string },
  ) {
    const spent =
      campaign.budgetMicros === null ? 0 : (outcome.spentMicros ?? (await budgetSpent(db, campaign.row.id)));
    return playerView(db, campaign, participant, {
      ...language,
      preview: false,
      spentMicros: spent,
      entry: outcome.entry,
      address: app.ctx,
      schemas: app.schemas.current(),
    });
  }

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
          ...errorResponses(400, 401, 404, 502),
        },
      },
    },
    async (request) => {
      const { campaign, now } = await loadPlayable(request.body.campaignId);
      const opened = await openPlaySession(
        app.ctx,
        app.schemas.current(),
        campaign,
        request.body,
        facts(request),
        now,
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
      const { campaign, now, previewing } = await loadPlayable(request.params.id, request.query.preview);
      const participant = await requestParticipant(db, request, campaign.row.project_id, now);
      const language = requestLanguage(campaign.config, request, request.query.lang);
      const spent = campaign.budgetMicros === null ? 0 : await budgetSpent(db, campaign.row.id);
      const overBudget = campaign.budgetMicros !== null && spent >= campaign.budgetMicros;
      const hrefOfLink = await linkHrefsOf(db, campaign.row.project_id, campaign.config, app.ctx);
      return ok({
        campaign: campaignView(campaign, { now, ...language, preview: previewing, overBudget, hrefOfLink }),
        me: await playerView(db, campaign, participant, {
          now,
          ...language,
          preview: previewing,
          spentMicros: spent,
          address: app.ctx,
          schemas: app.schemas.current(),
        }),
      });
    },
  );

  app.post(
    '/api/play/v1/campaigns/:id/actions/:action',
    {
      // A quiz answer names up to 100 questions with their picked options.
      bodyLimit: 16_384,
      schema: {
        tags,
        summary: `A player action (${ACTIONS.join(', ')}), once per Idempotency-Key`,
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
          ...errorResponses(400, 401, 403, 404, 409, 413),
        },
      },
    },
    async (request) => {
      const { action } = request.params;
      if (!(ACTIONS as readonly string[]).includes(action))
        throw new AppError('play.unknownAction', { params: { action } });
      const { campaign, now } = await loadPlayable(request.params.id);
      const participant = await requestParticipant(db, request, campaign.row.project_id, now);
      if (!participant) throw new AppError('play.unauthorized');
      const outcome = await runAction(db, {
        campaign,
        participant,
        action,
        key: request.headers['idempotency-key'],
        body: (request.body ?? {}) as Config,
        now,
        dbKind: app.ctx.dbKind,
        schemas: app.schemas.current(),
      });
      if (outcome.deliveries > 0) app.rewardDelivery?.kick();
      const language = requestLanguage(campaign.config, request, undefined, true);
      return ok({
        result: await actionAnswer(db, campaign, action, outcome, language),
        me: await meAfter(campaign, participant, outcome, { now, ...language }),
      });
    },
  );

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
      const { campaign, now } = await loadPlayable(request.params.id);
      const participant = await requestParticipant(db, request, campaign.row.project_id, now);
      if (!participant) throw new AppError('play.unauthorized');
      const language = requestLanguage(campaign.config, request, request.query.lang);
      const records = await participantRewards(db, campaign.row.id, participant.id);
      return ok({ items: await rewardViews(db, records, language.lang, language.defaultLanguage) });
    },
  );

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
      const { campaign, now } = await loadPlayable(request.params.id);
      const participant = await requestParticipant(db, request, campaign.row.project_id, now);
      if (!participant) throw new AppError('play.unauthorized');
      const { rewardId } = request.params;
      const record = await submitRewardForm(db, campaign, participant, rewardId, request.body.values, now);
      const language = requestLanguage(campaign.config, request);
      const [reward] = await rewardViews(db, [record], language.lang, language.defaultLanguage);
      return ok({ reward });
    },
  );
};
