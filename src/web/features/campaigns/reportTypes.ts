import type { CampaignChannels, CampaignStatus } from './campaignTypes';
import type { PredictConsoleView } from './predict/predictCard';

/** A recorded status move or creation (`campaign_events`), oldest first. */
export interface CampaignEvent {
  id: string;
  at: string;
  action: string;
  fromStatus: CampaignStatus | null;
  toStatus: CampaignStatus | null;
  actor: { id: string; name: string } | null;
  via: 'user' | 'scheduler';
}

/** A row of a participation table: a label and figures by metric name. */
export type ReportRow = Record<string, unknown>;

/**
 * Participation figures (src/server/play/report/playReport.ts): `available` is false until somebody
 * plays; then every section is present.
 */
export interface Participation {
  available: boolean;
  totals?: Record<string, number>;
  trend?: { date: string; draws: number; participants: number; winners: number; shares: number }[];
  prizes?: {
    id: string;
    name: string;
    odds: number | null;
    isThank: boolean;
    stock: number | null;
    issued: number;
    left: number | null;
  }[];
  winners?: {
    rewardId: string;
    time: string;
    userId: string | null;
    participantCode: string;
    prizeName: string;
    awardStatus: string;
    channel: string | null;
  }[];
  leaderboard?: ReportRow[];
  inviters?: ReportRow[];
  channels?: ReportRow[];
  fission?: { inviters: number; invited: number; maxDepth: number };
  retention?: ReportRow[];
  /** A prize quiz's attempts, scores and answer distribution (src/server/play/quiz/quizReport.ts). */
  quiz?: QuizReport;
  /** A prediction's picks, results and settlement (src/server/play/predict/predictRoutes.ts). */
  predict?: PredictConsoleView;
  /** A referral's funnel, tree depth, refusals and top inviters. */
  invite?: InviteReport;
  /** An invite contest's ranking and settlement. */
  contest?: ContestView;
  /** A fragment collection's inventory, exchanges and transfers. */
  collect?: CollectReport;
  /** A coin pool's rounds. */
  pool?: PoolReport;
  /** A daily sign-in's check-ins, streaks and cycle days. */
  checkIn?: CheckInReport;
  /** A task center's or super task's funnel per task and completions per day. */
  tasks?: TaskReport;
  /** A dice board's rolls, laps, wins per prize cell and dice the tasks granted. */
  dice?: DiceReport;
  /** A raising's stage funnel, failures, revivals, helps and rewards. */
  raise?: RaiseReport;
}

export interface QuizReport {
  attempts: number;
  answered: number;
  timedOut: number;
  averageScore: number;
  fullMarks: number;
  scores: { score: number; attempts: number }[];
  questions: {
    id: string;
    title: string;
    asked: number;
    answered: number;
    right: number;
    options: { id: string; text: string; isAnswer: boolean; picks: number }[];
  }[];
}

/** `GET /api/campaigns/:id/report` (docs/campaigns.md): only recorded facts. */
export interface CampaignReport {
  status: CampaignStatus;
  history: CampaignEvent[];
  channels?: CampaignChannels;
  formSubmissions?: { pending: number; submitted: number };
  participation: Participation;
}

/** A referral's invites (src/server/play/invite/inviteReport.ts). */
export interface InviteReport {
  invites: number;
  inviters: number;
  maxDepth: number;
  qualified: number;
  overBudget: number;
  perInviter: { bucket: string; inviters: number }[];
  funnel: { step: 'invited' | 'installed' | 'registered' | 'task' | 'qualified'; invites: number }[];
  refused: Record<'self' | 'loop' | 'device' | 'notNew', number>;
  top: {
    rank: number;
    participantCode: string;
    userId: string | null;
    invited: number;
    installed: number;
    registered: number;
    qualified: number;
    refused: number;
    rewards: number;
  }[];
}

