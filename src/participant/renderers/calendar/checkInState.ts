import type { PlayPrize, RewardView } from '../../api/playTypes';
import type { DrawResult } from '../rendererTypes';

/** The player's check-ins (`me.progress.checkIn`). */
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

/** The check-in's configuration. */
export interface CheckInGame {
  cycleDays: number;
  allowMakeUp: boolean;
  makeUpShares: number;
  daily: { day: number; prizeId: string }[];
  consecutive: { days: number; prizeId: string }[];
  accumulated: { days: number; prizeId: string }[];
}

/** What a check-in answers: the day signed and the rewards it gave. */
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

export function readCheckIn(progress: Record<string, unknown>): CheckInState | null {
  const raw = progress.checkIn as CheckInState | undefined;
  return raw && typeof raw === 'object' && Array.isArray(raw.days) ? raw : null;
}

/** The look of a day of the cycle: signed, today's (to sign now), or later. */
export type DayLook = 'signed' | 'today' | 'later';

/**
 * The cycle as the grid shows it. When today's check-in starts a new cycle the grid shows the
 * new one, empty: nothing signed, no streak in it.
 */
export function cycleView(state: CheckInState) {
  const fresh = state.next !== null && state.next.cycle !== state.cycle;
  const signed = new Map(fresh ? [] : state.days.map((d) => [d.position, d]));
  const nextPosition = state.next?.position ?? null;
  const look = (position: number): DayLook =>
    signed.has(position)
      ? 'signed'
      : !state.checkedToday && nextPosition === position && state.canCheckIn
        ? 'today'
        : 'later';
  return {
    fresh,
    signed,
    look,
    cycleStreak: fresh ? 0 : state.cycleStreak,
    position: fresh ? 0 : state.position,
  };
}

/** The first prize a check-in won, as the result dialog shows it; null when it won none or that prize is not listed. */
export function wonResult(answer: CheckInAnswer, prizes: readonly PlayPrize[]): DrawResult | null {
  const first = answer.rewards.find((r) => r.outcome === 'win');
  const listed = first ? prizes.find((p) => p.id === first.prizeId) : undefined;
  return first && listed
    ? {
        prize: { id: listed.id, name: listed.name, image: listed.image, isThank: false },
        rewardId: first.rewardId,
        reward: first.reward,
      }
    : null;
}
