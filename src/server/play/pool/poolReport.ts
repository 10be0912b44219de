import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import { roundState } from '../../../engine/play/pool';
import type { Config } from '../playCampaign';
import { poolRulesOf } from './poolService';
import './poolTables';

/** A coin pool's report section: each round with its stakes, shares, claims and expiries. */
export interface PoolReport {
  total: number;
  rounds: {
    index: number;
    from: string;
    to: string;
    state: string;
    stakers: number;
    staked: number;
    shared: number;
    claimed: number;
    expired: number;
  }[];
  coins: { earned: number; staked: number };
}

export async function poolReport(
  db: Kysely<Database>,
  row: { id: string; start_time: string; end_time: string },
  config: Config,
  now: Date,
): Promise<PoolReport> {
  const rules = poolRulesOf(row, config);
  const shares = await db
    .selectFrom('play_pool_shares')
    .select(['round'])
    .select((eb) => [
      eb.fn.countAll<number>().as('stakers'),
      eb.fn.sum<number>('coins').as('staked'),
      eb.fn.sum<number>('share').as('shared'),
      eb.fn
        .sum<number>(eb.case().when('claimed_at', 'is not', null).then(eb.ref('share')).else(0).end())
        .as('claimed'),
      eb.fn
        .sum<number>(eb.case().when('expired_at', 'is not', null).then(eb.ref('share')).else(0).end())
        .as('expired'),
    ])
    .where('campaign_id', '=', row.id)
    .groupBy('round')
    .execute();
  const settled = new Set(
    (await db.selectFrom('play_pool_rounds').select('round').where('campaign_id', '=', row.id).execute()).map(
      (r) => r.round,
    ),
  );
  const stakes = await db
    .selectFrom('play_coin_records')
    .select(['round'])
    .select((eb) => [
      eb.fn.sum<number>('amount').as('staked'),
      eb.fn.count<number>('participant_id').distinct().as('stakers'),
    ])
    .where('campaign_id', '=', row.id)
    .where('kind', '=', 'deduct')
    .groupBy('round')
    .execute();
  const totals = await db
    .selectFrom('play_coin_records')
    .select(['kind'])
    .select((eb) => eb.fn.sum<number>('amount').as('n'))
    .where('campaign_id', '=', row.id)
    .where('kind', 'in', ['earn', 'deduct'])
    .groupBy('kind')
    .execute();
  const nowMs = now.getTime();
  return {
    total: rules.total,
    rounds: rules.rounds
      .filter((r) => r.fromMs <= nowMs)
      .map((r) => {
        const s = shares.find((x) => x.round === r.index);
        const k = stakes.find((x) => x.round === r.index);
        return {
          index: r.index,
          from: new Date(r.fromMs).toISOString(),
          to: new Date(r.toMs).toISOString(),
          state: roundState(r, nowMs, settled.has(r.index), rules.claimHours),
          stakers: Number(k?.stakers ?? 0),
          staked: Number(k?.staked ?? 0),
          shared: Number(s?.shared ?? 0),
          claimed: Number(s?.claimed ?? 0),
          expired: Number(s?.expired ?? 0),
        };
      })
      .reverse(),
    coins: {
      earned: Number(totals.find((x) => x.kind === 'earn')?.n ?? 0),
      staked: Number(totals.find((x) => x.kind === 'deduct')?.n ?? 0),
    },
  };
}
