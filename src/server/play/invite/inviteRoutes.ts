import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { playCampaign } from '../playCampaign';
import { decideInvite } from './inviteDecide';
import { DECIDE_JOB } from './inviteTrack';
import '../delivery/rewardDelivery';

/**
 * Referral invites: an invite whose steps are done is decided by the scheduler (queued in the
 * transaction that completed it), inside the job's own transaction, once.
 */
export const inviteRoutes: FastifyPluginAsyncTypebox = async (app) => {
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
};
