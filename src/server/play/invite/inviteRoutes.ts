import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, errorResponses, ok } from '../../http/envelope';
import { currentProject, currentUser, requireProject } from '../../plugins/auth';
import { AppError } from '../../errors';
import { loadCampaign } from '../../campaigns/loadCampaign';
import { playCampaign, type PlayCampaign } from '../playCampaign';
import { decideInvite } from './inviteDecide';
import { DECIDE_JOB } from './inviteTrack';
import { CONTEST_SETTLE_JOB, contestConsoleView, isContest, settleContestIn } from './contest';
import '../delivery/rewardDelivery';

const Open = Type.Record(Type.String(), Type.Unknown());

/**
 * Referral invites and the invite contest: a complete invite is decided by the scheduler (queued
 * in the transaction that completed it) inside the job's own transaction, once; a contest is
 * settled at its end by a job (planned with the campaign's other jobs) or by hand, once.
 */
export const inviteRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;
  const tags = ['campaigns'];
  const security = [{ bearer: [] }];

  app.scheduler.handle(DECIDE_JOB, async (job, { trx, now }) => {
    const invite = await trx
      .selectFrom('play_invites')
      .select('campaign_id')
      .where('id', '=', job.subject_id)
      .executeTakeFirst();
    if (!invite) return { skipped: 'invite deleted' };
    const row = await trx
      .selectFrom('campaigns')
      .selectAll()
      .where('id', '=', invite.campaign_id)
      .executeTakeFirst();
    if (!row) return { skipped: 'campaign deleted' };
    const decision = await decideInvite(trx, playCampaign(app.schemas.current(), row), job.subject_id, {
      now,
      dbKind: app.ctx.dbKind,
    });
    if (!decision.decided) return { skipped: 'already decided' };
    // Sent after the job's commit.
    if (decision.deliveries > 0) setImmediate(() => app.rewardDelivery?.kick());
  });

  app.scheduler.handle(CONTEST_SETTLE_JOB, async (job, { trx, now }) => {
    const row = await trx
      .selectFrom('campaigns')
      .selectAll()
      .where('id', '=', job.subject_id)
      .executeTakeFirst();
    if (!row) return { skipped: 'campaign deleted' };
    const campaign = playCampaign(app.schemas.current(), row);
    if (!isContest(campaign)) return { skipped: 'not an invite contest' };
    try {
      const outcome = await settleContestIn(trx, campaign, { now, by: null, dbKind: app.ctx.dbKind });
      if (!outcome.settled) return { skipped: 'already settled' };
      if (outcome.deliveries > 0) setImmediate(() => app.rewardDelivery?.kick());
    } catch (error) {
      // The end was moved later: the job planned for the new end settles it.
      if (error instanceof AppError) return { skipped: error.key };
      throw error;
    }
  });

  const contestOf = async (projectId: string, id: string): Promise<PlayCampaign> => {
    const campaign = playCampaign(app.schemas.current(), await loadCampaign(db, projectId, id));
    return campaign;
  };

  app.get(
    '/api/campaigns/:id/contest',
    {
      onRequest: requireProject('view'),
      schema: {
        tags,
        security,
        summary:
          "An invite contest's ranking (top 100, with user ids) and settlement (null for another campaign)",
        params: Type.Object({ id: Type.String({ maxLength: 64 }) }),
        response: { 200: Envelope(Type.Union([Open, Type.Null()])), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const campaign = await contestOf(currentProject(request).id, request.params.id);
      if (!isContest(campaign)) return ok(null);
      return ok(await contestConsoleView(db, campaign));
    },
  );

  app.post(
    '/api/campaigns/:id/contest/settle',
    {
      onRequest: requireProject('edit'),
      schema: {
        tags,
        security,
        summary:
          'Settle an ended invite contest now: each rank with a reward gets its prize, once. Settling again answers the same settlement',
        params: Type.Object({ id: Type.String({ maxLength: 64 }) }),
        response: { 200: Envelope(Open), ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => {
      const campaign = await contestOf(currentProject(request).id, request.params.id);
      if (!isContest(campaign)) throw new AppError('notFound');
      const outcome = await db.transaction().execute((trx) =>
        settleContestIn(trx, campaign, {
          now: app.ctx.now(),
          by: currentUser(request).id,
          dbKind: app.ctx.dbKind,
        }),
      );
      if (outcome.deliveries > 0) app.rewardDelivery?.kick();
      return ok(await contestConsoleView(db, campaign));
    },
  );
};
