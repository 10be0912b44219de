// The coin pool (the `pool` mechanic): its rounds in time, each round's state, and how a round's
// pool is shared among the coins staked in it. Pure: the server passes times and stakes.

export interface PoolRound {
  index: number;
  fromMs: number;
  toMs: number;
}

const HOUR_MS = 3_600_000;
/** More rounds than any campaign holds (366 days of hourly rounds). */
const MAX_ROUNDS = 366 * 24;

/**
 * The rounds of a campaign: the first runs from the start to the draw time, the next ones last
 * `roundHours` each from there, and the last ends with the campaign. A draw time outside the
 * campaign makes the rounds start at the start.
 */
export function poolRounds(startMs: number, endMs: number, drawMs: number, roundHours: number): PoolRound[] {
  const step = Math.max(1, Math.floor(roundHours)) * HOUR_MS;
  const anchor = drawMs > startMs && drawMs < endMs ? drawMs : startMs + step;
  const bounds = [startMs];
  for (let at = anchor; at < endMs && bounds.length <= MAX_ROUNDS; at += step) bounds.push(at);
  bounds.push(endMs);
  const rounds: PoolRound[] = [];
  for (let i = 0; i + 1 < bounds.length; i++) {
    if (bounds[i + 1] > bounds[i])
      rounds.push({ index: rounds.length, fromMs: bounds[i], toMs: bounds[i + 1] });
  }
  return rounds;
}

/** The round running at an instant, or null before the first and after the last. */
export function roundAt(rounds: readonly PoolRound[], atMs: number): PoolRound | null {
  return rounds.find((r) => atMs >= r.fromMs && atMs < r.toMs) ?? null;
}

/** A round is in progress, claiming, settled (and settling: ended, its shares not counted yet). */
export type RoundState = 'inProgress' | 'settling' | 'claiming' | 'settled';

export function roundState(round: PoolRound, nowMs: number, shared: boolean, claimHours: number): RoundState {
  if (nowMs < round.toMs) return 'inProgress';
  if (!shared) return 'settling';
  return nowMs < claimDeadline(round, claimHours) ? 'claiming' : 'settled';
}

/** Until when a round's shares can be claimed. */
export function claimDeadline(round: PoolRound, claimHours: number): number {
  return round.toMs + Math.max(1, Math.floor(claimHours)) * HOUR_MS;
}

export interface Stake {
  participantId: string;
  coins: number;
}

export interface Share extends Stake {
  share: number;
}

/**
 * A total shared in proportion to the coins staked, in whole units adding up to it exactly
 * (largest remainder; a tie goes to the larger stake, then by id). No stakes: no shares.
 */
function proportional(total: number, stakes: readonly Stake[]): Share[] {
  const counted = stakes.filter((s) => s.coins > 0);
  const staked = counted.reduce((sum, s) => sum + s.coins, 0);
  if (staked === 0 || total <= 0) return [];
  // BigInt: a pool of 10^8 times stakes of 10^8 coins is past 2^53.
  const exact = counted.map((s) => {
    const product = BigInt(total) * BigInt(s.coins);
    return {
      ...s,
      share: Number(product / BigInt(staked)),
      // The remainder as an exact fraction numerator (total * coins mod staked).
      rest: Number(product % BigInt(staked)),
    };
  });
  let left = total - exact.reduce((sum, s) => sum + s.share, 0);
  const order = [...exact].sort((a, b) =>
    b.rest !== a.rest
      ? b.rest - a.rest
      : b.coins !== a.coins
        ? b.coins - a.coins
        : a.participantId < b.participantId
          ? -1
          : 1,
  );
  for (const s of order) {
    if (left <= 0) break;
    s.share += 1;
    left -= 1;
  }
  return exact.map(({ participantId, coins, share }) => ({ participantId, coins, share }));
}

/**
 * The pool shared in proportion to the coins staked, each share at most `perUserMax` (0 = no
 * cap): a capped share keeps the cap and the rest is shared again among the others; what nobody
 * can take stays in the pool (`unshared`). Shares are whole units (largest remainder).
 */
