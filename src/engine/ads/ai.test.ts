import { describe, expect, it } from 'vitest';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import { aiShares, type AiShare, type UrlStats } from './ai';
import { assignPrepared, prepareUrls } from './assign';

const stat = (key: string, serves: number, meanMicros: number, incomeCount?: number): UrlStats => ({
  key,
  serves,
  incomeMicros: serves * meanMicros,
  ...(incomeCount === undefined ? {} : { incomeCount }),
});

/** Shares as integer millionths (they are exact multiples of 1e-6). */
const millionths = (shares: AiShare[]) => shares.map((s) => Math.round(s.share * 1_000_000));

function expectWellFormed(shares: AiShare[], floor: number) {
  const parts = millionths(shares);
  parts.forEach((part, i) => expect(Math.abs(part / 1_000_000 - shares[i].share)).toBeLessThan(1e-12));
  expect(parts.reduce((a, b) => a + b, 0)).toBe(1_000_000);
  for (const s of shares) expect(s.share).toBeGreaterThanOrEqual(floor);
}

describe('aiShares', () => {
  it('answers nothing for no URL and everything for one', () => {
    expect(aiShares([])).toEqual([]);
    expect(aiShares([stat('a', 50, 10)])).toEqual([
      { key: 'a', share: 1, meanMicrosPerServe: 10, probabilityBest: 1, reason: 'exploring' },
    ]);
    expect(aiShares([stat('a', 5000, 10)])[0]).toMatchObject({ share: 1, reason: 'leading' });
  });

  it('splits evenly while no URL has earned anything', () => {
    const shares = aiShares([stat('a', 0, 0), stat('b', 900, 0), stat('c', 5000, 0)]);
    expect(shares).toEqual([
      { key: 'a', share: 0.333334, meanMicrosPerServe: 0, probabilityBest: 1 / 3, reason: 'exploring' },
      { key: 'b', share: 0.333333, meanMicrosPerServe: 0, probabilityBest: 1 / 3, reason: 'exploring' },
      { key: 'c', share: 0.333333, meanMicrosPerServe: 0, probabilityBest: 1 / 3, reason: 'exploring' },
    ]);
  });

  it('gives a clear leader everything but the floor, the others the floor', () => {
    const shares = aiShares([
      stat('a', 20_000, 10_000),
      stat('b', 20_000, 12_000),
      stat('c', 20_000, 20_000),
    ]);
    expect(shares.map((s) => [s.key, s.share, s.reason])).toEqual([
      ['a', 0.05, 'floor'],
      ['b', 0.05, 'floor'],
      ['c', 0.9, 'leading'],
    ]);
    expect(shares.map((s) => s.meanMicrosPerServe)).toEqual([10_000, 12_000, 20_000]);
    expect(shares[2].probabilityBest).toBe(1);
  });

  it('is deterministic for the same input and seed, and close for another seed', () => {
    const stats = [stat('a', 3000, 10_000), stat('b', 2500, 10_400), stat('c', 2800, 10_200)];
    const once = aiShares(stats, { seed: 7 });
    expect(aiShares(stats, { seed: 7 })).toEqual(once);
    const other = aiShares(stats, { seed: 8 });
    once.forEach((s, i) => expect(Math.abs(s.probabilityBest - other[i].probabilityBest)).toBeLessThan(0.04));
    expectWellFormed(once, 0.05);
    expect(once.map((s) => s.reason)).toEqual(['trailing', 'leading', 'trailing']);
  });

  it('caps the floor at 1/(2n) and keeps shares exact millionths summing to 1', () => {
    const stats = Array.from({ length: 12 }, (_, i) => stat(`u${i}`, 1000 + i * 97, 9_000 + i * 150));
    const shares = aiShares(stats, { floor: 0.2, samples: 1000 });
    expectWellFormed(shares, 1 / 24);
    expect(Math.min(...millionths(shares))).toBe(41_667);
    expectWellFormed(aiShares(stats, { floor: 0 }), 0);
  });

  it('gives a URL still exploring at least 1/n of the non-floor part', () => {
    const stats = [stat('a', 20_000, 10_000), stat('b', 20_000, 20_000), stat('new', 40, 0)];
    const shares = aiShares(stats);
    expect(shares.map((s) => s.reason)).toEqual(['floor', 'leading', 'exploring']);
    expect(shares[2].share).toBeGreaterThanOrEqual(0.05 + 0.85 / 3 - 1e-6);
    expect(shares[1].share).toBeGreaterThan(0.6);
    expectWellFormed(shares, 0.05);
    // minServes 0: nothing explores, so the new URL falls to the floor.
    expect(aiShares(stats, { minServes: 0 })[2]).toMatchObject({ share: 0.05, reason: 'floor' });
  });

  it('is less sure of lumpy income: few income events make the same means closer to a toss-up', () => {
    const smooth = aiShares([stat('a', 10_000, 10_000), stat('b', 10_000, 10_500)]);
    const lumpy = aiShares([stat('a', 10_000, 10_000, 100), stat('b', 10_000, 10_500, 105)]);
    expect(smooth[1].probabilityBest).toBeGreaterThan(0.99);
    expect(lumpy[1].probabilityBest).toBeGreaterThan(0.5);
    expect(lumpy[1].probabilityBest).toBeLessThan(0.85);
  });

  it('reads reversals beyond the credits as no income', () => {
    const shares = aiShares([{ key: 'a', serves: 5000, incomeMicros: -2_000_000 }, stat('b', 5000, 1_000)]);
    expect(shares[0]).toMatchObject({ share: 0.05, meanMicrosPerServe: -400, reason: 'floor' });
    expect(shares[1]).toMatchObject({ share: 0.95, reason: 'leading' });
  });
});

