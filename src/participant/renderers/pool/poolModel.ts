/** An ended (or settling) round of the pool with the player's share. */
export interface PoolRound {
  index: number;
  state: string;
  claimUntil: string;
  share: number;
  mineStaked: number;
  claimed: boolean;
  expired: boolean;
}

/** The player's pool (`me.progress.pool`). */
export interface PoolState {
  total: number;
  balance: number;
  current: { index: number; to: string; staked: number; mine: number } | null;
  tasks: { id: string; coins: number; done: boolean }[];
  rounds: PoolRound[];
}

/** The pool out of the player's progress, every part defaulted; null before the server gives one. */
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

const number = new Intl.NumberFormat();

/** Coins as the page writes them (grouped in the browser's way). */
export const coinsText = (coins: number) => number.format(coins);

/** The stake field keeps digits only. */
export const digitsOnly = (text: string) => text.replace(/[^0-9]/g, '');

/** The coins the stake field asks for, and whether they can be staked: whole, 1 to the balance. */
export function stakeOf(text: string, balance: number): { amount: number; valid: boolean } {
  const amount = Number(text);
  return { amount, valid: Number.isInteger(amount) && amount >= 1 && amount <= balance };
}

/** A round's share can be claimed now. */
export const claimable = (round: PoolRound) =>
  round.share > 0 && round.state === 'claiming' && !round.claimed;

/** What a round that cannot be claimed says instead (a text key of `pool`). */
export function roundStatusKey(round: PoolRound): string {
  if (round.claimed) return 'pool.claimed';
  if (round.expired) return 'pool.expired';
  if (round.state === 'settling') return 'pool.settling';
  return round.share > 0 ? 'pool.claimOver' : 'pool.noShare';
}
