// Match prediction and voting (the `predict` mechanic): who won once the results are in, and the
// order prizes are given in. Pure: the server passes picks, results and its random source.
import { shuffled } from './shuffle';

export type PredictMode = 'prediction' | 'voting';

/** One participant's picks, with the time of their last pick (ISO, compared as text). */
export interface PickSet {
  participantId: string;
  picks: Readonly<Record<string, string>>;
  lastPickAt: string;
}

/**
 * Whether the campaign can be settled: every match has a result (prediction), or there is nothing
 * to enter (voting), and the picks have closed.
 */
export function settleBlocker(
  mode: PredictMode,
  matchIds: readonly string[],
  results: Readonly<Record<string, string>>,
  nowMs: number,
  closesAtMs: number | null,
): 'resultsMissing' | 'tooEarly' | null {
  if (mode === 'prediction' && matchIds.some((id) => !Object.hasOwn(results, id))) return 'resultsMissing';
  if (closesAtMs !== null && nowMs < closesAtMs) return 'tooEarly';
  return null;
}

/**
 * The participants who qualify: in prediction mode those who picked every match and picked each
 * match's result; in voting mode everyone who voted at least once. Earliest last pick first (ties
 * by participant id), which is the order `each` gives prizes in.
 */
export function qualifiers(
  mode: PredictMode,
  matchIds: readonly string[],
  results: Readonly<Record<string, string>>,
  sets: readonly PickSet[],
): string[] {
  return sets
    .filter((set) =>
      mode === 'voting'
        ? Object.keys(set.picks).length > 0
        : matchIds.every((id) => Object.hasOwn(set.picks, id) && set.picks[id] === results[id]),
    )
    .sort((a, b) =>
      a.lastPickAt < b.lastPickAt
        ? -1
        : a.lastPickAt > b.lastPickAt
          ? 1
          : a.participantId < b.participantId
            ? -1
            : 1,
    )
    .map((set) => set.participantId);
}

/**
 * The order winners are given prizes in: `each` = the qualifiers' own order (first to have picked
 * first, so a limited stock goes to the earliest); `draw` = a random order among them (a limited
 * stock is drawn among all the qualifiers).
 */
export function awardOrder(
  method: 'each' | 'draw',
  qualified: readonly string[],
  randomInt: (n: number) => number,
): string[] {
  return method === 'draw' ? shuffled(qualified, randomInt) : [...qualified];
}

/** Picks per option of a match, every option present (0 when nobody picked it). */
export function pickTotals(
  optionIds: readonly string[],
  counts: readonly { optionId: string; picks: number }[],
): Record<string, number> {
  const totals: Record<string, number> = Object.fromEntries(optionIds.map((id) => [id, 0]));
  for (const row of counts) if (Object.hasOwn(totals, row.optionId)) totals[row.optionId] += row.picks;
  return totals;
}
