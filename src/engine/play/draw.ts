import { oddsHundredths } from '../rules/rewardOdds';
import { budgetSpentOut, chanceSpend, type BudgetState, type ChanceSpend, type ChanceState } from './chances';

/** A prize as the draw reads it (from the campaign config). */
export interface DrawPrize {
  id: string;
  /** Percent with at most two decimals. */
  odds?: number;
  isThank?: boolean;
  unlimitedStock?: boolean;
  /** Configured stock (total to give), when not unlimited. */
  stock?: number;
  /** Wins per participant; 0 or absent = unlimited. */
  perUserMax?: number;
  /** Only participants of this user type (identifier) may win it. */
  userType?: string;
  /** The prize's value in micros of the budget currency (0 = free). */
  valueMicros: number;
  /** At most one super prize per participant. */
  isSuper?: boolean;
}

/** What the draw knows about the campaign and the participant right now. */
export interface DrawState {
  /** Wins given so far per prize id. */
  issued: Record<string, number>;
  /** This participant's wins per prize id. */
  userWins: Record<string, number>;
  /** This participant's super prizes won. */
  userSuperWins: number;
  userType: string | null;
  /** Budget left in micros; null = no budget limit. */
  budgetLeftMicros: number | null;
}

export type ExclusionReason = 'outOfStock' | 'userMax' | 'userType' | 'overBudget' | 'superLimit';

export interface DrawEntry {
  /** null: "nothing" (no thank-you prize configured to take the excluded odds). */
  prizeId: string | null;
  /** Integer hundredths of a percent; all entries sum to 10 000. */
  hundredths: number;
  isThank: boolean;
}

export interface DrawTable {
  entries: DrawEntry[];
  excluded: { prizeId: string; reason: ExclusionReason }[];
}

/** Whether a prize may be won now, and if not why (first reason that holds). */
export function exclusionOf(prize: DrawPrize, state: DrawState): ExclusionReason | null {
  if (prize.isThank) return null;
  if (!prize.unlimitedStock && (state.issued[prize.id] ?? 0) >= (prize.stock ?? 0)) return 'outOfStock';
  if (prize.perUserMax && (state.userWins[prize.id] ?? 0) >= prize.perUserMax) return 'userMax';
  if (prize.userType && prize.userType !== state.userType) return 'userType';
  if (prize.isSuper && state.userSuperWins > 0) return 'superLimit';
  if (state.budgetLeftMicros !== null && prize.valueMicros > state.budgetLeftMicros) return 'overBudget';
  return null;
}

/**
 * The odds to draw with, in integer hundredths (two-decimal odds are exact): the thank-you prize
 * takes what the others leave, and every prize that cannot be won now gives its share to
 * the thank-you prize (out of stock; likewise per-user maximum, user type, budget, super
 * prize limit). Without a thank-you prize, those shares (and whatever the odds leave under 100%)
 * go to a "nothing" entry (`prizeId: null`).
 * Entries keep the config's order; the "nothing" entry comes last.
 */
export function drawTable(prizes: readonly DrawPrize[], state: DrawState): DrawTable {
  const odds = oddsHundredths(prizes);
  // Odds over 100% cannot be saved (probabilitySum); should one come, nothing is won rather than
  // drawing above 100%.
  const base = odds.ok ? odds.hundredths : prizes.map(() => 0);
  const excluded: DrawTable['excluded'] = [];
  let freed = 0;
  const entries: DrawEntry[] = prizes.map((prize, i) => {
    const reason = exclusionOf(prize, state);
    if (reason) {
      excluded.push({ prizeId: prize.id, reason });
      freed += base[i];
      return { prizeId: prize.id, hundredths: 0, isThank: false };
    }
    return { prizeId: prize.id, hundredths: base[i], isThank: prize.isThank === true };
  });
  // Without a thank-you prize, odds under 100% leave the rest to "nothing".
  const missing = odds.ok ? odds.missing : 10_000;
  const thank = entries.find((entry) => entry.isThank);
  if (thank) thank.hundredths += freed + missing;
  else if (freed + missing > 0) entries.push({ prizeId: null, hundredths: freed + missing, isThank: true });
  return { entries, excluded };
}

