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
  bySource: { sdk: number; page: number };
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

export async function taskReport(
  db: Kysely<Database>,
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
  const figures = await db
    .selectFrom('play_task_completions')
    .select((eb) => [
      'task_id',
      eb.fn.countAll<number>().as('completions'),
      sql<number>`count(distinct participant_id)`.as('completed'),
      sql<number>`sum(case when source = 'sdk' then 1 else 0 end)`.as('sdk'),
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
  // Started: a progress row or a completion (a one-event task completes without progress).
  const started = await db
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

  const configured = (Array.isArray(config.tasks) ? (config.tasks as unknown[]) : []).filter(
    (t): t is Config => !!t && typeof t === 'object' && typeof (t as Config).id === 'string',
  );
  const ids = [
    ...configured.map((t) => String(t.id)),
    ...[...figures.map((f) => f.task_id), ...started.map((s) => s.task_id)].sort(),
  ].filter((id, i, all) => all.indexOf(id) === i);
  const joinedCount = num(joined.n);
  const tasks = ids.map((id): TaskReportRow => {
    const task = configured.find((t) => t.id === id);
    const f = figures.find((x) => x.task_id === id);
    return {
      id,
      title: task ? inLang(task.title) : id,
      event: task && typeof task.event === 'string' ? task.event : '',
      joined: joinedCount,
      started: num(started.find((s) => s.task_id === id)?.n),
      completed: num(f?.completed),
      completions: num(f?.completions),
      bySource: { sdk: num(f?.sdk), page: num(f?.page) },
      byOutcome: {
        rewarded: num(f?.rewarded),
        outOfStock: num(f?.outOfStock),
        overBudget: num(f?.overBudget),
        none: num(f?.none),
      },
      chances: num(f?.chances),
    };
  });

  const zone = row.timezone ?? 'GMT+00:00';
  const first = playDay(Date.parse(row.start_time), zone);
  const today = playDay(now.getTime(), zone);
  const lastDay = playDay(Date.parse(row.end_time) - 1, zone);
  const to = today < lastDay ? today : lastDay;
  const earliest = addDays(to, -(DAYS - 1));
  const from = earliest > first ? earliest : first;
  const perDay =
    from <= to
      ? await db
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
          .execute()
      : [];
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
  return {
    joined: joinedCount,
    completions: tasks.reduce((sum, t) => sum + t.completions, 0),
    tasks,
    days,
  };
}