/** An invite contest's ranking and settlement (src/server/play/invite/contest.ts). */
export interface ContestView {
  parentId: string | null;
  tracksInvites: boolean;
  minInvites: number;
  newUserDefinition: string;
  endsAt: string;
  ranked: number;
  ranking: {
    rank: number;
    participantCode: string;
    userId: string | null;
    invites: number;
    lastAt: string;
    prizeId: string | null;
  }[];
  settlement: { settledAt: string; by: string | null; ranked: number; winners: number } | null;
}

/** A fragment collection's inventory (src/server/play/collect/collectReport.ts). */
export interface CollectReport {
  fragments: { id: string; name: string; odds: number; drawn: number; held: number; collectors: number }[];
  exchanges: { prizeId: string; name: string; exchanged: number }[];
  transfers: { kind: string; open: number; done: number }[];
}

/** A coin pool's rounds (src/server/play/pool/poolReport.ts). */
export interface PoolReport {
  total: number;
  rounds: {
    index: number;
    from: string;
    to: string;
    state: string;
    stakers: number;
    staked: number;
    shared: number;
    claimed: number;
    expired: number;
  }[];
  coins: { earned: number; staked: number };
}

/** A daily sign-in's check-ins (src/server/play/checkIn/checkInReport.ts). */
export interface CheckInReport {
  cycleDays: number;
  checkIns: number;
  onTime: number;
  makeUps: number;
  participants: number;
  /** Per local day the check-ins count for (a make-up counts on the day it filled). */
  days: { date: string; checkIns: number; onTime: number; makeUps: number }[];
  /** Participants by the streak of their last check-in (`current`) and their longest streak. */
  streaks: { bucket: string; current: number; longest: number }[];
  cycle: { day: number; prizeId: string | null; checkIns: number }[];
}

/** A task center's funnel per task (src/server/play/tasks/taskReport.ts). */
export interface TaskReport {
  joined: number;
  completions: number;
  tasks: {
    id: string;
    title: string;
    event: string;
    joined: number;
    started: number;
    completed: number;
    completions: number;
    bySource: { sdk: number; server: number; page: number };
    byOutcome: { rewarded: number; outOfStock: number; overBudget: number; none: number };
    chances: number;
  }[];
  days: { date: string; completions: number; participants: number; rewarded: number }[];
}

/** A dice board's rolls (src/server/play/dice/diceReport.ts). */
export interface DiceReport {
  boardSize: number;
  initialDice: number;
  /** Participants who rolled at least once. */
  players: number;
  rolls: number;
  outcomes: { win: number; move: number; outOfStock: number; overBudget: number };
  days: { date: string; rolls: number; players: number; wins: number }[];
  /** Players per laps bucket (0, 1, 2, 3, 4-5, 6-9, 10+). */
  laps: { bucket: string; players: number }[];
  /** Per prize cell: rolls that ended there, prizes given, prizes out of stock or over budget. */
  cells: { index: number; prizeId: string; landed: number; won: number; notGiven: number }[];
  tasks: { id: string; title: string; event: string; completions: number; players: number; dice: number }[];
  diceGranted: number;
}

/** A raising's pets (src/server/play/raise/raiseReport.ts). */
export interface RaiseReport {
  species: string;
  rewardPrizeId: string | null;
  pets: number;
  /** Pets by the highest stage reached: adopted, stage1, stage2, grown. */
  funnel: { step: 'adopted' | 'stage1' | 'stage2' | 'grown'; pets: number }[];
  /** Pets by status now (a pet whose bowl emptied or time ran out counts as failed). */
  status: { growing: number; failed: number; grown: number };
  /** The pets failed now, by cause. */
  failures: { starved: number; timeout: number };
  revivals: { revivals: number; pets: number };
  helps: { given: number; succeeded: number; helpers: number; pets: number };
  rewards: { given: number; outOfStock: number; overBudget: number; noPrize: number };
  events: number;
}
