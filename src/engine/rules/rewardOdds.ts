/** A reward item: `odds` in percent and `is_thank` for the thank-you prize. */
export interface OddsItem {
  odds?: number | null;
  isThank?: boolean;
  /** Remaining stock; 0 means out of stock (absent or null: unlimited). */
  stock?: number | null;
}

export type OddsResult =
  | { ok: true; odds: number[]; total: number }
  | { ok: false; error: 'odds.overflow' | 'odds.underflow'; total: number };

/** Odds as integer hundredths of a percent (10 000 = 100%): two-decimal odds are exact. */
export type OddsHundredths =
  { ok: true; hundredths: number[]; missing: number } | { ok: false; error: 'odds.overflow'; total: number };

/**
 * Reward odds in integer hundredths with the thank-you remainder rule: the first
 * thank-you prize takes 10 000 minus the others (its own odds are ignored). `missing` is the share
 * no prize takes: only without a thank-you prize, when the others total under 100%. The others
 * totalling over 100% is an error.
 */
export function oddsHundredths(items: readonly OddsItem[]): OddsHundredths {
  const thankIndex = items.findIndex((i) => i.isThank === true);
  const hundredths = items.map((item, i) => (i === thankIndex ? 0 : Math.round((item.odds ?? 0) * 100)));
  const sum = hundredths.reduce((a, b) => a + b, 0);
  if (sum > 10_000) return { ok: false, error: 'odds.overflow', total: sum / 100 };
  if (thankIndex >= 0) {
    hundredths[thankIndex] = 10_000 - sum;
    return { ok: true, hundredths, missing: 0 };
  }
  return { ok: true, hundredths, missing: 10_000 - sum };
}

/**
 * Reward odds with the thank-you remainder rule: when the other prizes total under 100,
 * the thank-you prize receives the remainder, to two decimals. Without a thank-you prize the odds
 * must total exactly 100.
 */
export function normalizeOdds(items: readonly OddsItem[]): OddsResult {
  const result = oddsHundredths(items);
  if (!result.ok) return result;
  if (result.missing > 0)
    return { ok: false, error: 'odds.underflow', total: (10_000 - result.missing) / 100 };
  return { ok: true, odds: result.hundredths.map((h) => h / 100), total: 100 };
}

/**
 * Odds to draw with right now: a prize out of stock gives its share to the thank-you prize, so a
 * thank-you prize reaches 100% only when every other prize is out of stock.
 */
export function effectiveOdds(items: readonly OddsItem[]): OddsResult {
  const normalized = normalizeOdds(items);
  if (!normalized.ok) return normalized;
  const thankIndex = items.findIndex((i) => i.isThank === true);
  if (thankIndex < 0) return normalized;
  const odds = [...normalized.odds];
  let freed = 0;
  items.forEach((item, i) => {
    if (i !== thankIndex && item.stock === 0) {
      freed += Math.round(odds[i] * 100);
      odds[i] = 0;
    }
  });
  odds[thankIndex] = (Math.round(odds[thankIndex] * 100) + freed) / 100;
  return { ok: true, odds, total: 100 };
}

/** Picks an index by odds with a random number in [0, 1); callers pass their own source of randomness. */
export function drawIndex(odds: readonly number[], random: number): number {
  let acc = 0;
  const target = random * 100;
  for (let i = 0; i < odds.length; i++) {
    acc += odds[i];
    if (target < acc) return i;
  }
  return odds.length - 1;
}
