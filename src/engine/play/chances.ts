type Config = Record<string, unknown>;

/** A campaign's chance rules (0 means unlimited for limits such as caps). */
export interface ChanceRules {
  initialCount: number;
  dailyFree: number;
  perShare: number;
  /** Chances earned by shares per local day; 0 = unlimited. */
  shareCap: number;
  perInvite: number;
  /** Chances earned by invites in total; 0 = unlimited. */
  inviteCap: number;
  /** The config names no chance source at all: every draw is allowed. */
  unlimited: boolean;
}

export interface ChanceCounters {
  /** Chances spent from the pool (initial + earned). */
  poolUsed: number;
  /** The local day `dailyUsed` counts; null before any daily spend. */
  dailyPeriod: string | null;
  dailyUsed: number;
  /** Chances earned (shares, invites, tasks). */
  granted: number;
}

export interface ChanceBalance {
  left: number;
  unlimited: boolean;
  dailyFree: number;
  dailyLeft: number;
  poolLeft: number;
}

const count = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;

/**
 * The chance rules of a config: `chances` (`initialCount`, `dailyFree`, `perShare`, `shareCap`,
 * `perInvite`, `inviteCap`) of the gameplays, `initialDice` of a dice board, or `dailyChances` of
 * the daily sub-activities.
 */
export function chanceRules(config: Config): ChanceRules {
  const chances =
    config.chances && typeof config.chances === 'object' ? (config.chances as Config) : undefined;
  // A dice board: its initial dice, then the dice its tasks grant (earned chances).
  if (!chances && config.initialDice !== undefined) {
    return {
      initialCount: count(config.initialDice),
      dailyFree: 0,
      perShare: 0,
      shareCap: 0,
      perInvite: 0,
      inviteCap: 0,
      unlimited: false,
    };
  }
  if (!chances) {
    const daily = count(config.dailyChances);
    return {
      initialCount: 0,
      dailyFree: daily,
      perShare: 0,
      shareCap: 0,
      perInvite: 0,
      inviteCap: 0,
      unlimited: config.dailyChances === undefined,
    };
  }
  return {
    initialCount: count(chances.initialCount),
    dailyFree: count(chances.dailyFree),
    perShare: count(chances.perShare),
    shareCap: count(chances.shareCap),
    perInvite: count(chances.perInvite),
    inviteCap: count(chances.inviteCap),
    unlimited: false,
  };
}

/** Chances left today: daily free ones reset per local day; the pool keeps what is earned. */
export function chanceBalance(rules: ChanceRules, counters: ChanceCounters, today: string): ChanceBalance {
  const dailyUsed = counters.dailyPeriod === today ? counters.dailyUsed : 0;
  const dailyLeft = Math.max(0, rules.dailyFree - dailyUsed);
  const poolLeft = Math.max(0, rules.initialCount + counters.granted - counters.poolUsed);
  return {
    left: dailyLeft + poolLeft,
    unlimited: rules.unlimited,
    dailyFree: rules.dailyFree,
    dailyLeft,
    poolLeft,
  };
}

/** Which chance the next action spends: daily free ones first (they expire), then the pool. */
export function spendBucket(
  rules: ChanceRules,
  counters: ChanceCounters,
  today: string,
): 'daily' | 'pool' | 'unlimited' | null {
  if (rules.unlimited) return 'unlimited';
  const balance = chanceBalance(rules, counters, today);
  if (balance.dailyLeft > 0) return 'daily';
  if (balance.poolLeft > 0) return 'pool';
  return null;
}

/** A participant's chances in a campaign as an action's decision reads them. */
export interface ChanceState {
  rules: ChanceRules;
  counters: ChanceCounters;
  /** The campaign's local day now. */
  today: string;
}

/** A campaign's budget and what is spent of it, in micros (null: the campaign has no budget). */
export type BudgetState = { totalMicros: number; spentMicros: number } | null;

