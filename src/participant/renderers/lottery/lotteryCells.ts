import type { PlayPrize } from '../../api/playTypes';
import type { DrawResult } from '../rendererTypes';

/** Grid positions (row, column) of the 8 outer cells in running order, clockwise from top left. */
export const RING: readonly [number, number][] = [
  [0, 0],
  [0, 1],
  [0, 2],
  [1, 2],
  [2, 2],
  [2, 1],
  [2, 0],
  [1, 0],
];

/**
 * The 8 cells of the lottery grid: each prize once, spread around the ring, the gaps filled with
 * the thank-you prize; without a thank-you prize the prizes repeat. More than 8 prizes: the first
 * 7 and the thank-you (a drawn prize off the grid takes a cell for that round: `withPrize`).
 */
export function lotteryCells(prizes: readonly PlayPrize[]): PlayPrize[] {
  const regular = prizes.filter((p) => !p.isThank);
  const thank = prizes.find((p) => p.isThank);
  if (regular.length === 0) return thank ? Array.from({ length: 8 }, () => thank) : [];
  if (!thank) return Array.from({ length: 8 }, (_, i) => regular[i % regular.length]);
  const shown = regular.slice(0, 7);
  const cells: PlayPrize[] = Array.from({ length: 8 }, () => thank);
  // Evenly spaced positions for the prizes, the rest stay thank-you.
  shown.forEach((prize, i) => {
    cells[Math.floor((i * 8) / shown.length)] = prize;
  });
  return cells;
}

/**
 * The cells for a round whose drawn prize is not on the grid: it replaces a regular prize cell
 * (never the only thank-you), so the highlight stops on what was really drawn.
 */
export function withPrize(
  cells: readonly PlayPrize[],
  prize: PlayPrize,
): { cells: PlayPrize[]; index: number } {
  const found = cells.findIndex((cell) => cell.id === prize.id);
  if (found >= 0) return { cells: [...cells], index: found };
  const swap = cells.length - 1 - [...cells].reverse().findIndex((cell) => !cell.isThank);
  const index = swap < cells.length ? swap : 0;
  const next = [...cells];
  next[index] = prize;
  return { cells: next, index };
}

/**
 * Where the highlight stops for a drawn prize: its cell by id, else (a thank-you the grid does not
 * list) any thank-you cell, else a cell the prize takes for this round (`withPrize`). `cells` is
 * the grid itself unless the prize had to take a cell.
 */
export function landingCell(
  cells: PlayPrize[],
  prize: DrawResult['prize'],
): { cells: PlayPrize[]; index: number } {
  const byId = cells.findIndex((cell) => prize.id !== null && cell.id === prize.id);
  if (byId >= 0) return { cells, index: byId };
  if (prize.isThank) {
    const thank = cells.findIndex((cell) => cell.isThank);
    if (thank >= 0) return { cells, index: thank };
  }
  return withPrize(cells, {
    id: prize.id ?? '',
    name: prize.name,
    image: prize.image,
    isThank: prize.isThank,
    description: null,
  });
}

/**
 * The highlight's steps to stop on `target` from `from` after `rounds` full turns, and the delay
 * before each step: fast, then slowing down towards the end.
 */
export function lotterySteps(from: number, target: number, rounds = 3): number[] {
  const total = rounds * 8 + ((target - from + 8) % 8);
  return Array.from({ length: total }, (_, i) => {
    const left = total - i;
    return left > 8 ? 60 : 60 + (8 - left + 1) * 35;
  });
}
