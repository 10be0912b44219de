import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/tables';
import '../playTables';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Takes one free code of a prize's pool for a reward, inside the draw's transaction: each code is
 * issued once. On PostgreSQL the free row is locked with `FOR UPDATE SKIP LOCKED`, so concurrent
 * winners on several servers take different codes without waiting for each other; SQLite's write
 * transaction is exclusive. Answers null when the pool is empty.
 */
export async function takeCoupon(
  trx: Db,
  dbKind: 'sqlite' | 'postgres',
  args: { campaignId: string; prizeId: string; rewardId: string; now: Date },
): Promise<string | null> {
  let pick = trx
    .selectFrom('coupon_codes')
    .select(['id', 'code'])
    .where('campaign_id', '=', args.campaignId)
    .where('prize_id', '=', args.prizeId)
    .where('reward_id', 'is', null)
    .orderBy('created_at')
    .orderBy('id')
    .limit(1);
  if (dbKind === 'postgres') pick = pick.forUpdate().skipLocked();
  const free = await pick.executeTakeFirst();
  if (!free) return null;
  const taken = await trx
    .updateTable('coupon_codes')
    .set({ reward_id: args.rewardId, issued_at: args.now.toISOString() })
    .where('id', '=', free.id)
    .where('reward_id', 'is', null)
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1 ? free.code : null;
}
