import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import { addDays } from '../../../engine/play/periods';
import { playDay } from '../../../engine/play/playDay';
import './taskTables';

type Config = Record<string, unknown>;

/** Days of completions the report shows: the campaign's last ones, up to today. */
const DAYS = 30;

export interface TaskReportRow {
  id: string;
  title: string;
  event: string;
  /** Participants who joined the campaign (the same for every task: the funnel's top). */
  joined: number;
  /** Participants who moved the task (a progress row or a completion). */
  started: number;
  /** Participants who completed it at least once. */
  completed: number;
  completions: number;
  bySource: { sdk: number; server: number; page: number };
  byOutcome: { rewarded: number; outOfStock: number; overBudget: number; none: number };
  /** Chances the completions granted (a super task's, to the campaign it is bound to). */
  chances: number;
}

/**
 * A task center's or super task's report section, from `play_entries` (joined),
 * `play_task_progress` and `play_task_completions`: per task the funnel joined -> started ->
 * completed with completions by source and outcome, and completions per local day.
 */
export interface TaskReport {
  joined: number;
  completions: number;
  /** Every configured task in config order, then tasks no longer configured that have figures. */
  tasks: TaskReportRow[];
  /**
   * The campaign's last local days up to today (at most 30, none before its first day), oldest
   * first, days without completions included as zeros.
   */
  days: { date: string; completions: number; participants: number; rewarded: number }[];
}

const num = (value: unknown) => Number(value ?? 0);

type Db = Kysely<Database>;
type Window = { first: string; today: string; lastDay: string };

/** Completions per task: players, by source, by outcome, chances granted. */
function taskFigures(db: Db, campaignId: string) {
  return db
    .selectFrom('play_task_completions')
    .select((eb) => [
      'task_id',
      eb.fn.countAll<number>().as('completions'),
      sql<number>`count(distinct participant_id)`.as('completed'),
      sql<number>`sum(case when source = 'sdk' then 1 else 0 end)`.as('sdk'),
      sql<number>`sum(case when source = 'server' then 1 else 0 end)`.as('server'),
      sql<number>`sum(case when source = 'page' then 1 else 0 end)`.as('page'),
      sql<number>`sum(case when outcome = 'rewarded' then 1 else 0 end)`.as('rewarded'),
      sql<number>`sum(case when outcome = 'outOfStock' then 1 else 0 end)`.as('outOfStock'),
      sql<number>`sum(case when outcome = 'overBudget' then 1 else 0 end)`.as('overBudget'),
      sql<number>`sum(case when outcome = 'none' then 1 else 0 end)`.as('none'),
      eb.fn.sum<number>('chances').as('chances'),
    ])
    .where('campaign_id', '=', campaignId)
    .groupBy('task_id')
    .execute();
}
type Figures = Awaited<ReturnType<typeof taskFigures>>[number];

/** Players who started each task: a progress row or a completion (a one-event task completes without progress). */
function startedCounts(db: Db, campaignId: string) {
  return db
    .selectFrom(
      db
        .selectFrom('play_task_progress')
        .select(['task_id', 'participant_id'])
        .where('campaign_id', '=', campaignId)
        .union(
          db
            .selectFrom('play_task_completions')
            .select(['task_id', 'participant_id'])
            .where('campaign_id', '=', campaignId),
        )
        .as('s'),
    )
    .select((eb) => ['task_id', eb.fn.countAll<number>().as('n')])
    .groupBy('task_id')
    .execute();
}
type Started = Awaited<ReturnType<typeof startedCounts>>[number];

/** One row per task: the configured tasks in order, then ids only in the data. */
function taskRows(
  config: Config,
  data: { joined: number; figures: readonly Figures[]; started: readonly Started[] },
  inLang: (value: unknown) => string,
): TaskReportRow[] {
  const configured = (Array.isArray(config.tasks) ? (config.tasks as unknown[]) : []).filter(
    (t): t is Config => !!t && typeof t === 'object' && typeof (t as Config).id === 'string',
  );
  const { figures, started } = data;
  const ids = [
    ...configured.map((t) => String(t.id)),
    ...[...figures.map((f) => f.task_id), ...started.map((s) => s.task_id)].sort(),
  ].filter((id, i, all) => all.indexOf(id) === i);
  return ids.map((id): TaskReportRow => {
    const task = configured.find((t) => t.id === id);
    const f = figures.find((x) => x.task_id === id);
    return {
      id,
      title: task ? inLang(task.title) : id,
      event: task && typeof task.event === 'string' ? task.event : '',
      joined: data.joined,
      started: num(started.find((s) => s.task_id === id)?.n),
      completed: num(f?.completed),
      completions: num(f?.completions),
      bySource: { sdk: num(f?.sdk), server: num(f?.server), page: num(f?.page) },
      byOutcome: {
        rewarded: num(f?.rewarded),
        outOfStock: num(f?.outOfStock),
        overBudget: num(f?.overBudget),
        none: num(f?.none),
      },
      chances: num(f?.chances),
    };
  });
}

/**
 * The days the report shows: the last DAYS local days up to today or the campaign's last day,
 * whichever is earlier, none before its first day (from > to: none).
 */
export function reportDays({ first, today, lastDay }: Window): { from: string; to: string } {
  const to = today < lastDay ? today : lastDay;
  const earliest = addDays(to, -(DAYS - 1));
  return { from: earliest > first ? earliest : first, to };
}

/** Completions, participants and rewarded per day from..to, days without completions as zeros. */
async function dayRows(db: Db, campaignId: string, from: string, to: string): Promise<TaskReport['days']> {
  if (from > to) return [];
  const perDay = await db
    .selectFrom('play_task_completions')
    .select((eb) => [
      'day',
      eb.fn.countAll<number>().as('completions'),
      sql<number>`count(distinct participant_id)`.as('participants'),
      sql<number>`sum(case when outcome = 'rewarded' then 1 else 0 end)`.as('rewarded'),
    ])
    .where('campaign_id', '=', campaignId)
    .where('day', '>=', from)
    .where('day', '<=', to)
    .groupBy('day')
    .execute();
  const days: TaskReport['days'] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const d = perDay.find((x) => x.day === day);
    days.push({
      date: day,
      completions: num(d?.completions),
      participants: num(d?.participants),
      rewarded: num(d?.rewarded),
    });
  }
  return days;
}

export async function taskReport(
  db: Db,
  row: { id: string; start_time: string; end_time: string; timezone: string | null },
  config: Config,
  inLang: (value: unknown) => string,
  now: Date,
): Promise<TaskReport> {
  const campaignId = row.id;
  const joined = await db
    .selectFrom('play_entries')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('campaign_id', '=', campaignId)
    .executeTakeFirstOrThrow();
  const figures = await taskFigures(db, campaignId);
  const started = await startedCounts(db, campaignId);
  const tasks = taskRows(config, { joined: num(joined.n), figures, started }, inLang);
  const zone = row.timezone ?? 'GMT+00:00';
  const { from, to } = reportDays({
    first: playDay(Date.parse(row.start_time), zone),
    today: playDay(now.getTime(), zone),
    lastDay: playDay(Date.parse(row.end_time) - 1, zone),
  });
  return {
    joined: num(joined.n),
    completions: tasks.reduce((sum, t) => sum + t.completions, 0),
    tasks,
    days: await dayRows(db, campaignId, from, to),
  };
}
