import { isPoolConfig } from '../../../engine/play/configShapes';
import { reportPart, type MechanicModule } from '../mechanicModule';
import { m0013Pool } from './m0013Pool';
import { m0031PoolSummaries } from './m0031PoolSummaries';
import { poolReport } from './poolReport';
import { poolRoutes } from './poolRoutes';
import { claimShare, stake } from './poolActions';
import {
  POOL_SETTLE_JOB,
  earnCoinsByEvents,
  nextSettleAt,
  poolGameView,
  poolProgress,
  type PoolSummary,
} from './poolService';

/** The coin pool: the app's events earn coins, coins are staked in rounds, each round is shared out. */
export const poolModule = {
  mechanic: 'pool',
  actions: { stake: { run: stake }, claimShare: { run: claimShare } },
  game: (campaign, { inLang }) => ({ pool: poolGameView(campaign, inLang) }),
  progress: (db, campaign, participant, { now }, summary) =>
    poolProgress(db, campaign, participant, now, summary as PoolSummary | undefined),
  configShape: (_row, config) => isPoolConfig(config),
  // Each round's pool is shared out when the round ends.
  settleJob: { kind: POOL_SETTLE_JOB, runAt: nextSettleAt },
  hooks: {
    // A task's event for a user id earns that participant the task's coins once per round.
    sdkEvents: async (trx, { projectId, events, now, running }) =>
      events.some((e) => e.userId) ? earnCoinsByEvents(trx, projectId, events, now, await running()) : 0,
  },
  report: [
    reportPart({
      key: 'pool',
      when: (_row, config) => isPoolConfig(config),
      read: (db, row, config, { now }) => poolReport(db, row, config, now),
      csv: [
        {
          section: 'pool',
          headers: {
            'zh-CN': ['轮次', '开始', '结束', '状态', '投入人数', '投入金币', '瓜分总额', '已领取', '已过期'],
            'en-US': [
              'Round',
              'From',
              'To',
              'State',
              'Stakers',
              'Coins staked',
              'Shared',
              'Claimed',
              'Expired',
            ],
          },
          rows: (pool, local) =>
            pool.rounds.map((r) => [
              r.index + 1,
              local(r.from),
              local(r.to),
              r.state,
              r.stakers,
              r.staked,
              r.shared,
              r.claimed,
              r.expired,
            ]),
        },
      ],
    }),
  ],
  migrations: { '0013_pool': m0013Pool, '0031_pool_summaries': m0031PoolSummaries },
  routes: poolRoutes,
} satisfies MechanicModule;
