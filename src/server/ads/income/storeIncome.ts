import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import { randomId } from '../../db/randomId';
import { isPostgres } from '../../sdk/ingestEvents';
import type { AdIncomeSource } from '../adsTables';
import { resolveRequest } from '../resolveRequest';
import type { IncomeAccount } from './incomeAccount';
import type { IncomeInput } from './incomeInput';

/** Where and when one transaction is booked. */
export interface IncomeBooking {
  source: AdIncomeSource;
  /** Local day number (the project's rollup zone) and the instant (ISO) it is counted at. */
  day: number;
  time: string;
  /** Now (ISO): created_at of the rows. */
  now: string;
  /** The project's offerwall currency (ads_settings), what offer rewards are paid in. */
  offerwallCurrency: string;
}

export type StoreOutcome = 'accepted' | 'duplicate' | 'unknownTransaction';

/** The participant of a user id in a project, locked on PostgreSQL (its ledger changes). */
async function participantOf(trx: Kysely<Database>, projectId: string, userId: string) {
  let query = trx
    .selectFrom('participants')
    .select('id')
    .where('project_id', '=', projectId)
    .where('identity', '=', `u:${userId}`);
  if (isPostgres(trx)) query = query.forUpdate();
  return query.executeTakeFirst();
}

async function lockParticipant(trx: Kysely<Database>, participantId: string) {
  // Withdrawals lock the participant row before reading the balance: a debit waits its turn.
  if (isPostgres(trx))
    await trx.selectFrom('participants').select('id').where('id', '=', participantId).forUpdate().execute();
}

type IncomeRowBase = {
  id: string;
  project_id: string;
  account_id: string;
  txid: string;
  kind: IncomeInput['kind'];
  day: number;
  time: string;
  source: AdIncomeSource;
  created_at: string;
};

/** Whether an `ON CONFLICT DO NOTHING` insert wrote its row. */
const wrote = (result: { numInsertedOrUpdatedRows?: bigint }) =>
  Number(result.numInsertedOrUpdatedRows ?? 0) > 0;

/**
 * Debits the offerwall ledger by what a credit's income row gave its participant (nothing when it
 * gave nothing); `(income_id, kind)` is unique, so one debit per credit.
 */
async function debitLedger(trx: Kysely<Database>, projectId: string, creditId: string, now: string) {
  const given = await trx
    .selectFrom('offerwall_ledger')
    .select(['participant_id', 'amount_micros', 'currency'])
    .where('income_id', '=', creditId)
    .where('kind', '=', 'credit')
    .executeTakeFirst();
  if (!given) return;
  await lockParticipant(trx, given.participant_id);
  await trx
    .insertInto('offerwall_ledger')
    .values({
      id: randomId(),
      project_id: projectId,
      participant_id: given.participant_id,
      kind: 'reversal',
      amount_micros: -Number(given.amount_micros),
      currency: given.currency,
      // The credit's income row: (income_id, kind) is unique, so one debit per credit.
      income_id: creditId,
      withdrawal_id: null,
      created_at: now,
    })
    .onConflict((oc) => oc.columns(['income_id', 'kind']).doNothing())
    .execute();
}

/**
 * A reversal: needs the credit (else `unknownTransaction`), is booked negative (the credit's
 * amount unless given, in the credit's currency, with its attribution) and debits the ledger by
 * what the credit gave.
 */
async function storeReversal(
  trx: Kysely<Database>,
  account: IncomeAccount,
  input: IncomeInput,
  base: IncomeRowBase,
  now: string,
): Promise<StoreOutcome> {
  const credit = await trx
    .selectFrom('ad_income')
    .selectAll()
    .where('account_id', '=', account.id)
    .where('txid', '=', input.txid)
    .where('kind', '=', 'credit')
    .executeTakeFirst();
  if (!credit) return 'unknownTransaction';
  const inserted = await trx
    .insertInto('ad_income')
    .values({
      ...base,
      amount_micros: input.amountMicros ?? -Number(credit.amount_micros),
      currency: credit.currency,
      request_id: credit.request_id,
      strategy_id: credit.strategy_id,
      url_id: credit.url_id,
      domain: credit.domain,
      offer_id: credit.offer_id,
      participant_id: credit.participant_id,
    })
    .onConflict((oc) => oc.columns(['account_id', 'txid', 'kind']).doNothing())
    .executeTakeFirst();
  if (!wrote(inserted)) return 'duplicate';
  if (credit.participant_id) await debitLedger(trx, account.projectId, credit.id, now);
  return 'accepted';
}

