import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { Envelope, errorResponses, ok } from '../http/envelope';
import { AppError, fieldError } from '../errors';
import { isPreviewToken } from '../campaigns/previewTokens';
import { deviceOf } from '../redirect/deviceOf';
import { textInLanguage } from '../lists/textInLanguage';
import { safeUrl } from '../participant/renderParticipantPage';
import { validationMessage } from '../../engine/validation/localizeErrors';
import { formAnswerIssues } from '../../engine/play/formAnswers';
import {
  acceptHandoff,
  findOrCreateParticipant,
  openParticipantSession,
  requestParticipant,
} from './participants';
import { resolveAppToken } from './tokenCallback';
import { loadCampaignRow, playCampaign, list, type Config } from './playCampaign';
import {
  budgetSpent,
  campaignView,
  pageLanguage,
  participantRewards,
  playerView,
  rewardViews,
} from './playView';
import { linkHrefsOf } from './pageView';
import { recordPageInvite } from './invite/inviteTrack';
import { ACTIONS, ensureEntry, grantInvite, runAction } from './playActions';
import { quizQuestionViews } from './quiz/quizView';
import { signInTasks } from './tasks/taskActions';
import { adoptPet } from './raise/raiseService';
import type { ParticipantRow } from './playTables';
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

/** The page language of an action: `X-Lang` (the page sends its language), else Accept-Language. */
function actionLanguage(config: Config, request: FastifyRequest) {
  const xLang = request.headers['x-lang'];
  const accept = request.headers['accept-language'];
  return pageLanguage(
    config,
    typeof xLang === 'string' ? xLang : undefined,
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

/** The participant API (API.md): public, campaign by id; the session names the player. */
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
      const body = request.body;
      const { campaign, now } = await loadPlayable(body.campaignId);
      const projectId = campaign.row.project_id;
      let identity: {
        userId?: string;
        deviceId?: string;
        via: 'handoff' | 'token' | 'device';
        userType?: string | null;
      };
      if (body.sig !== undefined || body.exp !== undefined) {
        if (body.sig === undefined || body.exp === undefined || body.userId === undefined)
          throw new AppError('play.unauthorized');
        await acceptHandoff(
          db,
          { projectId, campaignId: campaign.row.id, userId: body.userId, exp: body.exp, sig: body.sig },
          now,
        );
        identity = { userId: body.userId, via: 'handoff' };
      } else if (body.appToken !== undefined) {
        const resolved = await resolveAppToken(app.ctx, projectId, campaign.row.id, body.appToken);
        identity = { userId: resolved.userId, userType: resolved.userType, via: 'token' };
      } else if (body.deviceId !== undefined && body.userId === undefined) {
        identity = { deviceId: body.deviceId, via: 'device' };
      } else {
        // A bare userId is a claim nobody signed.
        throw new AppError('play.unauthorized');
      }
      const { participant, created } = await findOrCreateParticipant(
        db,
        { projectId, ...identity, ...facts(request) },
        now,
      );
      let inviter: ParticipantRow | undefined;
      if (body.inviter) {
        inviter = await db
          .selectFrom('participants')
          .selectAll()
          .where('project_id', '=', projectId)
          .where('code', '=', body.inviter.toUpperCase())
          .executeTakeFirst();
      }
      await ensureEntry(db, campaign, participant, now, {
        channel: body.ch ?? null,
        inviterId: inviter?.id ?? null,
      });
      if (inviter && created) await grantInvite(db, campaign, inviter, participant, now);
      // A referral records the invitee (the steps that qualify them come from the SDK).
      if (inviter && campaign.mechanic === 'invite' && campaign.row.kind === 'gameplay')
        await recordPageInvite(db, campaign.row, inviter, participant, now);
      // A raising's pet starts its life when its owner first opens the page.
      await adoptPet(db, campaign, participant, now);
      // A signed-in visit is a task center's `sign_in` event.
      if (identity.via !== 'device') {
        const deliveries = await signInTasks(
          db,
          app.schemas.current(),
          campaign,
          participant,
          now,
          app.ctx.dbKind,
        );
        if (deliveries > 0) app.rewardDelivery?.kick();
      }
      const token = await openParticipantSession(db, participant, now);
      return ok({
        token,
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
      const accept = request.headers['accept-language'];
      const language = pageLanguage(
        campaign.config,
        request.query.lang,
        typeof accept === 'string' ? accept : undefined,
      );
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
      const language = actionLanguage(campaign.config, request);
      const result: Record<string, unknown> = { ...outcome.result };
      // The stored answer names the prize in the default language; the page gets its own.
      const answered = result.prize as { id?: string | null } | undefined;
      const configured = answered?.id ? campaign.prizes.find((p) => String(p.id) === answered.id) : undefined;
      if (answered && configured) {
        result.prize = {
          ...answered,
          name: textInLanguage(configured.name, language.lang, language.defaultLanguage),
          image: safeUrl(configured.image) ?? null,
        };
      }
      if (action === 'startQuiz')
        result.questions = quizQuestionViews(campaign, result.questionIds, language);
      // Several rewards of one action (a check-in's day, streak and total rewards).
      if (Array.isArray(result.rewards)) {
        const given = result.rewards as { rewardId?: string | null }[];
        const ids = given.map((r) => r.rewardId).filter((id): id is string => typeof id === 'string');
        const records = ids.length
          ? await db.selectFrom('reward_records').selectAll().where('id', 'in', ids).execute()
          : [];
        const views = await rewardViews(db, records, language.lang, language.defaultLanguage);
        result.rewards = given.map((r) => ({ ...r, reward: views.find((v) => v.id === r.rewardId) ?? null }));
      }
      if ('rewardId' in result) {
        // The record this action wrote (a repeated key reads the one it wrote first).
        const rewardId = typeof result.rewardId === 'string' ? result.rewardId : null;
        const records = outcome.reward
          ? [outcome.reward]
          : rewardId
            ? await db.selectFrom('reward_records').selectAll().where('id', '=', rewardId).execute()
            : [];
        result.reward = (await rewardViews(db, records, language.lang, language.defaultLanguage))[0] ?? null;
      }
      const spent =
        campaign.budgetMicros === null
          ? 0
          : (outcome.spentMicros ?? (await budgetSpent(db, campaign.row.id)));
      return ok({
        result,
        me: await playerView(db, campaign, participant, {
          now,
          ...language,
          preview: false,
          spentMicros: spent,
          entry: outcome.entry,
          address: app.ctx,
          schemas: app.schemas.current(),
        }),
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
      const accept = request.headers['accept-language'];
      const language = pageLanguage(
        campaign.config,
        request.query.lang,
        typeof accept === 'string' ? accept : undefined,
      );
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
      const record = await db
        .selectFrom('reward_records')
        .selectAll()
        .where('id', '=', request.params.rewardId)
        .where('campaign_id', '=', campaign.row.id)
        .where('participant_id', '=', participant.id)
        .executeTakeFirst();
      if (!record?.form_id || !record.form_submission_id) throw new AppError('play.rewardNotFound');
      const form = await db
        .selectFrom('reward_forms')
        .select('config')
        .where('id', '=', record.form_id)
        .executeTakeFirst();
      if (!form) throw new AppError('play.rewardNotFound');
      const items = list((JSON.parse(form.config) as Config).items);
      const values = request.body.values;
      const formItems = items.map((item) => ({
        label: String(item.label),
        type: String(item.type ?? 'text'),
        required: item.required === true,
      }));
      const issues = formAnswerIssues(formItems, values);
      if (issues.length > 0) {
        throw fieldError((lang) =>
          issues.map((issue) => ({
            path: `/values/${escapePointer(issue.label)}`,
            message: validationMessage(issue.messageKey, lang, issue.params),
          })),
        );
      }
      // Only the labels the form asks for are kept.
      const kept = Object.fromEntries(
        items
          .map((item) => String(item.label))
          .filter((label) => values[label] !== undefined)
          .map((label) => [label, values[label].trim()]),
      );
      const written = await db
        .updateTable('reward_form_submissions')
        .set({ state: 'submitted', answers: JSON.stringify(kept), submitted_at: now.toISOString() })
        .where('id', '=', record.form_submission_id)
        .where('state', '=', 'pending')
        .executeTakeFirst();
      if (Number(written.numUpdatedRows) !== 1) throw new AppError('play.formNotPending');
      const accept = request.headers['accept-language'];
      const language = pageLanguage(
        campaign.config,
        undefined,
        typeof accept === 'string' ? accept : undefined,
      );
      const [reward] = await rewardViews(db, [record], language.lang, language.defaultLanguage);
      return ok({ reward });
    },
  );
};

/** A label as one JSON-pointer segment (RFC 6901). */
function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}
