import { oddsHundredths } from '../rules/rewardOdds';

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
 * takes what the others leave (SPEC 4), and every prize that cannot be won now gives its share to
 * the thank-you prize (SPEC 8: out of stock; likewise per-user maximum, user type, budget, super
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

/** How the draw starts (SPEC 9: -1 = on the button; N >= 0 = by itself after N seconds). */
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
