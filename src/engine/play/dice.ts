// The dice board (the `dice` mechanic): `boardSize` cells round the board (0 is the start, where
// the player begins), the server's throw moves the player that many cells, passing or landing on
// the start completes a lap, and a cell may hold a prize. Rolls are chances: `initialDice`, then
// the dice the board's tasks grant (tasks.ts reads them through the task source), each task at
// most `dailyLimit` completions per local day of the campaign (playDay.ts). Pure: the caller draws
// the random value and counts the completions.

import { progressSourceOf, type ProgressSource } from './progressSource';
import { budgetSpentOut, chanceSpend, type BudgetState, type ChanceSpend, type ChanceState } from './chances';

type Config = Record<string, unknown>;

/** Cells on a board (schema: 8 to 40). */
export const MIN_BOARD_SIZE = 8;
export const MAX_BOARD_SIZE = 40;
/** The board of a config that names none (the classic template's). */
const DEFAULT_BOARD_SIZE = 16;

export interface DiceTask {
  id: string;
  /** Title per language (`{ 'zh-CN': ..., 'en-US': ... }`). */
  title: Readonly<Record<string, string>>;
  /** The event key that completes the task. */
  event: string;
  /** Rolls one completion grants (1-99). */
  dice: number;
  /** Completions per local day; 0 = unlimited. */
  dailyLimit: number;
  /** Whether app events reported with the SDK's access key may complete it, or the server's only. */
  progressSource: ProgressSource;
}

export interface DiceCell {
  index: number;
  prizeId: string;
}

export interface DicePrize {
  id: string;
  isThank: boolean;
}

export interface DiceRules {
  /** Cells 0..boardSize-1; 0 is the start. */
  boardSize: number;
  /** Rolls granted at the start. */
  initialDice: number;
  tasks: DiceTask[];
  /** Prize cells by ascending index, one prize per cell, never the start. */
  cells: DiceCell[];
  prizes: DicePrize[];
}

export interface BoardPlace {
  position: number;
  laps: number;
}

export interface Move extends BoardPlace {
  /** Laps this move completed (0 or more: a throw never exceeds a board, but the rules allow it). */
  lapsAdded: number;
  /** The cell landed on (the new position). */
  landed: number;
}

const int = (value: unknown, min: number, max: number, fallback: number) =>
  typeof value === 'number' && Number.isInteger(value) ? Math.min(max, Math.max(min, value)) : fallback;

const items = (value: unknown): Config[] =>
  Array.isArray(value) ? value.filter((v): v is Config => !!v && typeof v === 'object') : [];

const texts = (value: unknown): Record<string, string> => {
  if (!value || typeof value !== 'object') return {};
  return Object.fromEntries(
    Object.entries(value as Config).filter((e): e is [string, string] => typeof e[1] === 'string'),
  );
};

/**
 * The dice rules of a config, normalised. The server validated the config already; this is
 * defensive on a partial one: a missing or invalid board size is 16 (clamped to 8-40), missing
 * initial dice are 0, a task without id or event is dropped (its dice default to 1, clamped to
 * 1-99; its daily limit to 0 = unlimited, clamped to 0-999), a cell off the board, on the start,
 * without a prize id or on an index already taken is dropped.
 */
export function diceRulesOf(config: Config): DiceRules {
  const boardSize = int(config.boardSize, MIN_BOARD_SIZE, MAX_BOARD_SIZE, DEFAULT_BOARD_SIZE);
  const cells = new Map<number, string>();
  for (const cell of items(config.cells)) {
    const index = typeof cell.index === 'number' && Number.isInteger(cell.index) ? cell.index : -1;
    if (
      index > 0 &&
      index < boardSize &&
      typeof cell.prizeId === 'string' &&
      cell.prizeId &&
      !cells.has(index)
    )
      cells.set(index, cell.prizeId);
  }
  const seen = new Set<string>();
  const tasks: DiceTask[] = [];
  for (const t of items(config.tasks)) {
    const id = typeof t.id === 'string' ? t.id : '';
    const event = typeof t.event === 'string' ? t.event : '';
    if (!id || !event || seen.has(id)) continue;
    seen.add(id);
    tasks.push({
      id,
      title: texts(t.title),
      event,
      dice: int(t.dice, 1, 99, 1),
      dailyLimit: int(t.dailyLimit, 0, 999, 0),
      progressSource: progressSourceOf(t.progressSource),
    });
  }
  return {
    boardSize,
    initialDice: int(config.initialDice, 0, 99_999_999, 0),
    tasks,
    cells: [...cells].map(([index, prizeId]) => ({ index, prizeId })).sort((a, b) => a.index - b.index),
    prizes: items(config.prizes)
      .filter((p) => typeof p.id === 'string' && p.id !== '')
      .map((p) => ({ id: p.id as string, isThank: p.isThank === true })),
  };
}

