// A participant's tasks in one campaign as one row (`play_task_summaries`, m0027): per task the
// progress toward its next completion and its completions counted by the period keys they were
// made under (local day, week) and in all. It mirrors `play_task_progress` and
// `play_task_completions` exactly: every write to those tables (taskProgress.ts) updates it in the
// same transaction, under the participant's entry lock. A missing row (a participant who acted
// before the table existed) is rebuilt from the two tables on first read and stored.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/tables';
import type { TaskCounts } from '../../../engine/play/tasks';
import type { PeriodKeys } from '../../../engine/play/periods';
import './taskTables';

type Db = Kysely<Database> | Transaction<Database>;

/** One task's tally: progress toward the next completion, completions by day, by week and in all. */
export interface TaskTallyRow {
  progress: number;
  total: number;
  days: Record<string, number>;
  weeks: Record<string, number>;
}

/** The summary of a participant's tasks in a campaign, by task id (tasks with a row only). */
export interface TaskSummary {
  readonly kind: 'tasks';
  tasks: Record<string, TaskTallyRow>;
}

/** Whether a value is a task summary (an action's outcome of the tasks module). */
export function isTaskSummary(value: unknown): value is TaskSummary {
  return !!value && typeof value === 'object' && (value as { kind?: unknown }).kind === 'tasks';
}

const emptyTally = (): TaskTallyRow => ({ progress: 0, total: 0, days: {}, weeks: {} });

function tallyOf(summary: TaskSummary, taskId: string): TaskTallyRow {
  let tally = summary.tasks[taskId];
  if (!tally) {
    tally = emptyTally();
    summary.tasks[taskId] = tally;
  }
  return tally;
}

/** A task's progress in the summary (0 without a row). */
export function summaryProgress(summary: TaskSummary, taskId: string): number {
  return summary.tasks[taskId]?.progress ?? 0;
}

/** A task's completions in the periods given and in all. */
export function summaryCounts(summary: TaskSummary, taskId: string, periods: PeriodKeys): TaskCounts {
  const tally = summary.tasks[taskId];
  if (!tally) return { day: 0, week: 0, total: 0 };
  return { day: tally.days[periods.day] ?? 0, week: tally.weeks[periods.week] ?? 0, total: tally.total };
}

/** The tasks completed at least once. */
export function summaryCompleted(summary: TaskSummary): Set<string> {
  return new Set(Object.keys(summary.tasks).filter((id) => summary.tasks[id].total > 0));
}

/** Counts a completion row written under these period keys. */
export function addCompletion(summary: TaskSummary, taskId: string, periods: PeriodKeys) {
  const tally = tallyOf(summary, taskId);
  tally.total += 1;
  tally.days[periods.day] = (tally.days[periods.day] ?? 0) + 1;
  tally.weeks[periods.week] = (tally.weeks[periods.week] ?? 0) + 1;
}

/** Sets a task's progress row. */
export function setProgress(summary: TaskSummary, taskId: string, progress: number) {
  tallyOf(summary, taskId).progress = progress;
}

/** The summary rebuilt from `play_task_progress` and `play_task_completions`. */
export async function rebuildTaskSummary(
  db: Db,
  campaignId: string,
  participantId: string,
): Promise<TaskSummary> {
  const summary: TaskSummary = { kind: 'tasks', tasks: {} };
  const progress = await db
    .selectFrom('play_task_progress')
    .select(['task_id', 'progress'])
    .where('campaign_id', '=', campaignId)
    .where('participant_id', '=', participantId)
    .orderBy('task_id')
    .execute();
  const completions = await db
    .selectFrom('play_task_completions')
    .select(['task_id', 'day', 'week'])
    .where('campaign_id', '=', campaignId)
    .where('participant_id', '=', participantId)
    .orderBy('task_id')
    .orderBy('day')
    .execute();
  for (const row of progress) setProgress(summary, row.task_id, row.progress);
  for (const row of completions) addCompletion(summary, row.task_id, row);
  return summary;
}

async function storedSummary(db: Db, campaignId: string, participantId: string) {
  const row = await db
    .selectFrom('play_task_summaries')
    .select('summary')
    .where('campaign_id', '=', campaignId)
    .where('participant_id', '=', participantId)
    .executeTakeFirst();
  return row ? ({ kind: 'tasks', tasks: JSON.parse(row.summary) } as TaskSummary) : null;
}

/** Where a summary belongs. */
export interface SummaryOwner {
  campaignId: string;
  projectId: string;
  participantId: string;
}

/**
 * The participant's task summary: the stored row, or rebuilt from the tables and stored when
 * there is none (kept if another writer stored one meanwhile: it was rebuilt from the same rows).
 * A writer under the entry lock passes `storeMissing` false: it stores the summary itself when
 * its writes change it.
 */
export async function readTaskSummary(
  db: Db,
  owner: SummaryOwner,
  now: Date,
  storeMissing = true,
): Promise<TaskSummary> {
  const stored = await storedSummary(db, owner.campaignId, owner.participantId);
  if (stored) return stored;
  const rebuilt = await rebuildTaskSummary(db, owner.campaignId, owner.participantId);
  if (!storeMissing) return rebuilt;
  await db
    .insertInto('play_task_summaries')
    .values(summaryRow(owner, rebuilt, now))
    .onConflict((oc) => oc.columns(['campaign_id', 'participant_id']).doNothing())
    .execute();
  return rebuilt;
}

function summaryRow(owner: SummaryOwner, summary: TaskSummary, now: Date) {
  return {
    campaign_id: owner.campaignId,
    participant_id: owner.participantId,
    project_id: owner.projectId,
    summary: JSON.stringify(summary.tasks),
    updated_at: now.toISOString(),
  };
}

/** Stores the summary as a writer left it, in the writer's transaction (under the entry lock). */
export async function saveTaskSummary(
  trx: Transaction<Database>,
  owner: SummaryOwner,
  summary: TaskSummary,
  now: Date,
) {
  const row = summaryRow(owner, summary, now);
  await trx
    .insertInto('play_task_summaries')
    .values(row)
    .onConflict((oc) =>
      oc
        .columns(['campaign_id', 'participant_id'])
        .doUpdateSet({ summary: row.summary, updated_at: row.updated_at }),
    )
    .execute();
}
