// Tasks (the `tasks` mechanic: task center gameplay, super task sub-activity). A task moves on
// events: the app's own, received through the SDK for the participant's user id (inside the
// transaction that stores them), and the page's (share, the go button of a visit task, a signed-in
// visit). `count` events make one completion, as often as the task's daily, weekly (from its
// refresh day) and total limits allow, counted under period keys of the campaign's time zone, so
// nothing needs a cron to reset. A completion gives the task's prize (stock and budget first) and
// its chances to the campaign a super task is bound to. Each completion has a ref unique per task
// (the SDK event id or the page action's key): an event batch sent twice completes a task once.
import type { Kysely, Transaction } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../db/tables';
import { randomId } from '../../db/randomId';
import type { SchemaEngine } from '../../../engine/createSchemaEngine';
import {
  eventMovesTask,
  taskPeriods,
  taskRuleOf,
  taskRulesOf,
  taskStep,
  withinCampaign,
  type CampaignPeriod,
  type TaskRule,
  type TaskStep,
  type TaskTally,
} from '../../../engine/play/tasks';
import type { PeriodKeys } from '../../../engine/play/periods';
import { loadCampaignRow, memoByConfig, playCampaign, type Config, type PlayCampaign } from '../playCampaign';
import {
  addGrant,
  ensureEntry,
  insertAction,
  actionRow,
  type ActionInput,
  type EntryRow,
} from '../playSteps';
import { awardPrize } from '../prizeSteps';
import type { ParticipantRow } from '../playTables';
import type { ModuleLookup, OwnTasks } from '../mechanicModule';
import {
  addCompletion,
  readTaskSummary,
  saveTaskSummary,
  setProgress,
  summaryCompleted,
  summaryCounts,
  summaryProgress,
  type SummaryOwner,
  type TaskSummary,
} from './taskSummary';
import './taskTables';

type Db = Kysely<Database> | Transaction<Database>;

/** A campaign's tasks (a super task counts only its enabled one); read once per parsed config. */
export const tasksOf = memoByConfig((campaign: Pick<PlayCampaign, 'config' | 'row'>): TaskRule[] =>
  taskRulesOf(campaign.config, campaign.row.kind === 'sub-activity'),
);

/** What moved a task: an SDK event or a page action, with the ref that makes it count once. */
export interface TaskEvent {
  name: string;
  atMs: number;
  source: 'sdk' | 'server' | 'page';
  ref: string;
  /** Only this task (the go button of one visit task). */
  taskId?: string;
}

export interface TaskRun {
  campaign: PlayCampaign;
  /** The tasks that count here (taskSourceOf). */
  tasks: readonly TaskRule[];
  participant: ParticipantRow;
  entry: EntryRow;
  now: Date;
  dbKind: 'sqlite' | 'postgres';
  /** The campaign a task's chances go to (a super task's bound campaign), when there is one. */
  chanceTarget: PlayCampaign | null;
}

/** What events made: completions, reward deliveries written, completions that gave a prize. */
export interface TaskCounted {
  completions: number;
  deliveries: number;
  won: number;
  /** The participant's task summary after them (when events were counted). */
  summary?: TaskSummary;
}

const nothingCounted = (): TaskCounted => ({ completions: 0, deliveries: 0, won: 0 });

/** The campaign's period: events before or after it count for nothing. */
export function campaignPeriod(campaign: PlayCampaign): CampaignPeriod {
  return { fromMs: Date.parse(campaign.row.start_time), toMs: Date.parse(campaign.row.end_time) };
}

/** Where a run's task summary belongs: the campaign the tasks move in, the participant. */
export function summaryOwner(run: Pick<TaskRun, 'campaign' | 'participant'>): SummaryOwner {
  return {
    campaignId: run.campaign.row.id,
    projectId: run.campaign.row.project_id,
    participantId: run.participant.id,
  };
}

/**
 * What a visit task's go button decides on (`decideGo`): the task's progress and completions in
 * the periods of now, and the tasks the participant completed (exclusive tasks close), from the
 * participant's task summary.
 */