/** The entry a uniform integer `r` in 0..9999 falls on (cumulative hundredths: exact). */
export function pickEntry(entries: readonly DrawEntry[], r: number): number {
  if (!Number.isInteger(r) || r < 0 || r >= 10_000)
    throw new RangeError(`r must be an integer in 0..9999, got ${r}`);
  let acc = 0;
  for (let i = 0; i < entries.length; i++) {
    acc += entries[i].hundredths;
    if (r < acc) return i;
  }
  // Unreachable while entries sum to 10 000.
  throw new RangeError('odds do not sum to 100%');
}

/** A participant's chances in a campaign as the draw reads them. */
export type DrawChances = ChanceState;

/** Everything one draw decides on, read before deciding. */
export interface DrawSituation {
  /** The participant's chances in the campaign drawn. */
  own: DrawChances;
  /** What a sub-activity takes from its bound campaign; absent when it takes nothing. */
  parent?: {
    /** Draws spend the bound campaign's chances. */
    spendsParent: boolean;
    /** Only participants of the bound campaign may draw. */
    parentOnly: boolean;
    /** The participant has an entry in the bound campaign. */
    joined: boolean;
    /** Their chances there: null when the campaign is gone, spends no chances, or they never joined. */
    chances: DrawChances | null;
  };
  /** The prizes in config order (stock is left to the write: `unlimitedStock` for the table). */
  prizes: readonly DrawPrize[];
  /** The participant's wins and user type (DrawState). */
  state: DrawState;
  /** The campaign's budget and what is spent of it, in micros; null without a budget. */
  budget: BudgetState;
}

/** Why a draw is refused (the error key is `play.<refusal>`). */
export type DrawRefusal = 'overBudget' | 'parentOnly' | 'noChances';

/** What one draw decided: a refusal, or the chance spent and the entry of the table drawn. */
export type DrawDecision =
  | { refusal: DrawRefusal }
  | {
      refusal: null;
      /** The chance spent (the bound campaign's when `fromParent`). */
      spend: ChanceSpend;
      fromParent: boolean;
      table: DrawTable;
      /** The uniform value drawn, 0..9999, kept with the action for audit. */
      randomValue: number;
      /** The entry drawn: a prize to give, the thank-you prize, or nothing (`prizeId: null`). */
      picked: DrawEntry;
    };

/** The chance a draw spends: its own, or its bound campaign's (`chanceSource: parent`). */
function drawSpend(situation: DrawSituation): ChanceSpend | Exclude<DrawRefusal, 'overBudget'> {
  const { own, parent } = situation;
  if (parent?.parentOnly && !parent.joined) return 'parentOnly';
  const from = parent?.spendsParent ? parent.chances : own;
  if (!from) return 'noChances';
  return chanceSpend(from.rules, from.counters, from.today) ?? 'noChances';
}

/**
 * One draw, decided: refused once the budget is spent, then for a participant the bound campaign
 * never saw when only its participants draw, then without a chance left; else a chance is spent
 * and `randomValue` (uniform in 0..9999) picks an entry of the odds table. Whether a picked prize
 * is given is the write's (its stock, budget and codes, taken by conditional writes).
 */
export function decideDraw(situation: DrawSituation, randomValue: number): DrawDecision {
  const { budget } = situation;
  if (budgetSpentOut(budget)) return { refusal: 'overBudget' };
  const spend = drawSpend(situation);
  if (typeof spend === 'string') return { refusal: spend };
  const table = drawTable(situation.prizes, situation.state);
  const picked = table.entries[pickEntry(table.entries, randomValue)];
  return {
    refusal: null,
    spend,
    fromParent: situation.parent?.spendsParent === true,
    table,
    randomValue,
    picked,
  };
}

/** How the draw starts (-1 = on the button; N >= 0 = by itself after N seconds). */
export function drawTrigger(
  drawCountdown: number | undefined | null,
): { kind: 'button' } | { kind: 'auto'; afterSeconds: number } {
  if (drawCountdown === undefined || drawCountdown === null || drawCountdown < 0) return { kind: 'button' };
  return { kind: 'auto', afterSeconds: Math.floor(drawCountdown) };
}

/** A money value with at most two decimals in integer micros (exact: no float sums). */
export function moneyToMicros(value: number): number {
  return Math.round(value * 100) * 10_000;
}
