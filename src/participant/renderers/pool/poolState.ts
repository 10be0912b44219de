/** The player's coin pool (`me.progress.pool`). */
export interface PoolState {
  total: number;
  balance: number;
  current: { index: number; to: string; staked: number; mine: number } | null;
  tasks: { id: string; coins: number; done: boolean }[];
  rounds: PoolRound[];
}

/** An ended round and the player's share of it. */
export interface PoolRound {
  index: number;
  state: string;
  claimUntil: string;
  share: number;
  mineStaked: number;
  claimed: boolean;
  expired: boolean;
}

export function readPool(progress: Record<string, unknown>): PoolState | null {
  const raw = progress.pool as Partial<PoolState> | undefined;
  if (!raw || typeof raw !== 'object') return null;
  return {
    total: typeof raw.total === 'number' ? raw.total : 0,
    balance: typeof raw.balance === 'number' ? raw.balance : 0,
    current: raw.current ?? null,
    tasks: Array.isArray(raw.tasks) ? raw.tasks : [],
    rounds: Array.isArray(raw.rounds) ? raw.rounds : [],
  };
}

/** A share the player can claim now: there is one, the round is claiming, it is not claimed yet. */
export const claimable = (round: PoolRound) =>
  round.share > 0 && round.state === 'claiming' && !round.claimed;

/** The text key of a round whose share cannot be claimed (now): why. */
export function roundStatusKey(round: PoolRound): string {
  if (round.claimed) return 'pool.claimed';
  if (round.expired) return 'pool.expired';
  if (round.state === 'settling') return 'pool.settling';
  return round.share > 0 ? 'pool.claimOver' : 'pool.noShare';
}

/** A stake typed in the field: a whole number of coins from 1 to the balance; null otherwise. */
export function stakeOf(typed: string, balance: number): number | null {
  const amount = Number(typed);
  return Number.isInteger(amount) && amount >= 1 && amount <= balance ? amount : null;
}
