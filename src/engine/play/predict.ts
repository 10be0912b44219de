// Match prediction and voting (the `predict` mechanic): whether a pick is taken, who won once the
// results are in, the order prizes are given in and the prizes each winner may have. Pure: the
// server passes the rules, what it read, the time and its random source.
import { exclusionOf, type DrawPrize, type DrawState } from './draw';
import { shuffled } from './shuffle';

export type PredictMode = 'prediction' | 'voting';

/** A prediction's rules as the decisions read them (the server's config reading adds texts). */
export interface PredictRules {
  mode: PredictMode;
  method: 'each' | 'draw';
  /** Picks close (and settlement may start) at the draw time, else at the campaign's end. */
  closesAtMs: number;
  matches: readonly { id: string; options: readonly { id: string }[] }[];
}

/** One pick: an option of a configured match. */
export interface PredictPick {
  matchId: string;
  optionId: string;
}

/**
 * The pick a body asks for (`{ matchId, optionId }`): an option of a configured match, else null
 * (`play.badPick`), whatever else the body holds.
 */
export function askedPick(
  rules: Pick<PredictRules, 'matches'>,
  body: Readonly<Record<string, unknown>>,
): PredictPick | null {
  const { matchId, optionId } = body;
  const match = rules.matches.find((m) => m.id === matchId);
  if (!match || typeof optionId !== 'string' || !match.options.some((o) => o.id === optionId)) return null;
  return { matchId: match.id, optionId };
}

/** What the server read before deciding a pick, under the participant's entry lock. */
export interface PickSituation {
  rules: Pick<PredictRules, 'mode' | 'closesAtMs'>;
  /** The pick asked for (askedPick). */
  pick: PredictPick;
  nowMs: number;
  /** The match asked for has its result entered. */
  decided: boolean;
  /** The campaign is settled. */
  settled: boolean;
  /** The participant picked the match asked for already. */
  taken: boolean;
}

/** What a pick decided: a refusal, or the pick to write (it costs no chance). */
export type PickDecision =
  | { refusal: 'picksClosed' | 'pickTaken' }
  | {
      refusal: null;
      pick: PredictPick;
      /** Voting answers the match's totals with the pick (prediction: none, they would steer picks). */
      answersTotals: boolean;
    };

/**
 * One pick, decided: refused once picks have closed (the draw time has come, the match has its
 * result, or the campaign is settled), then when the participant picked that match already
 * (a pick is final); else the pick is written.
 */
export function decidePredict(situation: PickSituation): PickDecision {
  const { rules } = situation;
  if (situation.nowMs >= rules.closesAtMs || situation.decided || situation.settled)
    return { refusal: 'picksClosed' };
  if (situation.taken) return { refusal: 'pickTaken' };
  return { refusal: null, pick: situation.pick, answersTotals: rules.mode === 'voting' };
}

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

/** What settling decides on once the campaign's settlement is taken: the results and every pick. */
export interface SettleSituation {
  rules: Pick<PredictRules, 'mode' | 'method'>;
  matchIds: readonly string[];
  results: Readonly<Record<string, string>>;
  sets: readonly PickSet[];
}

/** Who qualified (qualifiers' order) and the order they are given prizes in (awardOrder). */
export interface SettleDecision {
  qualified: string[];
  order: string[];
}

/**
 * A settlement's winners, decided: the qualifiers (every result picked right; voting: every
 * voter) and the order prizes go to them (`each`: earliest last pick first; `draw`: a uniform
 * random order from `randomInt(n)` in 0..n-1).
 */
export function decideSettlement(
  situation: SettleSituation,
  randomInt: (n: number) => number,
): SettleDecision {
  const { rules } = situation;
  const qualified = qualifiers(rules.mode, situation.matchIds, situation.results, situation.sets);
  return { qualified, order: awardOrder(rules.method, qualified, randomInt) };
}

/**
 * The prizes to try for one winner, in config order: the regular prizes not exhausted in this
 * settlement that the winner's per-user maximum, user type and one-super-prize rule allow. Stock,
 * budget and codes are the write's (its conditional writes): the first prize they hold is won, a
 * prize they refuse is exhausted for the rest of the settlement.
 */
export function settlePrizes(
  prizes: readonly DrawPrize[],
  state: DrawState,
  exhausted: ReadonlySet<string>,
): string[] {
  return prizes
    .filter(
      (prize) =>
        prize.isThank !== true &&
        !exhausted.has(prize.id) &&
        exclusionOf({ ...prize, unlimitedStock: true }, state) === null,
    )
    .map((prize) => prize.id);
}
