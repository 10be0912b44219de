import type { ColumnType, Selectable } from 'kysely';

// Tables of m0007 (the participant runtime). They join `Database` by module augmentation.

/** The award status of a reward record. */
export type AwardStatus = 'success' | 'pending' | 'failure' | 'manual' | 'reissued';
export type DeliveryType = 'system' | 'customer-service' | 'callback';
/** `held`: the reward is on hold (not sent until an operator releases it). */
export type DeliveryState = 'pending' | 'held' | 'success' | 'failure';
/** How a participant was identified: signed hand-off, app token callback, anonymous device. */
/** How a participant was first known; `sdk`: made from an app account or device the SDK reported (an invitee). */
export type ParticipantVia = 'handoff' | 'token' | 'device' | 'sdk';

export interface ParticipantsTable {
  id: string;
  project_id: string;
  /** `u:<userId>` or `d:<deviceId>`. */
  identity: string;
  /** Short public code (invites: `?inviter=<code>`), unique per project. */
  code: string;
  user_id: string | null;
  device_id: string | null;
  user_type: string | null;
  via: ParticipantVia;
  os: string | null;
  country: string | null;
  created_at: string;
  last_seen_at: string;
}

export interface ParticipantSessionsTable {
  id: string;
  project_id: string;
  participant_id: string;
  token_hash: string;
  created_at: string;
  expires_at: string;
  /** The device the page reported when it opened the session (m0023), if any. */
  device_id: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface ParticipantHandoffsTable {
  project_id: string;
  sig_hash: string;
  expires_at: string;
}

export interface PlayPrizeStockTable {
  project_id: string;
  campaign_id: string;
  prize_id: string;
  issued: ColumnType<number, number | undefined, number>;
}

export interface PlayBudgetsTable {
  project_id: string;
  campaign_id: string;
  /** bigint: pg answers it as a string; read with Number(). */
  spent_micros: ColumnType<string | number, number | undefined, number | string>;
}

export interface PlayEntriesTable {
  project_id: string;
  campaign_id: string;
  participant_id: string;
  channel: string | null;
  inviter_id: string | null;
  is_new_user: ColumnType<number, number | undefined, number>;
  /** Chances spent from the pool (initial + earned). */
  pool_used: ColumnType<number, number | undefined, number>;
  /** Chances earned (the sum of the participant's `play_chance_grants` here). */
  granted: ColumnType<number, number | undefined, number>;
  /** The local day (campaign time zone) `daily_used` counts; null before the first daily spend. */
  daily_period: string | null;
  daily_used: ColumnType<number, number | undefined, number>;
  actions: ColumnType<number, number | undefined, number>;
  wins: ColumnType<number, number | undefined, number>;
  joined_at: string;
  last_action_at: string | null;
  /** Why the risk rules flagged this participant here (e.g. `devices`: sessions from many devices); null when not flagged. */
  risk_flag: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface PlayActionsTable {
  id: string;
  project_id: string;
  campaign_id: string;
  participant_id: string;
  action: string;
  idempotency_key: string;
  /** JSON of the answer's `result`. */
  result: string;
  /** JSON `[{ prizeId, hundredths }]`: the odds the draw used. */
  odds: string | null;
  /** 0..9999: the draw's uniform random value over the hundredths. */
  random_value: number | null;
  prize_id: string | null;
  reward_id: string | null;
  /** `daily`, `pool` or null (no chance spent). */
  chance_bucket: string | null;
  /** `win`, `thanks`, `outOfStock`, `overBudget`, `limit`, ... */
  outcome: string | null;
  channel: string | null;
  inviter_id: string | null;
  os: string | null;
  country: string | null;
  /** Local day `YYYY-MM-DD` in the campaign's time zone. */
  day: string;
  created_at: string;
  /**
   * sha256 of the request that wrote the row: its action name and canonical JSON body
   * (requestFingerprint.ts; m0020). Null on rows written before, which match by action name.
   */
  fingerprint: string | null;
}

export interface PlayPrizeWinsTable {
  project_id: string;
  campaign_id: string;
  participant_id: string;
  prize_id: string;
  wins: ColumnType<number, number | undefined, number>;
}

export interface PlayChanceGrantsTable {
  id: string;
  project_id: string;
  campaign_id: string;
  participant_id: string;
  /** `share`, `invite`, `task`, ... */
  source: string;
  /** `total` or a local day `YYYY-MM-DD`: caps count grants per period. */
  period: string;
  ref: string;
  amount: number;
  created_at: string;
}

export interface RewardRecordsTable {
  id: string;
  project_id: string;
  campaign_id: string;
  participant_id: string;
  action_id: string;
  prize_id: string;
  prize_name: string;
  /** JSON: the prize as configured when won. */
  prize: string;
  delivery_type: DeliveryType;
  award_status: AwardStatus;
  /** Why the status is what it is (e.g. "callback API abnormal" with the answer). */
  status_detail: string | null;
  value_micros: ColumnType<string | number, number | undefined, number | string>;
  coupon_code: string | null;
  form_id: string | null;
  form_submission_id: string | null;
  user_id: string | null;
  /** The inviter's participant code (the "superior"). */
  superior: string | null;
  is_new_user: ColumnType<number, number | undefined, number>;
  channel: string | null;
  method: string;
  os: string | null;
  country: string | null;
  time_zone: string | null;
  awarded_by: string | null;
  awarded_at: string | null;
  /** Put on hold by an operator (not delivered until released); null when not held. */
  held_at: ColumnType<string | null, string | null | undefined, string | null>;
  held_by: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: string;
  updated_at: string;
}

export interface RewardDeliveriesTable {
  id: string;
  project_id: string;
  reward_id: string;
  url: string;
  /** The JSON body sent (the same bytes every attempt; the signature covers them). */
  payload: string;
  state: DeliveryState;
  attempts: ColumnType<number, number | undefined, number>;
  next_at: string | null;
  created_at: string;
  finished_at: string | null;
}

export interface RewardDeliveryAttemptsTable {
  id: string;
  project_id: string;
  delivery_id: string;
  attempt: number;
  at: string;
  http_status: number | null;
  /** The first 500 characters of the answer. */
  answer: string | null;
  error: string | null;
  duration_ms: number | null;
}

export interface CouponCodesTable {
  id: string;
  project_id: string;
  campaign_id: string;
  prize_id: string;
  code: string;
  reward_id: string | null;
  issued_at: string | null;
  created_at: string;
}

declare module '../db/tables' {
  interface ProjectsTable {
    /** Server-side key that signs participant hand-offs (m0007); made on first sight. */
    api_secret: ColumnType<string | null, string | null | undefined, string | null>;
    api_secret_rotated_at: ColumnType<string | null, string | null | undefined, string | null>;
  }
  interface Database {
    participants: ParticipantsTable;
    participant_sessions: ParticipantSessionsTable;
    participant_handoffs: ParticipantHandoffsTable;
    play_prize_stock: PlayPrizeStockTable;
    play_budgets: PlayBudgetsTable;
    play_entries: PlayEntriesTable;
    play_actions: PlayActionsTable;
    play_prize_wins: PlayPrizeWinsTable;
    play_chance_grants: PlayChanceGrantsTable;
    reward_records: RewardRecordsTable;
    reward_deliveries: RewardDeliveriesTable;
    reward_delivery_attempts: RewardDeliveryAttemptsTable;
    coupon_codes: CouponCodesTable;
  }
}

export type ParticipantRow = Selectable<ParticipantsTable>;
export type RewardRecordRow = Selectable<RewardRecordsTable>;
export type PlayActionRow = Selectable<PlayActionsTable>;
