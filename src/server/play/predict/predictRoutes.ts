import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import { Envelope, errorResponses, ok } from '../../http/envelope';
import { currentProject, currentUser, requireProject } from '../../plugins/auth';
import { requestLang } from '../../http/requestLang';
import { AppError } from '../../errors';
import { loadCampaign } from '../../campaigns/loadCampaign';
import { textInLanguage } from '../../lists/textInLanguage';
import { cancelJobs, scheduleJob } from '../../scheduler/scheduledJobs';
import type { CampaignRow } from '../../db/campaignTables';
import { playCampaign, type Config, type PlayCampaign } from '../playCampaign';
import { predictConfig, predictResults, predictTotals } from './predictActions';
import { settlePredict, settlePredictIn } from './predictSettle';
import '../delivery/rewardDelivery';
import './predictTables';

/** The scheduler job that settles a prediction once its results are in and its picks have closed. */
export const PREDICT_SETTLE_JOB = 'predict.settle';

/** A last result entered after the draw time still leaves this long to correct it before settling. */
export const CORRECTION_MS = 10 * 60_000;

/** The console's view of a prediction: matches with picks and results, and the settlement. */
export async function predictConsoleView(db: Kysely<Database>, row: CampaignRow, lang: string) {
  const config = JSON.parse(row.config) as Config;
  const rules = predictConfig(config, row.end_time);
  const defaultLanguage = typeof config.defaultLanguage === 'string' ? config.defaultLanguage : 'zh-CN';
  const inLang = (value: unknown) => textInLanguage(value, lang, defaultLanguage);
  const campaignId = row.id;
  const results = await predictResults(db, campaignId);
  const totals = await predictTotals(db, campaignId, rules);
  const pickers = await db
    .selectFrom('play_predict_picks')
    .select((eb) => eb.fn.count<number>('participant_id').distinct().as('n'))
    .where('campaign_id', '=', campaignId)
    .executeTakeFirst();
  const settlement = await db
    .selectFrom('play_predict_settlements')
    .select(['settled_at', 'settled_by', 'winners', 'qualified'])
    .where('campaign_id', '=', campaignId)
    .executeTakeFirst();
  const by = settlement?.settled_by
    ? await db.selectFrom('users').select('name').where('id', '=', settlement.settled_by).executeTakeFirst()
    : undefined;
  return {
    mode: rules.mode,
    method: rules.method,
    closesAt: new Date(rules.closesAtMs).toISOString(),
    matches: rules.matches.map((m) => ({
      id: m.id,
      title: inLang(m.title),
      result: results[m.id] ?? null,
      options: m.options.map((o) => ({ id: o.id, label: inLang(o.label), picks: totals[m.id]?.[o.id] ?? 0 })),
    })),
    pickers: Number(pickers?.n ?? 0),
    settlement: settlement
      ? {
          settledAt: settlement.settled_at,
          winners: settlement.winners,
          qualified: settlement.qualified,
          // A settlement by the scheduler has no person.
          by: by?.name ?? null,
        }
      : null,
  };
}

const Option = Type.Object({ id: Type.String(), label: Type.String(), picks: Type.Integer() });
const PredictView = Type.Object({
  mode: Type.Union([Type.Literal('prediction'), Type.Literal('voting')]),
  method: Type.Union([Type.Literal('each'), Type.Literal('draw')]),
  closesAt: Type.String(),
  matches: Type.Array(
    Type.Object({
      id: Type.String(),
      title: Type.String(),
      result: Type.Union([Type.String(), Type.Null()]),
      options: Type.Array(Option),
    }),
  ),
  pickers: Type.Integer(),
  settlement: Type.Union([
    Type.Object({
      settledAt: Type.String(),
      winners: Type.Integer(),
      qualified: Type.Integer(),
      by: Type.Union([Type.String(), Type.Null()]),
    }),
    Type.Null(),
  ]),
});

/**
 * Match results and settlement in the console: the operator enters each match's result (until
 * the campaign is settled), and settles by hand or lets the scheduler do it at the draw time once
 * every result is in. Settling twice, at once or later, settles once.
 */
