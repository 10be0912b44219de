import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Config } from '../playCampaign';
import { POOL_EXPIRE_JOB, POOL_SETTLE_JOB, isPoolConfig } from './poolService';
import { expireShares, settleRounds } from './poolSettle';

/**
 * The coin pool's jobs, each inside the scheduler's transaction: `pool.settle` shares every ended
 * round not shared yet (once per round) and plans the next; `pool.expire` marks a round's
 * unclaimed shares expired once its claim time is over.
 */
export const poolRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const load = async (trx: Parameters<Parameters<typeof app.scheduler.handle>[1]>[1]['trx'], id: string) => {
    const row = await trx
      .selectFrom('campaigns')
      .select(['id', 'project_id', 'start_time', 'end_time', 'config'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) return undefined;
    const config = JSON.parse(row.config) as Config;
    return isPoolConfig(config) ? { row, config } : undefined;
  };

  app.scheduler.handle(POOL_SETTLE_JOB, async (job, { trx, now }) => {
    const campaign = await load(trx, job.subject_id);
    if (!campaign) return { skipped: 'not a coin pool' };
    const settled = await settleRounds(trx, campaign, now);
    if (settled === 0) return { skipped: 'nothing to settle' };
  });

  app.scheduler.handle(POOL_EXPIRE_JOB, async (job, { trx, now }) => {
    const campaign = await load(trx, job.subject_id);
    if (!campaign) return { skipped: 'not a coin pool' };
    const round = (JSON.parse(job.payload ?? '{}') as { round?: unknown }).round;
    if (typeof round !== 'number') return { skipped: 'no round' };
    await expireShares(trx, campaign, round, now);
  });
};