export function visitTally(
  summary: TaskSummary,
  campaign: PlayCampaign,
  task: TaskRule,
  atMs: number,
): { tally: TaskTally; completed: Set<string> } {
  const periods = taskPeriods(task, atMs, campaign.timezone);
  return {
    tally: { progress: summaryProgress(summary, task.id), counts: summaryCounts(summary, task.id, periods) },
    completed: summaryCompleted(summary),
  };
}

/**
 * Counts events toward the participant's tasks, under their entry lock (the caller holds it):
 * completions within the limits, each rewarded once. Answers the completions made.
 */
export async function countTaskEvents(
  trx: Transaction<Database>,
  run: TaskRun,
  events: readonly TaskEvent[],
): Promise<TaskCounted> {
  const { campaign, participant, tasks } = run;
  const names = new Set(tasks.map((t) => t.event));
  const relevant = events.filter((e) => names.has(e.name));
  if (relevant.length === 0) return nothingCounted();
  const owner = summaryOwner(run);
  const summary = await readTaskSummary(trx, owner, run.now, false);
  const before = JSON.stringify(summary.tasks);
  const done = summaryCompleted(summary);
  const out = nothingCounted();
  const period = campaignPeriod(campaign);
  for (const event of [...relevant].sort((a, b) => a.atMs - b.atMs)) {
    if (!withinCampaign(period, event.atMs)) continue;
    for (const task of tasks) {
      if (!eventMovesTask(task, tasks, event, participant.user_type, done)) continue;
      const periods = taskPeriods(task, event.atMs, campaign.timezone);
      const tally = {
        progress: summaryProgress(summary, task.id),
        counts: summaryCounts(summary, task.id, periods),
      };
      const step = taskStep(task, tally, periods);
      const made = await writeTaskStep(trx, run, task, event, step, summary);
      addCounted(out, made);
      if (made.completions > 0) done.add(task.id);
    }
  }
  if (JSON.stringify(summary.tasks) !== before) await saveTaskSummary(trx, owner, summary, run.now);
  await countCompletions(trx, run, out);
  return { ...out, summary };
}

function addCounted(total: TaskCounted, more: TaskCounted) {
  total.completions += more.completions;
  total.deliveries += more.deliveries;
  total.won += more.won;
}

/**
 * Writes one event's step of a task: each completion it makes (once per ref), the progress left;
 * the participant's task summary follows each row written (the caller stores it).
 */
export async function writeTaskStep(
  trx: Transaction<Database>,
  run: TaskRun,
  task: TaskRule,
  event: TaskEvent,
  step: TaskStep,
  summary: TaskSummary,
): Promise<TaskCounted> {
  const out = nothingCounted();
  for (let i = 0; i < step.completions; i++) {
    const given = await complete(trx, run, task, event, step.periods);
    if (given) {
      addCompletion(summary, task.id, step.periods);
      addCounted(out, { completions: 1, deliveries: given.deliveries, won: given.won ? 1 : 0 });
    }
  }
  if (step.progress !== step.before) {
    await saveProgress(trx, run, task.id, step.progress);
    setProgress(summary, task.id, step.progress);
  }
  return out;
}

/** A task's progress toward its next completion (`play_task_progress`). */
async function saveProgress(trx: Transaction<Database>, run: TaskRun, taskId: string, progress: number) {
  const { campaign, participant, now } = run;
  await trx
    .insertInto('play_task_progress')
    .values({
      campaign_id: campaign.row.id,
      participant_id: participant.id,
      task_id: taskId,
      project_id: campaign.row.project_id,
      progress,
      updated_at: now.toISOString(),
    })
    .onConflict((oc) =>
      oc
        .columns(['campaign_id', 'participant_id', 'task_id'])
        .doUpdateSet({ progress, updated_at: now.toISOString() }),
    )
    .execute();
}

