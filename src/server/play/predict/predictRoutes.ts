import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, errorResponses, ok } from '../../http/envelope';
import type { TypedApp } from '../../http/typedApp';
import { currentProject, currentUser, requireProject } from '../../plugins/auth';
import { requestLang } from '../../http/requestLang';
import { loadCampaign } from '../../campaigns/loadCampaign';
import {
  PREDICT_SETTLE_JOB,
  enterResult,
  predictCampaignOf,
  predictConsoleView,
  predictViewOf,
  settleJob,
  settleNow,
} from './predictService';
import '../delivery/rewardDelivery';

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

const tags = ['campaigns'];
const security = [{ bearer: [] }];

// The job runs inside the scheduler's transaction: it reads and settles through that one.
function settleJobHandler(app: TypedApp) {
  app.scheduler.handle(PREDICT_SETTLE_JOB, async (job, { trx, now }) => {
    const outcome = await settleJob(trx, app.schemas.current(), job.subject_id, {
      now,
      dbKind: app.ctx.dbKind,
    });
    // A result was taken back, or the job ran early: the operator settles by hand.
    if ('skipped' in outcome) return outcome;
    // Sent after the job's commit.
    if (outcome.deliveries > 0) setImmediate(() => app.rewardDelivery?.kick());
  });
}

function viewRoute(app: TypedApp) {
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
      const row = await loadCampaign(app.ctx.db, currentProject(request).id, request.params.id);
      return ok(await predictViewOf(app.ctx.db, app.schemas.current(), row, requestLang(request)));
    },
  );
}

function resultRoute(app: TypedApp) {
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
      const { db } = app.ctx;
      const row = await loadCampaign(db, currentProject(request).id, request.params.id);
      await enterResult(db, predictCampaignOf(app.schemas.current(), row), {
        matchId: request.params.matchId,
        optionId: request.body.optionId,
        userId: currentUser(request).id,
        now: app.ctx.now(),
      });
      return ok(await predictConsoleView(db, row, requestLang(request)));
    },
  );
}

function settleRoute(app: TypedApp) {
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
      const { db } = app.ctx;
      const row = await loadCampaign(db, currentProject(request).id, request.params.id);
      const campaign = predictCampaignOf(app.schemas.current(), row);
      const outcome = await settleNow(db, campaign, currentUser(request).id, {
        now: app.ctx.now(),
        dbKind: app.ctx.dbKind,
      });
      if (outcome.deliveries > 0) app.rewardDelivery?.kick();
      return ok(await predictConsoleView(db, row, requestLang(request)));
    },
  );
}

/**
 * Match results and settlement in the console: the operator enters each match's result (until
 * the campaign is settled), and settles by hand or lets the scheduler do it at the draw time once
 * every result is in. Settling twice, at once or later, settles once.
 */
export const predictRoutes: FastifyPluginAsyncTypebox = async (app) => {
  settleJobHandler(app);
  viewRoute(app);
  resultRoute(app);
  settleRoute(app);
};