export function shareOut(total: number, stakes: readonly Stake[], perUserMax = 0): Share[] {
  if (perUserMax <= 0) return proportional(total, stakes);
  const fixed: Share[] = [];
  let active = stakes.filter((s) => s.coins > 0);
  let remaining = total;
  for (;;) {
    const shares = proportional(remaining, active);
    const over = shares.filter((s) => s.share > perUserMax);
    if (over.length === 0) {
      const all = [...fixed, ...shares];
      const order = new Map(stakes.map((s, i) => [s.participantId, i]));
      return all.sort((a, b) => (order.get(a.participantId) ?? 0) - (order.get(b.participantId) ?? 0));
    }
    for (const s of over) fixed.push({ ...s, share: perUserMax });
    remaining -= perUserMax * over.length;
    const capped = new Set(over.map((s) => s.participantId));
    active = active.filter((s) => !capped.has(s.participantId));
    if (active.length === 0 || remaining <= 0) {
      const order = new Map(stakes.map((s, i) => [s.participantId, i]));
      return fixed.sort((a, b) => (order.get(a.participantId) ?? 0) - (order.get(b.participantId) ?? 0));
    }
  }
}

/** The most coins one stake may name. */
export const MAX_STAKE = 99_999_999;

/** Everything a stake decides on, read before deciding. */
export interface StakeSituation {
  rounds: readonly PoolRound[];
  nowMs: number;
  /** The body's `coins`, as sent. */
  asked: unknown;
  /** Coins the participant holds: earned minus staked. */
  balance: number;
}

/** What a stake decided: a refusal, or the coins staked into the running round. */
export type StakeDecision =
  | { refusal: 'badCoins' | 'noRound' }
  | { refusal: 'notEnoughCoins'; params: { balance: number } }
  | {
      refusal: null;
      /** The running round's index. */
      round: number;
      coins: number;
      /** Coins held after the stake. */
      balance: number;
    };

/**
 * One stake, decided: refused for coins that are not a whole number 1..99,999,999, then outside
 * every round, then for more coins than the participant holds (the balance named); else the coins
 * go into the running round.
 */
export function decideStake(situation: StakeSituation): StakeDecision {
  const coins = situation.asked;
  if (typeof coins !== 'number' || !Number.isInteger(coins) || coins < 1 || coins > MAX_STAKE)
    return { refusal: 'badCoins' };
  const round = roundAt(situation.rounds, situation.nowMs);
  if (!round) return { refusal: 'noRound' };
  const { balance } = situation;
  if (coins > balance) return { refusal: 'notEnoughCoins', params: { balance } };
  return { refusal: null, round: round.index, coins, balance: balance - coins };
}

/** The round index a claim names, or null for anything but a whole number from 0. */
export function claimedRound(asked: unknown): number | null {
  return typeof asked === 'number' && Number.isInteger(asked) && asked >= 0 ? asked : null;
}

/** A participant's share of a settled round, as stored. */
export interface ShareHeld {
  share: number;
  claimed: boolean;
  expired: boolean;
}

/** Everything a claim decides on, read before deciding. */
export interface ClaimSituation {
  rounds: readonly PoolRound[];
  claimHours: number;
  nowMs: number;
  /** The body's `round`, as sent. */
  asked: unknown;
  /** The participant's share of that round (null: none, or the round was not read). */
  held: ShareHeld | null;
}

/** What a claim decided: a refusal, or the share to pay. */
export type ClaimDecision =
  { refusal: 'noShare' | 'claimed' | 'claimExpired' } | { refusal: null; round: number; share: number };

/**
 * One claim, decided: refused without a round of that index or a share above 0 in it, then for a
 * share claimed already, then once the claim time is over or the share expired; else the share is
 * paid (once: the write takes it with a conditional update).
 */
export function decideClaim(situation: ClaimSituation): ClaimDecision {
  const index = claimedRound(situation.asked);
  const round = index === null ? undefined : situation.rounds[index];
  const { held } = situation;
  if (!round || !held || held.share <= 0) return { refusal: 'noShare' };
  if (held.claimed) return { refusal: 'claimed' };
  if (situation.nowMs >= claimDeadline(round, situation.claimHours) || held.expired)
    return { refusal: 'claimExpired' };
  return { refusal: null, round: round.index, share: held.share };
}
