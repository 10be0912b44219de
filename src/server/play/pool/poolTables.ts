/** A coin record (m0013): `earn` (a task), `deduct` (staked), `claim` (a share), `expired` (a share unclaimed). */
export interface PlayCoinRecordsTable {
  id: string;
  project_id: string;
  campaign_id: string;
  participant_id: string;
  kind: string;
  amount: number;
  round: number | null;
  ref: string;
  created_at: string;
}

/** A settled round (m0013). */
export interface PlayPoolRoundsTable {
  campaign_id: string;
  round: number;
  project_id: string;
  settled_at: string;
  staked: number;
  shared: number;
  audit: string;
}

/** A participant's share of a settled round (m0013). */
export interface PlayPoolSharesTable {
  campaign_id: string;
  round: number;
  participant_id: string;
  project_id: string;
  coins: number;
  share: number;
  claimed_at: string | null;
  reward_id: string | null;
  expired_at: string | null;
}

declare module '../../db/tables' {
  interface Database {
    play_coin_records: PlayCoinRecordsTable;
    play_pool_rounds: PlayPoolRoundsTable;
    play_pool_shares: PlayPoolSharesTable;
  }
}
