import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import type { LedgerKind, WithdrawalMethod, WithdrawalStatus } from '../adsTables';
import type { OfferwallCaller } from './offerwallParticipant';
import {
  isOpenableOffer,
  offerAccount,
  offerText,
  offerView,
  type OfferAccount,
  type OfferView,
  type VisitLanguage,
} from './offerwallOffers';
import { ledgerBalance, type WithdrawalRow } from './requestWithdrawal';
import { maskAccount } from '../income/maskAccount';

/** How many ledger rows and withdrawals the page shows. */
export const LEDGER_SHOWN = 50;
export const WITHDRAWALS_SHOWN = 20;

export interface LedgerView {
  id: string;
  kind: LedgerKind;
  amountMicros: number;
  currency: string;
  /** The offer a credit or reversal came from, when the network named one. */
  offerId: string | null;
  offerTitle: string | null;
  createdAt: string;
}

export interface WithdrawalView {
  id: string;
  amountMicros: number;
  currency: string;
  method: WithdrawalMethod;
  /** Masked (`ab****yz`). */
  account: string;
  status: WithdrawalStatus;
  /** The operator's note (a rejection's reason). */
  note: string | null;
  createdAt: string;
  reviewedAt: string | null;
}

export interface OfferwallView {
  participant: { code: string; userId: string };
  currency: string;
  balanceMicros: number;
  minWithdrawalMicros: number;
  offers: OfferView[];
  ledger: LedgerView[];
  withdrawals: WithdrawalView[];
}

export function withdrawalView(row: WithdrawalRow): WithdrawalView {
  return {
    id: row.id,
    amountMicros: Number(row.amount_micros),
    currency: row.currency,
    method: row.method,
    account: maskAccount(row.account),
    status: row.status,
    note: row.note,
    createdAt: row.created_at,
    reviewedAt: row.reviewed_at,
  };
}

/** Every ad account of the project with its offers (config order; accounts oldest first). */
export async function projectOfferAccounts(db: Kysely<Database>, projectId: string): Promise<OfferAccount[]> {
  const rows = await db
    .selectFrom('ad_accounts')
    .select(['id', 'config'])
    .where('project_id', '=', projectId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((row) => offerAccount(row.id, row.config));
}

/**
 * The offerwall page's data: the balance (sum of the participant's ledger), the online offers of
 * every ad account of the project in the visit's language, the latest ledger rows and withdrawals.
 */
export async function offerwallView(
  db: Kysely<Database>,
  caller: OfferwallCaller,
  language: VisitLanguage,
): Promise<OfferwallView> {
  const { participant, settings } = caller;
  const projectId = participant.project_id;
  const [balanceMicros, accounts, ledger, withdrawals] = await Promise.all([
    ledgerBalance(db, projectId, participant.id),
    projectOfferAccounts(db, projectId),
    db
      .selectFrom('offerwall_ledger as l')
      .leftJoin('ad_income as i', 'i.id', 'l.income_id')
      .select([
        'l.id',
        'l.kind',
        'l.amount_micros',
        'l.currency',
        'l.created_at',
        'i.account_id',
        'i.offer_id',
      ])
      .where('l.project_id', '=', projectId)
      .where('l.participant_id', '=', participant.id)
      .orderBy('l.created_at', 'desc')
      .orderBy('l.id', 'desc')
      .limit(LEDGER_SHOWN)
      .execute(),
    db
      .selectFrom('withdrawals')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('participant_id', '=', participant.id)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(WITHDRAWALS_SHOWN)
      .execute(),
  ]);
  const byId = new Map(accounts.map((account) => [account.id, account]));
  const titleOf = (accountId: string | null, offerId: string | null): string | null => {
    const account = accountId ? byId.get(accountId) : undefined;
    const offer = account?.offers.find((candidate) => candidate.id === offerId);
    return account && offer ? offerText(offer.title, account, language) || offer.id : null;
  };
  return {
    participant: { code: participant.code, userId: participant.user_id ?? '' },
    currency: settings.currency,
    balanceMicros,
    minWithdrawalMicros: settings.minWithdrawalMicros,
    offers: accounts.flatMap((account) =>
      account.offers.filter(isOpenableOffer).map((offer) => offerView(account, offer, language)),
    ),
    ledger: ledger.map((row) => ({
      id: row.id,
      kind: row.kind,
      amountMicros: Number(row.amount_micros),
      currency: row.currency,
      offerId: row.offer_id ?? null,
      offerTitle: titleOf(row.account_id ?? null, row.offer_id ?? null),
      createdAt: row.created_at,
    })),
    withdrawals: withdrawals.map(withdrawalView),
  };
}
