import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import type { RandomGenerator } from 'pure-rand/types/RandomGenerator';

/** What one URL earned over the window the shares are computed on. */
export interface UrlStats {
  key: string;
  serves: number;
  /** Income (credits minus reversals) attributed to the URL, in micros. */
  incomeMicros: number;
  /**
   * How many income transactions make up `incomeMicros` (optional). It tells how lumpy income
   * is: 50 clicks worth 1 000 000 each are far less certain than 1 000 000 serves worth 50 each.
   * Absent, each serve counts as one income event (fine for eCPM-style smooth income).
   */
  incomeCount?: number;
}

/** The share a URL gets and why. */
export interface AiShare {
  key: string;
  /** Share of the serves, 0..1, a multiple of 1e-6; all shares sum to 1. */
  share: number;
  /** Observed income per serve (0 without serves). */
  meanMicrosPerServe: number;
  /** Posterior probability that this URL has the best income per serve. */
  probabilityBest: number;
  /**
   * exploring: fewer than `minServes` serves (or no income anywhere yet); leading: the most
   * likely best; floor: kept at the floor share only to keep measuring it; trailing: the others.
   */
  reason: 'exploring' | 'leading' | 'floor' | 'trailing';
}

export interface AiShareOptions {
  /** Share every URL keeps, capped at 1/(2n); default 0.05. */
  floor?: number;
  /** Serves below which a URL is still exploring; default 200. */
  minServes?: number;
  /** Seed of the Monte Carlo draw; default 1. Same input and seed, same shares. */
  seed?: number;
  /** Monte Carlo draws; default 4000. */
  samples?: number;
}

/** Pseudo-serves of the prior at the pooled mean: how strongly a small URL is pulled to it. */
const PRIOR_SERVES = 100;
const MILLION = 1_000_000;
/** Below this part of the non-floor share, a URL counts as held at the floor. */
const FLOOR_PART = 0.005;

/** Standard normal draws (Marsaglia's polar method; the second draw of each pair is kept). */
function normalSource(rng: RandomGenerator): () => number {
  let spare = 0;
  let hasSpare = false;
  return () => {
    if (hasSpare) {
      hasSpare = false;
      return spare;
    }
    for (;;) {
      const u = 2 * uniformFloat64(rng) - 1;
      const v = 2 * uniformFloat64(rng) - 1;
      const s = u * u + v * v;
      if (s === 0 || s >= 1) continue;
      const m = Math.sqrt((-2 * Math.log(s)) / s);
      spare = v * m;
      hasSpare = true;
      return u * m;
    }
  };
}

/** A Gamma(shape, 1) draw: Marsaglia and Tsang, boosted by U^(1/shape) below shape 1. */
function gamma(rng: RandomGenerator, normal: () => number, shape: number): number {
  if (shape < 1) return gamma(rng, normal, shape + 1) * Math.pow(1 - uniformFloat64(rng), 1 / shape);
  const d = shape - 1 / 3;
  const c = 1 / Math.sqrt(9 * d);
  for (;;) {
    const x = normal();
    const v0 = 1 + c * x;
    if (v0 <= 0) continue;
    const v = v0 * v0 * v0;
    const u = 1 - uniformFloat64(rng);
    const x2 = x * x;
    // The squeeze accepts ~98 % of draws without a logarithm.
    if (u < 1 - 0.0331 * x2 * x2) return d * v;
    if (Math.log(u) < 0.5 * x2 + d - d * v + d * Math.log(v)) return d * v;
  }
}

/** Integer parts of `total` in proportion to `weights` (largest remainder, ties to the first). */
function apportion(weights: readonly number[], total: number): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((w) => (sum > 0 ? (w / sum) * total : total / weights.length));
  const parts = exact.map(Math.floor);
  let left = total - parts.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => ({ i, rest: x - parts[i] })).sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (let k = 0; left > 0; k = (k + 1) % order.length, left--) parts[order[k].i]++;
  return parts;
}

