// What the prediction screen reads from the page: the matches (`campaign.game.predict`) and the
// player's state (`me.progress`), read defensively, and percentages that add up to 100.

export interface PredictGame {
  mode: 'prediction' | 'voting';
  closesAt: string | null;
  matches: { id: string; title: string; options: { id: string; label: string; image: string | null }[] }[];
}

export interface PredictProgress {
  picks: Record<string, string>;
  results: Record<string, string>;
  totals: Record<string, Record<string, number>> | null;
  settled: boolean;
  open: boolean;
}

const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const strings = (value: unknown): Record<string, string> =>
  Object.fromEntries(
    Object.entries(record(value)).filter((e): e is [string, string] => typeof e[1] === 'string'),
  );

/** `me.progress` of a prediction, anything missing read as empty. */
export function readProgress(value: unknown): PredictProgress {
  const raw = record(value);
  const totals =
    raw.totals && typeof raw.totals === 'object'
      ? Object.fromEntries(
          Object.entries(record(raw.totals)).map(([match, counts]) => [
            match,
            Object.fromEntries(
              Object.entries(record(counts)).filter((e): e is [string, number] => typeof e[1] === 'number'),
            ),
          ]),
        )
      : null;
  return {
    picks: strings(raw.picks),
    results: strings(raw.results),
    totals,
    settled: raw.settled === true,
    open: raw.open !== false,
  };
}

/**
 * Whole percentages of `counts` that add up to exactly 100 (largest remainder: each gets its
 * floor, the leftover points go to the largest fractions, ties to the earlier option); all 0 when
 * nobody picked.
 */
export function percentages(counts: readonly number[]): number[] {
  const total = counts.reduce((sum, n) => sum + n, 0);
  if (total <= 0) return counts.map(() => 0);
  const exact = counts.map((n) => (n * 100) / total);
  const floors = exact.map(Math.floor);
  let left = 100 - floors.reduce((sum, n) => sum + n, 0);
  const order = exact
    .map((value, i) => ({ i, fraction: value - floors[i] }))
    .sort((a, b) => b.fraction - a.fraction || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    floors[i] += 1;
    left -= 1;
  }
  return floors;
}

export type PredictMatch = PredictGame['matches'][number];

/** What a match card shows for the player: their pick, the result, the totals and what they can do. */
export interface MatchView {
  mine: string | undefined;
  result: string | undefined;
  /** Picks per option, with each option's whole percentage; null while the totals are hidden. */
  totals: { counts: Record<string, number>; shares: number[] } | null;
  /** The option shown as picked: the player's pick, else the one tapped but not yet confirmed. */
  selected: string | undefined;
  canPick: boolean;
  /** Picks have closed before the player picked this match. */
  closed: boolean;
}

export function matchView(
  match: PredictMatch,
  progress: PredictProgress,
  chosen: string | undefined,
  disabled: boolean,
): MatchView {
  const mine = progress.picks[match.id];
  const result = progress.results[match.id];
  const counts = progress.totals?.[match.id];
  return {
    mine,
    result,
    totals: counts ? { counts, shares: percentages(match.options.map((o) => counts[o.id] ?? 0)) } : null,
    selected: mine ?? chosen,
    canPick: !mine && !result && progress.open && !disabled,
    closed: !mine && !result && !progress.open,
  };
}