/** Completions are actions of the participant's entry, and those that gave a prize wins. */
export async function countCompletions(trx: Transaction<Database>, run: TaskRun, counted: TaskCounted) {
  if (counted.completions === 0) return;
  await trx
    .updateTable('play_entries')
    .set({ actions: sql`actions + ${counted.completions}`, wins: sql`wins + ${counted.won}` })
    .where('campaign_id', '=', run.campaign.row.id)
    .where('participant_id', '=', run.participant.id)
    .execute();
}

/** One completion: its row (once per ref), the prize (stock and budget first), the chances. */
async function complete(
  trx: Transaction<Database>,
  run: TaskRun,
  task: TaskRule,
  event: TaskEvent,
  periods: PeriodKeys,
): Promise<{ deliveries: number; won: boolean } | null> {
  const { campaign, participant, now } = run;
  const id = await insertCompletion(trx, run, task, event, periods);
  if (id === null) return null;
  const input: ActionInput = {
    campaign,
    participant,
    action: 'task',
    key: `task:${id}`,
    body: {},
    now,
    dbKind: run.dbKind,
  };
  const prize = task.prizeId ? campaign.prizes.find((p) => String(p.id) === task.prizeId) : undefined;
  const rewarded = prize ? await rewardCompletion(trx, input, run.entry, prize) : null;
  const outcome = rewarded?.outcome ?? 'none';
  const rewardId = rewarded?.rewardId ?? null;
  const chances = await grantTaskChances(trx, run, task, event, periods);
  await trx
    .updateTable('play_task_completions')
    .set({ prize_id: prize ? String(prize.id) : null, reward_id: rewardId, outcome, chances })
    .where('id', '=', id)
    .execute();
  const result = { taskId: task.id, outcome, prizeId: prize ? String(prize.id) : null, rewardId, chances };
  await insertAction(
    trx,
    actionRow(
      input,
      {
        result: JSON.stringify(result),
        outcome: 'task',
        prize_id: rewardId ? String(prize?.id) : null,
        reward_id: rewardId,
      },
      periods.day,
      run.entry,
    ),
  );
  return { deliveries: rewarded?.deliveries ?? 0, won: rewardId !== null };
}