describe('aiShares in a seeded simulation (30 rounds × 2 000 visitors)', () => {
  const KEYS = ['https://ads.example.com/a', 'https://ads.example.com/b', 'https://ads.example.com/c'];
  // True income per serve in micros: $10, $12 and $20 eCPM.
  const MEANS = [10_000, 12_000, 20_000];

  /**
   * Serves each round's visitors by assignUrl over the current shares and earns seeded noisy
   * income: `smooth` = exponential noise around the mean on every serve; `lumpy` = 2 % of serves
   * earn mean / 0.02 × U(0.5, 1.5), reported with incomeCount.
   */
  function simulate(kind: 'smooth' | 'lumpy', seed: number, start?: UrlStats[]) {
    const rng = xoroshiro128plus(seed);
    const stats: UrlStats[] =
      start?.map((s) => ({ ...s })) ??
      KEYS.map((key) => ({
        key,
        serves: 0,
        incomeMicros: 0,
        ...(kind === 'lumpy' ? { incomeCount: 0 } : {}),
      }));
    const rounds: AiShare[][] = [];
    for (let round = 0; round < 30; round++) {
      const shares = aiShares(stats, { seed: round + 1 });
      rounds.push(shares);
      const prepared = prepareUrls(shares.map((s) => ({ key: s.key, weight: s.share })));
      for (let v = 0; v < 2000; v++) {
        const i = KEYS.indexOf(assignPrepared(`visitor-${round}-${v}`, 'strategy-ai', prepared)!);
        const s = stats[i];
        s.serves++;
        if (kind === 'smooth') {
          s.incomeMicros += Math.round(-Math.log(1 - uniformFloat64(rng)) * MEANS[i]);
        } else if (uniformFloat64(rng) < 0.02) {
          s.incomeMicros += Math.round((MEANS[i] / 0.02) * (0.5 + uniformFloat64(rng)));
          s.incomeCount = (s.incomeCount ?? 0) + 1;
        }
      }
    }
    return { rounds, final: aiShares(stats, { seed: 31 }), stats };
  }

  for (const kind of ['smooth', 'lumpy'] as const)
    it(`${kind} income: ends with the best URL >= 70 %, every URL >= the floor in every round`, () => {
      for (const seed of [1, 2, 3]) {
        const { rounds, final } = simulate(kind, seed);
        for (const shares of rounds) expectWellFormed(shares, 0.05);
        expectWellFormed(final, 0.05);
        expect(final[2].share).toBeGreaterThanOrEqual(0.7);
        expect(final[2].reason).toBe('leading');
        // The first round knows nothing: even shares.
        expect(millionths(rounds[0])).toEqual([333_334, 333_333, 333_333]);
      }
    });

  it('recovers the best URL after an unlucky start, thanks to the floor', () => {
    const start = [stat(KEYS[0], 3000, 15_000), stat(KEYS[1], 3000, 12_000), stat(KEYS[2], 300, 5_000)];
    const { rounds, final } = simulate('smooth', 9, start);
    expect(rounds[0].map((s) => s.reason)).toEqual(['leading', 'floor', 'floor']);
    expect(rounds[0][2].share).toBe(0.05);
    for (const shares of rounds) expectWellFormed(shares, 0.05);
    expect(final[2].share).toBeGreaterThanOrEqual(0.7);
  });
});
