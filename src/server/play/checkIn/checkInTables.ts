/** A check-in (m0014): one per participant, campaign and local day. */
export interface PlayCheckinsTable {
  campaign_id: string;
  participant_id: string;
  day: string;
  project_id: string;
  /** 1 when it made up a missed day. */
  make_up: number;
  cycle: number;
  position: number;
  streak: number;
  created_at: string;
}

/**
 * A participant's sign-in in a campaign as one row (m0030): `summary` is the JSON of the state
 * after their check-ins and the current cycle's days (checkInSummary.ts).
 */
export interface PlayCheckinSummariesTable {
  campaign_id: string;
  participant_id: string;
  project_id: string;
  summary: string;
  updated_at: string;
}

declare module '../../db/tables' {
  interface Database {
    play_checkins: PlayCheckinsTable;
    play_checkin_summaries: PlayCheckinSummariesTable;
  }
}