export const predictRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['campaigns'];
  const security = [{ bearer: [] }];
  const { db } = app.ctx;

  const predictCampaign = (row: CampaignRow) => {
    const campaign = playCampaign(app.schemas.current(), row);
    if (campaign.mechanic !== 'predict') throw new AppError('notFound');
    return campaign;
  };

  async function settle(campaign: PlayCampaign, by: string | null) {
    const outcome = await settlePredict(db, campaign, { now: app.ctx.now(), by, dbKind: app.ctx.dbKind });
    if (outcome.deliveries > 0) app.rewardDelivery?.kick();
    return outcome;
  }

  // The job runs inside the scheduler's transaction: it reads and settles through that one.
  app.scheduler.handle(PREDICT_SETTLE_JOB, async (job, { trx, now }) => {
    const row = await trx
      .selectFrom('campaigns')
      .selectAll()
      .where('id', '=', job.subject_id)
      .executeTakeFirst();
    if (!row) return { skipped: 'campaign deleted' };
    try {
      const outcome = await settlePredictIn(trx, predictCampaign(row), {
        now,
        by: null,
        dbKind: app.ctx.dbKind,
      });
      // Sent after the job's commit.
      if (outcome.deliveries > 0) setImmediate(() => app.rewardDelivery?.kick());
    } catch (error) {
      // A result was taken back, or the job ran early: the operator settles by hand.
      if (error instanceof AppError) return { skipped: error.key };
      throw error;
    }
  });

  app.get(
    '/api/campaigns/:id/predict',
    {
      onRequest: requireProject('view'),
      schema: {
        tags,
        security,
        summary:
          "A prediction or voting campaign's matches with picks per option, results and settlement (null for another gameplay)",
        params: Type.Object({ id: Type.String({ maxLength: 64 }) }),
        response: { 200: Envelope(Type.Union([PredictView, Type.Null()])), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const row = await loadCampaign(db, currentProject(request).id, request.params.id);
      // Another gameplay has no matches: null, not an error (the console asks only for predictions).
      if (playCampaign(app.schemas.current(), row).mechanic !== 'predict') return ok(null);
      return ok(await predictConsoleView(db, row, requestLang(request)));
    },
  );

  app.put(
    '/api/campaigns/:id/predict/results/:matchId',
    {
      onRequest: requireProject('edit'),
      schema: {
        tags,
        security,
        summary:
          "Enter (or correct, until settled) a match's result; once every match has one, settlement is scheduled for the draw time",
        params: Type.Object({ id: Type.String({ maxLength: 64 }), matchId: Type.String({ maxLength: 64 }) }),
        body: Type.Object({ optionId: Type.String({ minLength: 1, maxLength: 64 }) }),
        response: { 200: Envelope(PredictView), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const row = await loadCampaign(db, currentProject(request).id, request.params.id);
      const campaign = predictCampaign(row);
      const rules = predictConfig(campaign.config, row.end_time);
      const match = rules.matches.find((m) => m.id === request.params.matchId);
      if (!match) throw new AppError('notFound');
      const { optionId } = request.body;
      if (!match.options.some((o) => o.id === optionId)) throw new AppError('predict.badOption');
      const now = app.ctx.now();
      const user = currentUser(request);
      await db.transaction().execute(async (trx) => {
        const settled = await trx
          .selectFrom('play_predict_settlements')
          .select('campaign_id')
          .where('campaign_id', '=', row.id)
          .executeTakeFirst();
        if (settled) throw new AppError('predict.settled');
        await trx
          .insertInto('play_predict_results')
          .values({
            campaign_id: row.id,
            match_id: match.id,
            project_id: row.project_id,
            option_id: optionId,
            entered_by: user.id,
            entered_at: now.toISOString(),
          })
          .onConflict((oc) =>
            oc
              .columns(['campaign_id', 'match_id'])
              .doUpdateSet({ option_id: optionId, entered_by: user.id, entered_at: now.toISOString() }),
          )
          .execute();
        const results = await predictResults(trx, row.id);
        if (rules.matches.every((m) => Object.hasOwn(results, m.id))) {
          await cancelJobs(trx as Kysely<Database>, row.id, [PREDICT_SETTLE_JOB], now, 'rescheduled');
          await scheduleJob(trx as Kysely<Database>, {
            projectId: row.project_id,
            kind: PREDICT_SETTLE_JOB,
            subjectId: row.id,
            runAt: new Date(Math.max(now.getTime() + CORRECTION_MS, rules.closesAtMs)),
            createdBy: user.id,
            now,
          });
        }
      });
      return ok(await predictConsoleView(db, row, requestLang(request)));
    },
  );

  app.post(
    '/api/campaigns/:id/predict/settle',
    {
      onRequest: requireProject('edit'),
      schema: {
        tags,
        security,
        summary:
          'Settle now: winners (every result picked right; voting: every voter) get their prizes, once. Settling again answers the same settlement',
        params: Type.Object({ id: Type.String({ maxLength: 64 }) }),
        response: { 200: Envelope(PredictView), ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => {
      const row = await loadCampaign(db, currentProject(request).id, request.params.id);
      const campaign = predictCampaign(row);
      await settle(campaign, currentUser(request).id);
      return ok(await predictConsoleView(db, row, requestLang(request)));
    },
  );
};