/** Each URL's chance of being the best, from a Gamma posterior shrunk toward the pooled mean. */
function probabilitiesBest(stats: readonly UrlStats[], seed: number, samples: number): number[] | null {
  const serves = stats.map((s) => Math.max(0, s.serves || 0));
  const income = stats.map((s) => Math.max(0, s.incomeMicros || 0));
  const totalServes = serves.reduce((a, b) => a + b, 0);
  const totalIncome = income.reduce((a, b) => a + b, 0);
  if (totalServes <= 0 || totalIncome <= 0) return null;
  const pooled = totalIncome / totalServes;
  let totalCount = 0;
  let counted = true;
  for (const s of stats)
    if (s.incomeCount === undefined) counted = false;
    else totalCount += Math.max(0, s.incomeCount);
  // Income per event: the posterior variance of a URL's mean is mean × perEvent / serves.
  const perEvent = counted && totalCount > 0 ? totalIncome / totalCount : pooled;
  const shapes = income.map((x) => (PRIOR_SERVES * pooled + x) / perEvent);
  const rates = serves.map((n) => (PRIOR_SERVES + n) / perEvent);
  const rng = xoroshiro128plus(seed | 0);
  const normal = normalSource(rng);
  const wins = new Array<number>(stats.length).fill(0);
  for (let s = 0; s < samples; s++) {
    let best = 0;
    let bestValue = -1;
    for (let i = 0; i < stats.length; i++) {
      const value = gamma(rng, normal, shapes[i]) / rates[i];
      if (value > bestValue) {
        best = i;
        bestValue = value;
      }
    }
    wins[best]++;
  }
  return wins.map((w) => w / samples);
}

/**
 * Thompson-style allocation for AI strategies: share_i = floor + (1 - n·floor) · q_i where q_i
 * is P(URL i has the best income per serve), from a Gamma posterior per URL shrunk toward the
 * pooled mean (100 pseudo-serves) and estimated by a seeded Monte Carlo (pure-rand
 * xoroshiro128plus), so the same input and seed give the same shares.
 * floor = min(options.floor ?? 0.05, 1/(2n)). URLs with fewer than `minServes` (default 200)
 * serves are 'exploring' and get q_i >= 1/n (taken from the others' surplus over their minimum).
 * Without any income yet, q is even. Shares are multiples of 1e-6 and sum to exactly 1
 * (largest remainder); each is >= floor. The order of `stats` is kept.
 */
export function aiShares(stats: readonly UrlStats[], options: AiShareOptions = {}): AiShare[] {
  const n = stats.length;
  if (n === 0) return [];
  const minServes = options.minServes ?? 200;
  const floor = Math.max(0, Math.min(options.floor ?? 0.05, 1 / (2 * n)));
  const samples = Math.max(1, Math.floor(options.samples ?? 4000));
  const best = probabilitiesBest(stats, options.seed ?? 1, samples);
  const probability = best ?? stats.map(() => 1 / n);
  const exploring = stats.map((s) => best === null || !(s.serves >= minServes));

  // Exploring URLs get at least 1/n; the rest keep their surplus over their minimum, scaled.
  const minimum = exploring.map((e) => (e ? 1 / n : 0));
  const reserved = minimum.reduce((a, b) => a + b, 0);
  const surplus = probability.map((p, i) => Math.max(0, p - minimum[i]));
  const surplusSum = surplus.reduce((a, b) => a + b, 0);
  const q = minimum.map((m, i) => m + (1 - reserved) * (surplusSum > 0 ? surplus[i] / surplusSum : 1 / n));

  const floorMillionths = Math.ceil(floor * MILLION - 1e-7);
  const parts = apportion(q, MILLION - n * floorMillionths);
  let leader = -1;
  for (let i = 0; i < n; i++)
    if (!exploring[i] && (leader < 0 || probability[i] > probability[leader])) leader = i;

  return stats.map((s, i) => ({
    key: s.key,
    share: (floorMillionths + parts[i]) / MILLION,
    meanMicrosPerServe: s.serves > 0 ? s.incomeMicros / s.serves : 0,
    probabilityBest: probability[i],
    reason: exploring[i] ? 'exploring' : i === leader ? 'leading' : q[i] < FLOOR_PART ? 'floor' : 'trailing',
  }));
}