/** Credits a participant's offerwall ledger with an offer's reward, once per income row. */
async function creditLedger(
  trx: Kysely<Database>,
  projectId: string,
  participantId: string,
  reward: number,
  incomeId: string,
  booking: IncomeBooking,
) {
  await trx
    .insertInto('offerwall_ledger')
    .values({
      id: randomId(),
      project_id: projectId,
      participant_id: participantId,
      kind: 'credit',
      amount_micros: reward,
      currency: booking.offerwallCurrency,
      income_id: incomeId,
      withdrawal_id: null,
      created_at: booking.now,
    })
    .onConflict((oc) => oc.columns(['income_id', 'kind']).doNothing())
    .execute();
}

/**
 * A credit: naming one of the project's requests (`clickId`) it takes its strategy, URL and
 * domain; naming an offer of the account and a participant (`u:<userId>`) it credits the
 * participant's offerwall ledger with the offer's reward.
 */
async function storeCredit(
  trx: Kysely<Database>,
  account: IncomeAccount,
  input: IncomeInput,
  base: IncomeRowBase,
  booking: IncomeBooking,
): Promise<StoreOutcome> {
  const request = input.clickId
    ? await resolveRequest(trx, input.clickId, { projectId: account.projectId })
    : null;
  const reward = input.offerId ? account.offerRewards.get(input.offerId) : undefined;
  const participant =
    input.offerId && input.userId ? await participantOf(trx, account.projectId, input.userId) : undefined;
  const inserted = await trx
    .insertInto('ad_income')
    .values({
      ...base,
      amount_micros: input.amountMicros ?? 0,
      currency: input.currency ?? account.currency,
      request_id: request?.id ?? null,
      strategy_id: request?.strategyId ?? null,
      url_id: request?.urlId ?? null,
      domain: request ? request.domain : input.domain,
      offer_id: input.offerId,
      participant_id: participant?.id ?? null,
    })
    .onConflict((oc) => oc.columns(['account_id', 'txid', 'kind']).doNothing())
    .executeTakeFirst();
  if (!wrote(inserted)) return 'duplicate';
  if (participant && reward !== undefined)
    await creditLedger(trx, account.projectId, participant.id, reward, base.id, booking);
  return 'accepted';
}

/**
 * Books one transaction of an ad account inside the caller's transaction: one `ad_income` row
 * per (account, txid, kind) (`ON CONFLICT DO NOTHING`: a repeat is a duplicate and changes
 * nothing). A credit naming one of the project's requests (`clickId`) takes its strategy, URL
 * and domain; naming an offer of the account and a participant (`u:<userId>`) it credits the
 * participant's offerwall ledger with the offer's reward (once per income row). A reversal needs
 * the credit (else `unknownTransaction`), is booked negative (the credit's amount unless given,
 * in the credit's currency, with its attribution) and debits the ledger by what the credit gave.
 */
export async function storeIncome(
  trx: Kysely<Database>,
  account: IncomeAccount,
  input: IncomeInput,
  booking: IncomeBooking,
): Promise<StoreOutcome> {
  const base: IncomeRowBase = {
    id: randomId(),
    project_id: account.projectId,
    account_id: account.id,
    txid: input.txid,
    kind: input.kind,
    day: booking.day,
    time: booking.time,
    source: booking.source,
    created_at: booking.now,
  };
  return input.kind === 'reversal'
    ? storeReversal(trx, account, input, base, booking.now)
    : storeCredit(trx, account, input, base, booking);
}
