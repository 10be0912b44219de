// Random orders for the play rules, from a random source the caller passes (the server's
// crypto.randomInt; seeded in tests).

/** A uniform random order (Fisher-Yates with `randomInt(n)` in 0..n-1). */
export function shuffled<T>(items: readonly T[], randomInt: (n: number) => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}
