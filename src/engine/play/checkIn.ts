// The daily sign-in (the `check-in` mechanic): a cycle of 1 to 30 days with a reward per cycle day,
// rewards for consecutive days within a cycle and for check-ins accumulated over the campaign, a
// loop, make-up (re-check) of missed days and the two reset rules (a new cycle after a missed day, or
// only after a full cycle). Pure: the server passes local dates (`YYYY-MM-DD` in the campaign's
// time zone) and the check-ins so far.
import { addDays, daysBetween } from './periods';

type Config = Record<string, unknown>;

export type ResetMode = 'restart-after-miss' | 'restart-after-cycle';

export interface LadderStep {
  days: number;
  prizeId: string;
}

export interface CheckInRules {
  cycleDays: number;
  /** `restart-after-miss`: a missed day starts a new cycle; `restart-after-cycle`: only a full one does. */
  resetMode: ResetMode;
  /** After the last cycle day a new cycle starts; without it, check-ins end with the cycle. */
  loop: boolean;
  allowMakeUp: boolean;
  /** Shares on the day of a make-up that pay for it (one make-up per this many); 0 = free. */
  makeUpShares: number;
  /** Make-ups per cycle; 0 = unlimited. */
  makeUpLimit: number;
  /** Cycle day (1-based) -> prize id. */
  daily: ReadonlyMap<number, string>;
  /** Check-ins in total over the campaign, once each. */
  accumulated: readonly LadderStep[];
  /** Consecutive days within one cycle, once per cycle. */
  consecutive: readonly LadderStep[];
}

/** One check-in: the local day it counts for, and whether it was a make-up of a missed day. */
export interface CheckInMark {
  day: string;
  makeUp: boolean;
}

export interface CheckInState {
  /** 0-based index of the current cycle. */
  cycle: number;
  /** Check-ins in the current cycle (0 before the first). */
  position: number;
  /** Consecutive days ending on `lastDay`. */
  streak: number;
  /** Consecutive days ending on `lastDay` within the current cycle. */
  cycleStreak: number;
  total: number;
  lastDay: string | null;
  makeUpsInCycle: number;
}

export type CheckInRewardKind = 'daily' | 'consecutive' | 'accumulated';

export interface CheckInReward {
  kind: CheckInRewardKind;
  prizeId: string;
  /** Unique per participant and campaign: the same reward is never given twice. */
  ref: string;
  /** Cycle day (daily) or the ladder step's days. */
  days: number;
}

export type CheckInRefusal =
  'alreadyCheckedIn' | 'cycleComplete' | 'makeUpNotAllowed' | 'makeUpDayInvalid' | 'makeUpLimit';

export const EMPTY_CHECK_IN: CheckInState = {
  cycle: 0,
  position: 0,
  streak: 0,
  cycleStreak: 0,
  total: 0,
  lastDay: null,
  makeUpsInCycle: 0,
};

const int = (value: unknown, min: number, max: number, fallback: number) =>
  typeof value === 'number' && Number.isInteger(value) ? Math.min(max, Math.max(min, value)) : fallback;

const list = (value: unknown): Config[] =>
  Array.isArray(value) ? value.filter((v): v is Config => !!v && typeof v === 'object') : [];

function ladder(value: unknown, key: string): LadderStep[] {
  return list(value)
    .map((step) => ({ days: int(step[key], 1, 100_000, 0), prizeId: String(step.prizeId ?? '') }))
    .filter((step) => step.days > 0 && step.prizeId !== '')
    .sort((a, b) => a.days - b.days);
}

