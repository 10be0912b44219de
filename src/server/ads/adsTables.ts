import type { ColumnType } from 'kysely';
import type { ListRowColumns } from '../db/campaignTables';

// Ads monetisation (m0019). Money is signed integer micros with its ISO 4217 currency; bigint
// columns come back from PostgreSQL as strings: read them with Number().

type Micros = ColumnType<string | number, number, number>;

export type AdReviewStatus = 'under-review' | 'normal' | 'rejected';
export type AdRequestSource = 'api' | 'redirect';
export type AdIncomeKind = 'credit' | 'reversal';
export type AdIncomeSource = 'postback' | 'import';
export type PostbackOutcome = 'accepted' | 'duplicate' | 'refused';
export type LedgerKind = 'credit' | 'reversal' | 'withdrawal' | 'returned';
export type WithdrawalStatus = 'pending' | 'approved' | 'rejected';
export type WithdrawalMethod = 'paypal' | 'alipay' | 'wechat' | 'bank' | 'other';

export interface AdsSettingsTable {
  project_id: string;
  /** The module switch (0/1): campaigns whose adsSwitch is follow-project follow it. */
  enabled: ColumnType<number, number | undefined, number>;
  /** The income report's default currency. */
  currency: ColumnType<string, string | undefined, string>;
  offerwall_enabled: ColumnType<number, number | undefined, number>;
  offerwall_currency: ColumnType<string, string | undefined, string>;
  min_withdrawal_micros: ColumnType<string | number, number | undefined, number>;
  updated_at: string;
  updated_by: string | null;
}

export interface AdAccountsTable extends ListRowColumns {
  network: string;
  /** The postback signing secret (32 random bytes, base64url); HMAC needs it in clear. */
  secret: string;
}

export interface AdsStrategiesTable extends ListRowColumns {
  /** Per-project sequence number shown in the list. */
  number: number;
}

export interface AdPlansTable extends ListRowColumns {
  status: AdReviewStatus;
  review_note: string | null;
  reviewed_by: string | null;
  reviewed_at: string | null;
}

export interface AdCampaignsTable extends AdPlansTable {
  plan_id: string;
}

export interface AdUrlsTable {
  id: string;
  project_id: string;
  strategy_id: string;
  url: string;
  created_at: string;
}

/** Serve counters: one row per UTC quarter hour, strategy, URL and page domain. */
export interface AdServesTable {
  project_id: string;
  /** `floor(ms / 900 000)`: every zone's local day is a whole number of quarters. */
  quarter: number;
  strategy_id: string;
  /** '' = unmatched (nothing to serve). */
  url_id: string;
  /** The page's host ('' when unknown). */
  domain: string;
  /** Requests for an ad (bigint: PostgreSQL answers it as a string). */
  requests: number | string;
  /** Followed serves. */
  clicks: number | string;
}

/** The click of an API serve (a link-host serve is its own click), once per request. */
export interface AdClicksTable {
  request_id: string;
  project_id: string;
  strategy_id: string;
  time: string;
}

export interface AdIncomeTable {
  id: string;
  project_id: string;
  account_id: string;
  /** The network's transaction id: once per (account, txid, kind). */
  txid: string;
  kind: AdIncomeKind;
  /** Signed: a reversal is negative. */
  amount_micros: Micros;
  currency: string;
  request_id: string | null;
  strategy_id: string | null;
  url_id: string | null;
  domain: ColumnType<string, string | undefined, string>;
  day: number;
  time: string;
  source: AdIncomeSource;
  offer_id: string | null;
  participant_id: string | null;
  created_at: string;
}

export interface AdPostbacksTable {
  id: string;
  project_id: string;
  account_id: string;
  time: string;
  ip: string;
  outcome: PostbackOutcome;
  reason: string | null;
  txid: string | null;
}

export interface OfferwallLedgerTable {
  id: string;
  project_id: string;
  participant_id: string;
  kind: LedgerKind;
  /** Signed: withdrawals and reversals are negative. */
  amount_micros: Micros;
  currency: string;
  /** The income row a credit or reversal came from (unique with kind: no double credit). */
  income_id: string | null;
  withdrawal_id: string | null;
  created_at: string;
}

export interface OfferClicksTable {
  id: string;
  project_id: string;
  participant_id: string;
  account_id: string;
  offer_id: string;
  time: string;
}

export interface WithdrawalsTable {
  id: string;
  project_id: string;
  participant_id: string;
  amount_micros: Micros;
  currency: string;
  method: WithdrawalMethod;
  account: string;
  status: WithdrawalStatus;
  note: string | null;
  reviewed_by: string | null;
  reviewed_at: string | null;
  idempotency_key: string;
  created_at: string;
}

declare module '../db/tables' {
  interface Database {
    ads_settings: AdsSettingsTable;
    ad_accounts: AdAccountsTable;
    ads_strategies: AdsStrategiesTable;
    ad_plans: AdPlansTable;
    ad_campaigns: AdCampaignsTable;
    ad_urls: AdUrlsTable;
    ad_serves: AdServesTable;
    ad_clicks: AdClicksTable;
    ad_income: AdIncomeTable;
    ad_postbacks: AdPostbacksTable;
    offerwall_ledger: OfferwallLedgerTable;
    offer_clicks: OfferClicksTable;
    withdrawals: WithdrawalsTable;
  }
}