/** Whether the budget is spent: then no prize-giving action runs (`play.overBudget`). */
export function budgetSpentOut(budget: BudgetState): boolean {
  return budget !== null && budget.spentMicros >= budget.totalMicros;
}

/** A chance an action spends: its bucket, and the local day it is spent on. */
export interface ChanceSpend {
  bucket: 'daily' | 'pool' | 'unlimited';
  /** The local day of the campaign whose chance it is. */
  today: string;
}

/** An entry's chance counters with its action and win counts. */
export interface EntryCounters extends ChanceCounters {
  actions: number;
  wins: number;
}

/**
 * The chance an action spends now (daily free chances of today first, then the pool), or null
 * when none is left.
 */
export function chanceSpend(rules: ChanceRules, counters: ChanceCounters, today: string): ChanceSpend | null {
  const bucket = spendBucket(rules, counters, today);
  return bucket === null ? null : { bucket, today };
}

/**
 * An entry's counters after one action that spent `spend` (null: no chance of this entry) and
 * gave a prize or not: the daily count restarts on a new local day.
 */
export function countersAfter<C extends EntryCounters>(
  counters: C,
  spend: ChanceSpend | null,
  won: boolean,
): C {
  const spent =
    spend?.bucket === 'daily'
      ? {
          dailyPeriod: spend.today,
          dailyUsed: counters.dailyPeriod === spend.today ? counters.dailyUsed + 1 : 1,
        }
      : spend?.bucket === 'pool'
        ? { poolUsed: counters.poolUsed + 1 }
        : {};
  return { ...counters, ...spent, actions: counters.actions + 1, wins: counters.wins + (won ? 1 : 0) };
}

function capped(each: number, cap: number, earned: number): number {
  if (each <= 0) return 0;
  return cap > 0 ? Math.max(0, Math.min(each, cap - earned)) : each;
}

/** Chances the next share earns, given the chances shares already earned today (`shareCap` a day). */
export function shareGrant(rules: ChanceRules, earnedToday: number): number {
  return capped(rules.perShare, rules.shareCap, earnedToday);
}

/**
 * Where a sharer stands: `play` (may play now), `loginRequired` (an anonymous visitor of a
 * campaign that wants sign-in) or `closed` (anything else: not started, ended, offline, ...).
 */
export type ShareStanding = 'play' | 'loginRequired' | 'closed';

/** Whether a share by someone standing so may earn chances (only then are today's shares read). */
export function shareEarns(standing: ShareStanding): boolean {
  return standing !== 'closed';
}

/** What the server read before deciding a share. */
export interface ShareSituation {
  rules: ChanceRules;
  standing: ShareStanding;
  /** Chances shares already earned on the campaign's local day (0 when the share may not earn). */
  earnedToday: number;
  /** The body's `channel`, as sent. */
  channel: unknown;
}

/** What a share decided: it is never refused, and is recorded whatever it earns. */
export interface ShareDecision {
  /** Chances it earns (0: none; written as a grant keyed by the action's idempotency key). */
  granted: number;
  /** The channel shared to, when the body names one as text. */
  channel: string | null;
  /** It counts as the page event `share` (a task center's tasks, a raising's valid events). */
  pageEvent: boolean;
}

/**
 * One share, decided: anyone may share (anonymous visitors too) and every share is recorded for
 * the channel statistics; it earns `perShare` chances up to `shareCap` a local day while one may
 * play or only sign-in is missing, and counts as a page event only while one may play.
 */
export function decideShare(situation: ShareSituation): ShareDecision {
  const { standing } = situation;
  return {
    granted: shareEarns(standing) ? shareGrant(situation.rules, situation.earnedToday) : 0,
    channel: typeof situation.channel === 'string' ? situation.channel : null,
    pageEvent: standing === 'play',
  };
}

/** Chances the next qualified invite earns, given the chances invites already earned (`inviteCap` in all). */
export function inviteGrant(rules: ChanceRules, earnedTotal: number): number {
  return capped(rules.perInvite, rules.inviteCap, earnedTotal);
}