/** The check-in rules of a config (a daily sign-in gameplay or a sign-in sub-activity). */
export function checkInRulesOf(config: Config): CheckInRules {
  const cycleDays = int(config.cycleDays, 1, 30, 7);
  const daily = new Map<number, string>();
  for (const reward of list(config.dailyRewards)) {
    const day = int(reward.day, 1, cycleDays, 0);
    if (day > 0 && typeof reward.prizeId === 'string' && reward.prizeId) daily.set(day, reward.prizeId);
  }
  return {
    cycleDays,
    resetMode: config.resetMode === 'restart-after-cycle' ? 'restart-after-cycle' : 'restart-after-miss',
    loop: config.loop === true,
    allowMakeUp: config.allowMakeUp === true,
    makeUpShares: int(config.makeUpShares, 0, 99, 0),
    makeUpLimit: int(config.makeUpLimit, 0, 30, 0),
    daily,
    accumulated: ladder(config.accumulatedRewards, 'days'),
    consecutive: ladder(config.consecutiveRewards, 'days').filter((step) => step.days <= cycleDays),
  };
}

/**
 * One check-in for `day` after `state` (days only move forward: a make-up fills a day after the
 * last check-in and before today, so earlier rewards never change). Answers the state after it
 * and the rewards it earns, each with a ref that names it once, or why it is refused.
 */
export function checkInStep(
  rules: CheckInRules,
  state: CheckInState,
  mark: CheckInMark,
): { state: CheckInState; rewards: CheckInReward[] } | { refused: CheckInRefusal } {
  if (state.lastDay !== null && mark.day <= state.lastDay)
    return { refused: mark.makeUp ? 'makeUpDayInvalid' : 'alreadyCheckedIn' };
  const continued = state.lastDay !== null && daysBetween(state.lastDay, mark.day) === 1;
  let { cycle, position, cycleStreak, makeUpsInCycle } = state;
  let newCycle = false;
  if (position >= rules.cycleDays) {
    if (!rules.loop) return { refused: 'cycleComplete' };
    newCycle = true;
  } else if (position > 0 && !continued && rules.resetMode === 'restart-after-miss') {
    newCycle = true;
  }
  if (newCycle) {
    cycle += 1;
    position = 1;
    cycleStreak = 1;
    makeUpsInCycle = 0;
  } else {
    position += 1;
    cycleStreak = continued ? cycleStreak + 1 : 1;
  }
  if (mark.makeUp) {
    if (!rules.allowMakeUp) return { refused: 'makeUpNotAllowed' };
    if (rules.makeUpLimit > 0 && makeUpsInCycle >= rules.makeUpLimit) return { refused: 'makeUpLimit' };
    makeUpsInCycle += 1;
  }
  const next: CheckInState = {
    cycle,
    position,
    streak: continued ? state.streak + 1 : 1,
    cycleStreak,
    total: state.total + 1,
    lastDay: mark.day,
    makeUpsInCycle,
  };
  const rewards: CheckInReward[] = [];
  const dailyPrize = rules.daily.get(position);
  if (dailyPrize)
    rewards.push({ kind: 'daily', prizeId: dailyPrize, ref: `daily:${cycle}:${position}`, days: position });
  for (const step of rules.consecutive) {
    if (step.days === cycleStreak)
      rewards.push({ kind: 'consecutive', ...step, ref: `consecutive:${cycle}:${step.days}` });
  }
  for (const step of rules.accumulated) {
    if (step.days === next.total)
      rewards.push({ kind: 'accumulated', ...step, ref: `accumulated:${step.days}` });
  }
  return { state: next, rewards };
}

/** The state after a participant's check-ins (in day order); refused ones change nothing. */
export function replayCheckIns(rules: CheckInRules, marks: readonly CheckInMark[]): CheckInState {
  let state = EMPTY_CHECK_IN;
  for (const mark of [...marks].sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0))) {
    const step = checkInStep(rules, state, mark);
    if ('state' in step) state = step.state;
  }
  return state;
}

/**
 * The missed days a participant may make up today: after their last check-in (or from the
 * campaign's first day), before today, at most one cycle back, while the cycle's make-ups last.
 */
