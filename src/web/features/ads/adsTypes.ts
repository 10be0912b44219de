// Answer shapes of the ads API (the routes of src/server/ads, docs/ads.md). Money is integer micros
// (1 unit = 1 000 000 micros) everywhere; the console formats it, never stores floats.

/** `GET /api/ads/settings`: the module switch, report and offerwall settings, and the caller's rights. */
export interface AdsSettings {
  enabled: boolean;
  /** The report's default currency (ISO 4217). */
  currency: string;
  offerwallEnabled: boolean;
  offerwallCurrency: string;
  minWithdrawalMicros: number;
  /** Whether the caller is an advanced ads user on this project. */
  adsAdvanced: boolean;
  updatedAt: string | null;
}

/** The writable part of the settings (`PUT /api/ads/settings`). */
export type AdsSettingsBody = Omit<AdsSettings, 'adsAdvanced' | 'updatedAt'>;

/** A saved entity config, edited by the schema form and sent back as the body. */
export type EntityConfig = Record<string, unknown>;

/** One row of `GET /api/ads/accounts`. */
export interface AdAccountRow {
  id: string;
  name: string;
  network: string;
  currency: string;
  offerCount: number;
  postbackUrl: string;
  /** Full for advanced users, else masked (`abcd****`). */
  secret: string;
  config: EntityConfig;
  createdAt: string;
  updatedAt: string;
}

export type PostbackOutcome = 'accepted' | 'duplicate' | 'refused';

/** One line of an account's postback log, newest first. */
export interface PostbackLogRow {
  id: string;
  time: string;
  ip: string;
  outcome: PostbackOutcome;
  /** Why it was refused: `signature`, `address`, `unknownAccount`. */
  reason: string | null;
  txid: string | null;
}

/** `POST /api/ads/accounts/:id/import` when every line was good. */
export interface ImportResult {
  imported: number;
  duplicates: number;
}

export type StrategyType = 'general' | 'by-language';
export type Distribution = 'custom' | 'ai';

/** One row of `GET /api/ads/strategies`. */
export interface AdsStrategyRow {
  id: string;
  number: number;
  name: string;
  type: StrategyType;
  distribution: Distribution;
  urlCount: number;
  /** The enabled languages (by-language strategies). */
  languages: string[];
  /** The public address that picks one of the strategy's URLs. */
  serveUrl: string;
  config: EntityConfig;
  createdAt: string;
  updatedAt: string;
}

export type ShareReason = 'exploring' | 'leading' | 'floor' | 'trailing';

/** One URL of `GET /api/ads/strategies/:id/shares`. */
export interface StrategyShareUrl {
  url: string;
  /** '' for a general strategy. */
  language: string;
  /** Configured ratio in percent. */
  ratio: number;
  /** Current share, 0..1. */
  share: number;
  serves: number;
  clicks: number;
  incomeMicros: number;
  meanMicrosPerServe: number;
  probabilityBest: number;
  reason: ShareReason;
}

export interface StrategyShares {
  distribution: Distribution;
  window: { from: string; to: string };
  urls: StrategyShareUrl[];
}

/** What every report line counts. */
export interface ReportCounts {
  requests: number;
  serves: number;
  clicks: number;
  incomeMicros: number;
  ecpmMicros: number;
  /** serves / requests, 0..1. */
  matchRate: number;
  /** clicks / serves, 0..1. */
  ctr: number;
}

export const reportGroupings = ['date', 'domain', 'url', 'strategy', 'account'] as const;
export type ReportGrouping = (typeof reportGroupings)[number];

/** `GET /api/ads/report`. */
export interface IncomeReport {
  from: string;
  to: string;
  tz: string;
  currency: string;
  /** Currencies with income in the range. */
  currencies: string[];
  totals: ReportCounts;
  rows: Array<ReportCounts & { key: string; label: string }>;
  series: Array<ReportCounts & { date: string }>;
}

/** The review state of ad plans and ad campaigns (normal, rejected, under review). */
export const adStatuses = ['under-review', 'normal', 'rejected'] as const;
export type AdStatus = (typeof adStatuses)[number];

/** One row of `GET /api/ads/plans`. */
export interface AdPlanRow {
  id: string;
  name: string;
  status: AdStatus;
  reviewNote: string | null;
  reviewedAt: string | null;
  config: EntityConfig;
  createdAt: string;
  updatedAt: string;
}

/** One row of `GET /api/ads/campaigns`. */
export interface AdCampaignRow extends AdPlanRow {
  planId: string;
  planName: string | null;
}

export type ReviewDecision = 'approve' | 'reject';

/** `GET /api/ads/offerwall/users`. */
export interface OfferwallUsers {
  totals: {
    users: number;
    earnedMicros: number;
    withdrawnMicros: number;
    balanceMicros: number;
    pendingMicros: number;
  };
  items: OfferwallUserRow[];
  total: number;
  currency: string;
}

export interface OfferwallUserRow {
  participantId: string;
  code: string;
  userId: string | null;
  earnedMicros: number;
  reversedMicros: number;
  withdrawnMicros: number;
  pendingMicros: number;
  balanceMicros: number;
  lastActivityAt: string | null;
}

/** A count of withdrawals and their amount. */
export interface CountAndMicros {
  count: number;
  micros: number;
}

/** `GET /api/ads/cash/overview`. */
export interface CashOverview {
  currency: string;
  balanceMicros: number;
  pending: CountAndMicros;
  approved: CountAndMicros;
  rejected: CountAndMicros;
  series: Array<{ date: string; creditedMicros: number; withdrawnMicros: number }>;
}

export const withdrawalStatuses = ['pending', 'approved', 'rejected'] as const;
export type WithdrawalStatus = (typeof withdrawalStatuses)[number];

/** One row of `GET /api/ads/cash/withdrawals`. */
export interface WithdrawalRow {
  id: string;
  participantId: string;
  code: string;
  userId: string | null;
  amountMicros: number;
  currency: string;
  method: 'paypal' | 'alipay' | 'wechat' | 'bank' | 'other';
  /** Masked for users who are not advanced. */
  account: string;
  status: WithdrawalStatus;
  note: string | null;
  createdAt: string;
  reviewedAt: string | null;
}
