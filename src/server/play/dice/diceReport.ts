import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import { diceRulesOf } from '../../../engine/play/dice';
import '../tasks/taskTables';
import './diceTables';

type Config = Record<string, unknown>;

/** The laps buckets of the report, in order (players who rolled at least once). */
export const LAPS_BUCKETS = ['0', '1', '2', '3', '4-5', '6-9', '10+'] as const;

/**
 * A dice board's report section, from its `roll` actions (outcome, local day, and the landed cell
 * in the `result` JSON), `play_dice_positions` (laps per player) and the board's task completions
 * (`play_task_completions`, whose `chances` are the dice granted).
 */
export interface DiceReport {
  boardSize: number;
  initialDice: number;
  /** Participants who rolled at least once. */
  players: number;
  rolls: number;
  /** Rolls by outcome: a prize given, an empty cell (or a thank-you), a prize not given. */
  outcomes: { win: number; move: number; outOfStock: number; overBudget: number };
  /** Per local day, oldest first; days without rolls left out. */
  days: { date: string; rolls: number; players: number; wins: number }[];
  /** Players per laps bucket (LAPS_BUCKETS). */
  laps: { bucket: (typeof LAPS_BUCKETS)[number]; players: number }[];
  /**
   * Per prize cell: the configured cells by index, then cells that only remain in the data (the
   * board changed). `landed` counts every roll that ended there; `notGiven` the prizes out of
   * stock or over budget.
   */
  cells: { index: number; prizeId: string; landed: number; won: number; notGiven: number }[];
  /** Per task (configured ones in order, then ids only in the data): completions and dice granted. */
  tasks: { id: string; title: string; event: string; completions: number; players: number; dice: number }[];
  /** Dice the tasks granted in all. */
  diceGranted: number;
}

const num = (value: unknown) => Number(value ?? 0);

/** The index in LAPS_BUCKETS of the laps column, in SQL (both databases). */
const lapsBucket = sql<number>`case when laps >= 10 then 6 when laps >= 6 then 5 when laps >= 4 then 4 else laps end`;

/** A field of the roll's `result` JSON, as SQL (PostgreSQL's text, SQLite's value; null when absent). */
function resultField(db: Kysely<Database>, field: 'position' | 'cellPrizeId') {
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? sql<string | number | null>`(cast(result as jsonb) ->> ${sql.lit(field)})`
    : sql<string | number | null>`json_extract(result, ${sql.lit(`$.${field}`)})`;
}

type Db = Kysely<Database>;
type Rules = ReturnType<typeof diceRulesOf>;

/** The campaign's `roll` actions. */
const rollsOf = (db: Db, campaignId: string) =>
  db.selectFrom('play_actions').where('campaign_id', '=', campaignId).where('action', '=', 'roll');

/** Rolls, players and rolls by outcome. */
function rollTotals(db: Db, campaignId: string) {
  return rollsOf(db, campaignId)
    .select((eb) => [
      eb.fn.countAll<number>().as('rolls'),
      sql<number>`count(distinct participant_id)`.as('players'),
      sql<number>`sum(case when outcome = 'win' then 1 else 0 end)`.as('win'),
      sql<number>`sum(case when outcome = 'move' then 1 else 0 end)`.as('move'),
      sql<number>`sum(case when outcome = 'outOfStock' then 1 else 0 end)`.as('outOfStock'),
      sql<number>`sum(case when outcome = 'overBudget' then 1 else 0 end)`.as('overBudget'),
    ])
    .executeTakeFirstOrThrow();
}

/** Rolls, players and wins per local day, oldest first. */
function rollDays(db: Db, campaignId: string) {
  return rollsOf(db, campaignId)
    .select((eb) => [
      'day',
      eb.fn.countAll<number>().as('rolls'),
      sql<number>`count(distinct participant_id)`.as('players'),
      sql<number>`sum(case when outcome = 'win' then 1 else 0 end)`.as('wins'),
    ])
    .groupBy('day')
    .orderBy('day')
    .execute();
}

/**
 * The cell each roll landed on is in its result; only rolls that landed on a prize cell count,
 * grouped in the query (at most a row per cell, prize and outcome).
 */
