import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database } from '../../db/tables';
import { randomId } from '../../db/randomId';
import { isUniqueViolation } from '../../db/isUniqueViolation';
import { AppError, fieldError } from '../../errors';
import { formatMicros } from '../../../engine/ads/money';
import { validationMessage } from '../../../engine/validation/localizeErrors';
import type { Lang } from '../../../engine/validation/lang';
import type { WithdrawalMethod, WithdrawalsTable } from '../adsTables';
import type { OfferwallCaller } from './offerwallParticipant';

export type WithdrawalRow = Selectable<WithdrawalsTable>;

type Db = Kysely<Database> | Transaction<Database>;

export interface WithdrawalInput {
  key: string;
  amountMicros: number;
  method: WithdrawalMethod;
  /** The payout account (trimmed here; blank: 400 at `/account`). */
  account: string;
  /** The answer's language (the minimum is written as money in it). */
  lang: Lang;
}

function findByKey(db: Db, participantId: string, key: string) {
  return db
    .selectFrom('withdrawals')
    .selectAll()
    .where('participant_id', '=', participantId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

/** Sum of the participant's ledger rows (micros; PostgreSQL answers the bigint sum as text). */
export async function ledgerBalance(db: Db, projectId: string, participantId: string): Promise<number> {
  const row = await db
    .selectFrom('offerwall_ledger')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string | number>('amount_micros'), eb.lit(0)).as('balance'))
    .where('project_id', '=', projectId)
    .where('participant_id', '=', participantId)
    .executeTakeFirst();
  return Number(row?.balance ?? 0);
}

/**
 * Locks the participant's row until the commit, the way play actions lock their entry: an
 * UPDATE first (PostgreSQL holds its row lock to the end of the transaction, and a second
 * server's transaction waits on it; SQLite's write transaction is exclusive anyway).
 */
async function lockParticipant(trx: Transaction<Database>, participantId: string, now: Date): Promise<void> {
  await trx
    .updateTable('participants')
    .set({ last_seen_at: now.toISOString() })
    .where('id', '=', participantId)
    .execute();
}

/**
 * A withdrawal request, once per Idempotency-Key: the same key answers the first withdrawal
 * again (even when it would be refused now). A blank payout account is refused first (400 at
 * `/account`, before the key is looked up). The amount must reach the project's minimum (400
 * `ads.belowMinimum`) and fit the balance (400 `ads.balanceTooLow`): one transaction locks the
 * participant, reads the balance, writes the withdrawal (pending) and its `withdrawal` ledger row
 * of -amount, so concurrent requests, on any number of servers, never take the balance below zero.
 */
export async function requestWithdrawal(
  db: Kysely<Database>,
  caller: OfferwallCaller,
  input: WithdrawalInput,
): Promise<WithdrawalRow> {
  const { participant, settings, now } = caller;
  const account = input.account.trim();
  if (!account)
    throw fieldError((lang) => [{ path: '/account', message: validationMessage('notBlank', lang) }]);
  const earlier = await findByKey(db, participant.id, input.key);
  if (earlier) return earlier;
  if (input.amountMicros < settings.minWithdrawalMicros) {
    const locale = input.lang === 'zh-CN' ? 'zh-CN' : 'en-US';
    throw new AppError('ads.belowMinimum', {
      params: { minimum: formatMicros(settings.minWithdrawalMicros, settings.currency, locale) },
    });
  }
  try {
    return await db.transaction().execute(async (trx) => {
      await lockParticipant(trx, participant.id, now);
      // A request with the same key that held the lock first.
      const raced = await findByKey(trx, participant.id, input.key);
      if (raced) return raced;
      const balance = await ledgerBalance(trx, participant.project_id, participant.id);
      if (balance < input.amountMicros) throw new AppError('ads.balanceTooLow');
      const at = now.toISOString();
      const row: WithdrawalRow & { amount_micros: number } = {
        id: randomId(),
        project_id: participant.project_id,
        participant_id: participant.id,
        amount_micros: input.amountMicros,
        currency: settings.currency,
        method: input.method,
        account,
        status: 'pending',
        note: null,
        reviewed_by: null,
        reviewed_at: null,
        idempotency_key: input.key,
        created_at: at,
      };
      await trx.insertInto('withdrawals').values(row).execute();
      await trx
        .insertInto('offerwall_ledger')
        .values({
          id: randomId(),
          project_id: participant.project_id,
          participant_id: participant.id,
          kind: 'withdrawal',
          amount_micros: -input.amountMicros,
          currency: settings.currency,
          income_id: null,
          withdrawal_id: row.id,
          created_at: at,
        })
        .execute();
      return row;
    });
  } catch (error) {
    // The key is unique per participant: whoever inserted it first is the answer.
    if (!isUniqueViolation(error)) throw error;
    const first = await findByKey(db, participant.id, input.key);
    if (!first) throw error;
    return first;
  }
}
