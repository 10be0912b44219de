import type { PlayPrize, RewardView } from '../../api/playTypes';
import type { DrawResult } from '../rendererTypes';

/** The player's sign-in (`me.progress.checkIn`). */
export interface CheckInState {
  today: string;
  checkedToday: boolean;
  canCheckIn: boolean;
  refusal: string | null;
  next: { cycle: number; position: number } | null;
  cycle: number;
  position: number;
  streak: number;
  cycleStreak: number;
  total: number;
  days: { day: string; position: number; makeUp: boolean }[];
  makeUpDays: string[];
  makeUpsLeft: number | null;
}

/** The sign-in's settings (`game.checkIn`). */
export interface CheckInGame {
  cycleDays: number;
  allowMakeUp: boolean;
  makeUpShares: number;
  daily: { day: number; prizeId: string }[];
  consecutive: { days: number; prizeId: string }[];
  accumulated: { days: number; prizeId: string }[];
}

/** The answer of a `checkIn` action (today's or a made-up day). */
export interface CheckInAnswer {
  day: string;
  position: number;
  streak: number;
  rewards: {
    kind: string;
    prizeId: string;
    outcome: string;
    rewardId: string | null;
    reward: RewardView | null;
  }[];
}

/** The sign-in out of the player's progress; null before the server has given one. */
export function readCheckIn(progress: Record<string, unknown>): CheckInState | null {
  const raw = progress.checkIn as CheckInState | undefined;
  return raw && typeof raw === 'object' && Array.isArray(raw.days) ? raw : null;
}

/** The cycle the grid shows: the running one, or a new empty one when today's sign-in starts it. */
export interface CycleView {
  fresh: boolean;
  /** The signed days of the cycle shown, by position. */
  signed: Map<number, CheckInState['days'][number]>;
  nextPosition: number | null;
  cycleStreak: number;
}

export function cycleView(state: CheckInState): CycleView {
  const fresh = state.next !== null && state.next.cycle !== state.cycle;
  return {
    fresh,
    signed: new Map(fresh ? [] : state.days.map((d) => [d.position, d])),
    nextPosition: state.next?.position ?? null,
    cycleStreak: fresh ? 0 : state.cycleStreak,
  };
}

/** How a day of the grid looks: signed, today's to sign, or later. */
export function dayLook(
  state: CheckInState,
  cycle: CycleView,
  position: number,
): 'signed' | 'today' | 'later' {
  if (cycle.signed.has(position)) return 'signed';
  return !state.checkedToday && cycle.nextPosition === position && state.canCheckIn ? 'today' : 'later';
}

/** The first prize a sign-in won, as the result dialog shows it; null when it won none here. */
export function firstWon(answer: CheckInAnswer, prizes: PlayPrize[]): DrawResult | null {
  const first = answer.rewards.find((r) => r.outcome === 'win');
  const listed = first ? prizes.find((p) => p.id === first.prizeId) : undefined;
  if (!first || !listed) return null;
  return {
    prize: { id: listed.id, name: listed.name, image: listed.image, isThank: false },
    rewardId: first.rewardId,
    reward: first.reward,
  };
}
