import type { RewardView } from '../../api/playTypes';
import type { DrawResult } from '../rendererTypes';

/** The board's settings (`game.dice`): its size and the cells that hold a prize. */
export interface DiceGame {
  boardSize: number;
  cells: { index: number; prizeId: string }[];
}

/** The answer of a `roll`: the die, where the token went from and to, and what the cell gave. */
export interface RollAnswer {
  roll: number;
  from: number;
  position: number;
  laps: number;
  lapsAdded: number;
  outcome: string;
  prize: { id: string | null; name: string; image: string | null; isThank: boolean } | null;
  rewardId: string | null;
  reward: RewardView | null;
}

/** The player's place on the board (`me.progress.dice`), the start before the first roll. */
export function readPlace(progress: Record<string, unknown>): { position: number; laps: number } {
  return (progress.dice ?? { position: 0, laps: 0, rolls: 0 }) as { position: number; laps: number };
}

/** The cells the token steps on, one by one, from `from` for `roll` cells round a board of `size`. */
export function walkPath(from: number, roll: number, size: number): number[] {
  return Array.from({ length: roll }, (_, i) => (from + i + 1) % size);
}

/** What the page says after a roll: the prize won, else a lap completed, else the move. */
export function rollSaying(answer: RollAnswer): [key: string, params: Record<string, string | number>] {
  if (answer.prize) return ['dice.won', { roll: answer.roll, prize: answer.prize.name }];
  if (answer.lapsAdded > 0) return ['dice.lap', { roll: answer.roll, laps: answer.laps }];
  return ['dice.moved', { roll: answer.roll }];
}

/** The prize a roll won, as the result dialog shows it; null when its cell gave none. */
export function rolledPrize(answer: RollAnswer): DrawResult | null {
  return answer.prize && answer.prize.id
    ? { prize: answer.prize, rewardId: answer.rewardId, reward: answer.reward }
    : null;
}
