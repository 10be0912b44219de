// The offerwall API's answers (src/server/ads/offerwall/offerwallSchemas.ts).

export type WithdrawalMethod = 'paypal' | 'alipay' | 'wechat' | 'bank' | 'other';

export const WITHDRAWAL_METHODS: readonly WithdrawalMethod[] = [
  'paypal',
  'alipay',
  'wechat',
  'bank',
  'other',
];

export interface OfferwallSession {
  token: string;
  participant: { code: string; userId: string };
}

export interface Offer {
  accountId: string;
  id: string;
  title: string;
  description: string;
  rewardMicros: number;
  iconUrl: string | null;
}

export interface LedgerRow {
  id: string;
  kind: 'credit' | 'reversal' | 'withdrawal' | 'returned';
  amountMicros: number;
  currency: string;
  offerId: string | null;
  offerTitle: string | null;
  createdAt: string;
}

export interface Withdrawal {
  id: string;
  amountMicros: number;
  currency: string;
  method: WithdrawalMethod;
  account: string;
  status: 'pending' | 'approved' | 'rejected';
  note: string | null;
  createdAt: string;
  reviewedAt: string | null;
}

export interface Wall {
  participant: { code: string; userId: string };
  currency: string;
  balanceMicros: number;
  minWithdrawalMicros: number;
  offers: Offer[];
  ledger: LedgerRow[];
  withdrawals: Withdrawal[];
}
