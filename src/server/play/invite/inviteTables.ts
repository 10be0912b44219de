import type { Selectable } from 'kysely';

/**
 * One invitee of a referral campaign (m0010): who invited them, how they are known (participant,
 * app user id, app device id), the steps the server received, and what was decided.
 */
export interface PlayInvitesTable {
  id: string;
  project_id: string;
  campaign_id: string;
  inviter_id: string;
  /** `u:<user id>`, `d:<device id>` or `p:<participant id>`: one invite per invitee and campaign. */
  invitee_key: string;
  invitee_participant_id: string | null;
  invitee_user_id: string | null;
  invitee_device_id: string | null;
  /** `link` (an install attributed to the invite link) or `page` (the page opened with ?inviter=). */
  source: string;
  click_id: string | null;
  invited_at: string;
  installed_at: string | null;
  registered_at: string | null;
  task_at: string | null;
  /** What the server knew before the invite (1 yes, 0 no, null not known yet). */
  device_seen_before: number | null;
  opened_before: number | null;
  account_before: number | null;
  /** `pending`, `complete` (steps done, decision queued), `qualified` or `refused`. */
  status: string;
  /** `self`, `loop`, `device`, `notNew` for a refused invite. */
  refusal: string | null;
  decided_at: string | null;
  /** Rewards given for this invite (invitee's and inviter's); 0 over budget. */
  rewards: number;
  over_budget: number;
}

/** Inviter rewards given per campaign, counted with a conditional update against the total. */
export interface PlayInviteTotalsTable {
  campaign_id: string;
  project_id: string;
  inviter_rewards: number;
}

/** One settled invite contest (m0011). */
export interface PlayContestSettlementsTable {
  campaign_id: string;
  project_id: string;
  settled_at: string;
  settled_by: string | null;
  audit: string;
  ranked: number;
  winners: number;
}

declare module '../../db/tables' {
  interface Database {
    play_invites: PlayInvitesTable;
    play_invite_totals: PlayInviteTotalsTable;
    play_contest_settlements: PlayContestSettlementsTable;
  }
}

export type InviteRow = Selectable<PlayInvitesTable>;