function prizeLandings(db: Db, campaignId: string) {
  return db
    .selectFrom(
      rollsOf(db, campaignId)
        .select([
          resultField(db, 'position').as('cell'),
          resultField(db, 'cellPrizeId').as('prize_id'),
          'outcome',
        ])
        .as('r'),
    )
    .select((eb) => ['cell', 'prize_id', 'outcome', eb.fn.countAll<number>().as('n')])
    .where('prize_id', 'is not', null)
    .groupBy(['cell', 'prize_id', 'outcome'])
    .execute();
}
type Landing = Awaited<ReturnType<typeof prizeLandings>>[number];

/** Players per laps bucket index. */
function lapCounts(db: Db, campaignId: string) {
  return db
    .selectFrom('play_dice_positions')
    .select((eb) => [lapsBucket.as('bucket'), eb.fn.countAll<number>().as('n')])
    .where('campaign_id', '=', campaignId)
    .groupBy(lapsBucket)
    .execute();
}

/** Completions, players and dice granted per task. */
function taskCompletions(db: Db, campaignId: string) {
  return db
    .selectFrom('play_task_completions')
    .select((eb) => [
      'task_id',
      eb.fn.countAll<number>().as('completions'),
      sql<number>`count(distinct participant_id)`.as('players'),
      eb.fn.sum<number>('chances').as('dice'),
    ])
    .where('campaign_id', '=', campaignId)
    .groupBy('task_id')
    .execute();
}
type Completion = Awaited<ReturnType<typeof taskCompletions>>[number];

/** The cells rows: the configured prize cells by index, then those only in the data. */
function cellRows(rules: Rules, landings: readonly Landing[]): DiceReport['cells'] {
  const cellKeys = [
    ...rules.cells.map((c) => ({ index: c.index, prizeId: c.prizeId })),
    ...landings
      .map((l) => ({ index: num(l.cell), prizeId: String(l.prize_id) }))
      .sort((a, b) => a.index - b.index || a.prizeId.localeCompare(b.prizeId)),
  ].filter((c, i, all) => all.findIndex((o) => o.index === c.index && o.prizeId === c.prizeId) === i);
  return cellKeys.map(({ index, prizeId }) => {
    const mine = landings.filter((l) => num(l.cell) === index && String(l.prize_id) === prizeId);
    const count = (...outcomes: string[]) =>
      mine.filter((l) => outcomes.includes(String(l.outcome))).reduce((sum, l) => sum + num(l.n), 0);
    return {
      index,
      prizeId,
      landed: mine.reduce((sum, l) => sum + num(l.n), 0),
      won: count('win'),
      notGiven: count('outOfStock', 'overBudget'),
    };
  });
}

/** The task rows: the configured tasks in order, then ids only in the data. */
function taskRows(
  rules: Rules,
  completions: readonly Completion[],
  inLang: (value: unknown) => string,
): DiceReport['tasks'] {
  const taskIds = [...rules.tasks.map((t) => t.id), ...completions.map((c) => c.task_id).sort()].filter(
    (id, i, all) => all.indexOf(id) === i,
  );
  return taskIds.map((id) => {
    const task = rules.tasks.find((t) => t.id === id);
    const c = completions.find((x) => x.task_id === id);
    return {
      id,
      title: task ? inLang(task.title) : id,
      event: task?.event ?? '',
      completions: num(c?.completions),
      players: num(c?.players),
      dice: num(c?.dice),
    };
  });
}

export async function diceReport(
  db: Db,
  campaignId: string,
  config: Config,
  inLang: (value: unknown) => string,
): Promise<DiceReport> {
  const rules = diceRulesOf(config);
  const totals = await rollTotals(db, campaignId);
  const days = await rollDays(db, campaignId);
  const landings = await prizeLandings(db, campaignId);
  const laps = await lapCounts(db, campaignId);
  const tasks = taskRows(rules, await taskCompletions(db, campaignId), inLang);
  return {
    boardSize: rules.boardSize,
    initialDice: rules.initialDice,
    players: num(totals.players),
    rolls: num(totals.rolls),
    outcomes: {
      win: num(totals.win),
      move: num(totals.move),
      outOfStock: num(totals.outOfStock),
      overBudget: num(totals.overBudget),
    },
    days: days.map((d) => ({
      date: d.day,
      rolls: num(d.rolls),
      players: num(d.players),
      wins: num(d.wins),
    })),
    laps: LAPS_BUCKETS.map((bucket, i) => ({
      bucket,
      players: laps.filter((l) => num(l.bucket) === i).reduce((sum, l) => sum + num(l.n), 0),
    })),
    cells: cellRows(rules, landings),
    tasks,
    diceGranted: tasks.reduce((sum, t) => sum + t.dice, 0),
  };
}