/**
 * The die's face (1-6) of a uniform random integer 0-5 drawn by the caller (0 -> 1, ..., 5 -> 6).
 * Throws a RangeError for anything else: a wrong draw would bias the die silently.
 */
export function rollValue(randomInt0to5: number): number {
  if (!Number.isInteger(randomInt0to5) || randomInt0to5 < 0 || randomInt0to5 > 5)
    throw new RangeError(`rollValue: expected an integer 0..5, got ${randomInt0to5}`);
  return randomInt0to5 + 1;
}

/**
 * Moves `roll` cells forward round a board of `boardSize` cells. Every time the player passes or
 * lands on the start (cell 0) after going round, a lap is completed: `lapsAdded` is the whole
 * boards covered, `laps` the running total. A position off the board (the board was resized) is
 * taken modulo the board; a negative or fractional roll counts as its whole non-negative part.
 */
export function move(place: BoardPlace, roll: number, boardSize: number): Move {
  const size = Math.max(1, Math.floor(boardSize) || 1);
  const from = (((Math.floor(place.position) || 0) % size) + size) % size;
  const steps = Math.max(0, Math.floor(roll) || 0);
  const to = from + steps;
  const lapsAdded = Math.floor(to / size);
  const position = to % size;
  return {
    position,
    laps: Math.max(0, Math.floor(place.laps) || 0) + lapsAdded,
    lapsAdded,
    landed: position,
  };
}

/** The prize id on a cell, or null (an empty cell, the start, or off the board). */
export function cellPrize(rules: DiceRules, index: number): string | null {
  return rules.cells.find((c) => c.index === index)?.prizeId ?? null;
}

/**
 * Rolls left: the initial dice plus the rolls the tasks `granted`, less the rolls `used`; never
 * below 0.
 */
export function rollsLeft(rules: DiceRules, counters: { granted: number; used: number }): number {
  return Math.max(0, rules.initialDice + Math.max(0, counters.granted) - Math.max(0, counters.used));
}

/** The board's tasks an event completes (config order). */
export function tasksForEvent(rules: DiceRules, event: string): DiceTask[] {
  return rules.tasks.filter((t) => t.event === event);
}

/**
 * Rolls one more completion of a task grants now, given the completions already counted on the
 * current local day (`playDay` in the campaign's zone): the task's dice, or 0 once its daily limit
 * is reached (a limit of 0 is unlimited) and for an unknown task.
 */
export function taskGrant(rules: DiceRules, taskId: string, completionsToday: number): number {
  const task = rules.tasks.find((t) => t.id === taskId);
  if (!task) return 0;
  return task.dailyLimit > 0 && completionsToday >= task.dailyLimit ? 0 : task.dice;
}

/** Everything one roll decides on, read before deciding. */
export interface RollSituation {
  rules: DiceRules;
  /** The participant's chances (their dice) in the board's campaign. */
  chances: ChanceState;
  /** Where the participant stands (the start before their first roll). */
  place: BoardPlace;
  budget: BudgetState;
}

/** What one roll decided: a refusal, or the die spent, the throw, the move and the cell's prize. */
export type RollDecision =
  | { refusal: 'overBudget' | 'noChances' }
  | {
      refusal: null;
      spend: ChanceSpend;
      /** The uniform value drawn, 0..5, kept with the action. */
      randomValue: number;
      roll: number;
      moved: Move;
      /** The prize on the cell landed on (null: an empty cell or the start). */
      prizeId: string | null;
    };

/**
 * One roll, decided: refused once the budget is spent, then without a die left; else a die is
 * spent, `randomInt0to5` (uniform in 0..5) is the throw, the player moves and the cell's prize is
 * the one to give (whether it is given is the write's: its stock and the budget).
 */
export function decideRoll(situation: RollSituation, randomInt0to5: number): RollDecision {
  if (budgetSpentOut(situation.budget)) return { refusal: 'overBudget' };
  const { rules, counters, today } = situation.chances;
  const spend = chanceSpend(rules, counters, today);
  if (!spend) return { refusal: 'noChances' };
  const roll = rollValue(randomInt0to5);
  const moved = move(situation.place, roll, situation.rules.boardSize);
  return {
    refusal: null,
    spend,
    randomValue: randomInt0to5,
    roll,
    moved,
    prizeId: cellPrize(situation.rules, moved.landed),
  };
}