export function makeUpDays(
  rules: CheckInRules,
  state: CheckInState,
  today: string,
  firstDay: string,
): string[] {
  if (!rules.allowMakeUp) return [];
  let first = state.lastDay !== null ? addDays(state.lastDay, 1) : firstDay;
  if (first < firstDay) first = firstDay;
  const oldest = addDays(today, -rules.cycleDays);
  if (first < oldest) first = oldest;
  // Days only move forward: the earliest missed day is made up first, and the rest follow it, so
  // the window is open when that day may be (a cycle without a loop may be complete, or the
  // cycle's make-ups spent).
  if (first >= today || 'refused' in checkInStep(rules, state, { day: first, makeUp: true })) return [];
  const days: string[] = [];
  for (let day = first; day < today; day = addDays(day, 1)) days.push(day);
  // A make-up that starts a new cycle may be allowed with this cycle's make-ups spent: at least one.
  const left = rules.makeUpLimit > 0 ? Math.max(1, rules.makeUpLimit - state.makeUpsInCycle) : days.length;
  return days.slice(0, left);
}

/** What today's check-in would be: the cycle day it fills and its rewards, or why it cannot be. */
export function nextCheckIn(rules: CheckInRules, state: CheckInState, today: string) {
  const step = checkInStep(rules, state, { day: today, makeUp: false });
  if ('refused' in step) return { refused: step.refused } as const;
  return { cycle: step.state.cycle, position: step.state.position, rewards: step.rewards } as const;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** What the server read before deciding a check-in. */
export interface CheckInSituation {
  rules: CheckInRules;
  /** The participant's check-ins so far (replayed when `state` is not given). */
  marks?: readonly CheckInMark[];
  /** The state after the participant's check-ins so far, when the server keeps it. */
  state?: CheckInState;
  /** The campaign's local day now. */
  today: string;
  /** The campaign's first local day (make-ups never reach before it). */
  firstDay: string;
  /** The day the page asked for (`body.day`): absent or today is today's check-in, else a make-up. */
  asked: unknown;
  /** Shares and make-ups today, read when a make-up paid by shares is asked; null otherwise. */
  paidToday: { shares: number; makeUps: number } | null;
}

export type CheckInDecision =
  | { refusal: CheckInRefusal; params?: undefined }
  | { refusal: 'makeUpSharesNeeded'; params: { count: number } }
  | {
      refusal: null;
      day: string;
      makeUp: boolean;
      /** The state after this check-in (the row written holds its cycle, position, streak). */
      state: CheckInState;
      rewards: CheckInReward[];
    };

/** Whether a check-in asked for `asked` is a make-up of another day than today. */
export function isMakeUpAsk(asked: unknown, today: string): boolean {
  return asked !== undefined && asked !== today;
}

/**
 * One check-in action: today's, or a make-up of the missed day asked for, checked in this order:
 * the day's form, make-ups allowed, the day among those that may be made up, the shares that pay
 * for it, then the step itself (already checked in, cycle complete, make-up limit).
 */
export function decideCheckIn(situation: CheckInSituation): CheckInDecision {
  const { rules, today, asked } = situation;
  const makeUp = isMakeUpAsk(asked, today);
  if (makeUp && (typeof asked !== 'string' || !DAY.test(asked))) return { refusal: 'makeUpDayInvalid' };
  const day = makeUp ? (asked as string) : today;
  const state = situation.state ?? replayCheckIns(rules, situation.marks ?? []);
  if (makeUp) {
    if (!rules.allowMakeUp) return { refusal: 'makeUpNotAllowed' };
    if (!makeUpDays(rules, state, today, situation.firstDay).includes(day)) {
      const step = checkInStep(rules, state, { day, makeUp: true });
      return { refusal: 'refused' in step ? step.refused : 'makeUpDayInvalid' };
    }
    if (rules.makeUpShares > 0) {
      const { shares, makeUps } = situation.paidToday ?? { shares: 0, makeUps: 0 };
      if (makeUps >= Math.floor(shares / rules.makeUpShares))
        return { refusal: 'makeUpSharesNeeded', params: { count: rules.makeUpShares } };
    }
  }
  const step = checkInStep(rules, state, { day, makeUp });
  if ('refused' in step) return { refusal: step.refused };
  return { refusal: null, day, makeUp, state: step.state, rewards: step.rewards };
}