/** A completion's row, unless its ref already completed the task: its id, or null. */
async function insertCompletion(
  trx: Transaction<Database>,
  run: TaskRun,
  task: TaskRule,
  event: TaskEvent,
  periods: PeriodKeys,
): Promise<string | null> {
  const { campaign, participant, now } = run;
  const id = randomId();
  const inserted = await trx
    .insertInto('play_task_completions')
    .values({
      id,
      project_id: campaign.row.project_id,
      campaign_id: campaign.row.id,
      participant_id: participant.id,
      task_id: task.id,
      day: periods.day,
      week: periods.week,
      source: event.source,
      ref: event.ref,
      prize_id: null,
      reward_id: null,
      outcome: 'none',
      chances: 0,
      created_at: now.toISOString(),
    })
    .onConflict((oc) => oc.columns(['campaign_id', 'participant_id', 'task_id', 'ref']).doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1 ? id : null;
}

/** A completion's prize, within its stock and the budget: the outcome, and the reward when won. */
async function rewardCompletion(
  trx: Transaction<Database>,
  input: ActionInput,
  entry: EntryRow,
  prize: Config,
): Promise<{ outcome: string; rewardId: string | null; deliveries: number }> {
  const award = await awardPrize(trx, input, prize, entry);
  if (award.outcome !== 'win') return { outcome: award.outcome, rewardId: null, deliveries: 0 };
  return { outcome: 'rewarded', rewardId: award.rewardId, deliveries: award.deliveries };
}

/** A completion's chances to the campaign they go to (once per completion's ref): those added. */
async function grantTaskChances(
  trx: Transaction<Database>,
  run: TaskRun,
  task: TaskRule,
  event: TaskEvent,
  periods: PeriodKeys,
): Promise<number> {
  const target = run.chanceTarget;
  if (task.chances <= 0 || !target) return 0;
  const { campaign, participant, now } = run;
  await ensureEntry(trx, target, participant, now);
  const added = await addGrant(trx, target, participant.id, {
    source: 'task',
    period: periods.day,
    ref: `${campaign.row.id}:${task.id}:${event.ref}`,
    amount: task.chances,
    now,
  });
  return added ? task.chances : 0;
}

/** The tasks that move in a campaign, and the campaign their chances go to. */
export type TaskSource = OwnTasks;

/** The mechanic whose campaigns are task centers and super tasks. */
export const TASKS = 'tasks';

/** Project task-center tasks shown in another campaign are named `center:<key>` there. */
export const CENTER_PREFIX = 'center:';

/** Whether a campaign takes chances from the project's task center (`chances.taskCenter`). */
export function embedsTaskCenter(campaign: Pick<PlayCampaign, 'config'>): boolean {
  const chances = campaign.config.chances;
  return !!chances && typeof chances === 'object' && (chances as Record<string, unknown>).taskCenter === true;
}

/** The project's online task-center tasks, as the tasks of a campaign that embeds them. */
async function projectTasks(
  db: Db,
  projectId: string,
): Promise<{ rule: TaskRule; config: Record<string, unknown> }[]> {
  const rows = await db
    .selectFrom('project_tasks')
    .select(['config'])
    .where('project_id', '=', projectId)
    .where('status', '=', 'online')
    .orderBy('created_at')
    .execute();
  return rows.map((row) => {
    const config = JSON.parse(row.config) as Record<string, unknown>;
    const rule = taskRuleOf(config);
    return {
      rule: {
        ...rule,
        id: `${CENTER_PREFIX}${rule.id}`,
        exclusiveWith: rule.exclusiveWith.map((id) => `${CENTER_PREFIX}${id}`),
      },
      config,
    };
  });
}

/** Each task's own config (titles, go button) by task id, from a config's task list. */
export function taskConfigsOf(campaign: Pick<PlayCampaign, 'config'>): Map<string, Record<string, unknown>> {
  const configs = new Map<string, Record<string, unknown>>();
  for (const task of Array.isArray(campaign.config.tasks) ? (campaign.config.tasks as unknown[]) : [])
    if (task && typeof task === 'object') {
      const config = task as Record<string, unknown>;
      configs.set(String(config.id), config);
    }
  return configs;
}

/**
 * A task center's or super task's own tasks: a super task's chances go to the campaign it is
 * bound to (the `ownTasks` of the tasks module).
 */
export async function centerTasks(
  db: Db,
  schemas: SchemaEngine | undefined,
  campaign: PlayCampaign,
): Promise<OwnTasks> {
  let chanceTarget: PlayCampaign | null = null;
  const bound = campaign.config.boundCampaignId;
  if (schemas && campaign.row.kind === 'sub-activity' && typeof bound === 'string' && bound) {
    const row = await loadCampaignRow(db as Kysely<Database>, bound);
    if (row && row.project_id === campaign.row.project_id) chanceTarget = playCampaign(schemas, row);
  }
  return { tasks: tasksOf(campaign), chanceTarget, configs: taskConfigsOf(campaign) };
}

/**
 * Where a campaign's tasks come from: its mechanic's own (a task center's, a super task's, a dice
 * board's: `ownTasks` of its module), and the project's task center when the campaign takes
 * chances from it. Null when nothing moves here.
 */
export async function taskSourceOf(
  db: Db,
  schemas: SchemaEngine | undefined,
  campaign: PlayCampaign,
  modules: ModuleLookup,
): Promise<TaskSource | null> {
  const own = modules.of(campaign)?.ownTasks;
  const mine = own ? await own(db, schemas, campaign) : null;
  let tasks = mine?.tasks ?? [];
  let chanceTarget = mine?.chanceTarget ?? null;
  const configs = mine?.configs ?? new Map<string, Record<string, unknown>>();
  if (campaign.mechanic !== TASKS && embedsTaskCenter(campaign)) {
    for (const { rule, config } of await projectTasks(db, campaign.row.project_id)) {
      tasks = [...tasks, rule];
      configs.set(rule.id, config);
    }
    chanceTarget = campaign;
  }
  return tasks.length > 0 ? { tasks, chanceTarget, configs } : null;
}
