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
  completionsLeft,
  excludedTasks,
  progressBy,
  taskForUser,
  taskOpenAt,
  taskPeriods,
  taskRuleOf,
  taskRulesOf,
  type TaskCounts,
  type TaskRule,
} from '../../../engine/play/tasks';
import { loadCampaignRow, memoByConfig, playCampaign, type PlayCampaign } from '../playCampaign';
import {
  addGrant,
  ensureEntry,
  insertAction,
  actionRow,
  lockParticipantEntry,
  type ActionInput,
  type EntryRow,
} from '../playSteps';
import { givePrize, recordWin } from '../prizeSteps';
import type { ParticipantRow } from '../playTables';
import { joinedParticipants } from '../runningCampaigns';
import type { ModuleLookup, OwnTasks, SdkBatch } from '../mechanicModule';
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
  source: 'sdk' | 'page';
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

/** A participant's completions of a task in the periods of an instant, and in all. */
async function countsOf(
  db: Db,
  campaignId: string,
  participantId: string,
  taskId: string,
  periods: { day: string; week: string },
): Promise<TaskCounts> {
  const row = await db
    .selectFrom('play_task_completions')
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      eb.fn.sum<number>(eb.case().when('day', '=', periods.day).then(1).else(0).end()).as('day'),
      eb.fn.sum<number>(eb.case().when('week', '=', periods.week).then(1).else(0).end()).as('week'),
    ])
    .where('campaign_id', '=', campaignId)
    .where('participant_id', '=', participantId)
    .where('task_id', '=', taskId)
    .executeTakeFirst();
  return { day: Number(row?.day ?? 0), week: Number(row?.week ?? 0), total: Number(row?.total ?? 0) };
}

async function completedTasks(db: Db, campaignId: string, participantId: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('play_task_completions')
    .select('task_id')
    .distinct()
    .where('campaign_id', '=', campaignId)
    .where('participant_id', '=', participantId)
    .execute();
  return new Set(rows.map((r) => r.task_id));
}

async function progressRows(db: Db, campaignId: string, participantId: string) {
  const rows = await db
    .selectFrom('play_task_progress')
    .select(['task_id', 'progress'])
    .where('campaign_id', '=', campaignId)
    .where('participant_id', '=', participantId)
    .execute();
  return new Map(rows.map((r) => [r.task_id, r.progress]));
}

/**
 * Counts events toward the participant's tasks, under their entry lock (the caller holds it):
 * completions within the limits, each rewarded once. Answers the completions made.
 */
export async function countTaskEvents(
  trx: Transaction<Database>,
  run: TaskRun,
  events: readonly TaskEvent[],
): Promise<{ completions: number; deliveries: number; won: number }> {
  const { campaign, participant, tasks } = run;
  const names = new Set(tasks.map((t) => t.event));
  const relevant = events.filter((e) => names.has(e.name));
  if (relevant.length === 0) return { completions: 0, deliveries: 0, won: 0 };
  const campaignId = campaign.row.id;
  const progress = await progressRows(trx, campaignId, participant.id);
  const done = await completedTasks(trx, campaignId, participant.id);
  const out = { completions: 0, deliveries: 0, won: 0 };
  const fromMs = Date.parse(campaign.row.start_time);
  const toMs = Date.parse(campaign.row.end_time);
  for (const event of [...relevant].sort((a, b) => a.atMs - b.atMs)) {
    // Events of before or after the campaign count for nothing.
    if (!(event.atMs >= fromMs && event.atMs < toMs)) continue;
    for (const task of tasks) {
      if (task.event !== event.name || (event.taskId !== undefined && event.taskId !== task.id)) continue;
      if (!taskOpenAt(task, event.atMs) || !taskForUser(task, participant.user_type)) continue;
      if (excludedTasks(tasks, done).has(task.id)) continue;
      const periods = taskPeriods(task, event.atMs, campaign.timezone);
      const left = completionsLeft(task, await countsOf(trx, campaignId, participant.id, task.id, periods));
      const before = progress.get(task.id) ?? 0;
      const moved = progressBy(task, before, 1, left);
      for (let i = 0; i < moved.completions; i++) {
        const given = await complete(trx, run, task, event, periods);
        if (given) {
          out.completions += 1;
          out.deliveries += given.deliveries;
          if (given.won) out.won += 1;
          done.add(task.id);
        }
      }
      if (moved.progress !== before) {
        progress.set(task.id, moved.progress);
        await trx
          .insertInto('play_task_progress')
          .values({
            campaign_id: campaignId,
            participant_id: participant.id,
            task_id: task.id,
            project_id: campaign.row.project_id,
            progress: moved.progress,
            updated_at: run.now.toISOString(),
          })
          .onConflict((oc) =>
            oc
              .columns(['campaign_id', 'participant_id', 'task_id'])
              .doUpdateSet({ progress: moved.progress, updated_at: run.now.toISOString() }),
          )
          .execute();
      }
    }
  }
  if (out.completions > 0) {
    await trx
      .updateTable('play_entries')
      .set({ actions: sql`actions + ${out.completions}`, wins: sql`wins + ${out.won}` })
      .where('campaign_id', '=', campaignId)
      .where('participant_id', '=', participant.id)
      .execute();
  }
  return out;
}

/** One completion: its row (once per ref), the prize (stock and budget first), the chances. */
async function complete(
  trx: Transaction<Database>,
  run: TaskRun,
  task: TaskRule,
  event: TaskEvent,
  periods: { day: string; week: string },
): Promise<{ deliveries: number; won: boolean } | null> {
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
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) return null;
  const input: ActionInput = {
    campaign,
    participant,
    action: 'task',
    key: `task:${id}`,
    body: {},
    now,
    dbKind: run.dbKind,
  };
  let outcome = 'none';
  let rewardId: string | null = null;
  let deliveries = 0;
  const prize = task.prizeId ? campaign.prizes.find((p) => String(p.id) === task.prizeId) : undefined;
  if (prize) {
    const candidate = randomId();
    const given = await givePrize(trx, input, prize, candidate);
    outcome = given.outcome === 'win' ? 'rewarded' : given.outcome;
    if (given.outcome === 'win') {
      rewardId = candidate;
      const written = await recordWin(trx, input, {
        prize,
        rewardId,
        couponCode: given.couponCode,
        valueMicros: given.valueMicros,
        entry: run.entry,
      });
      deliveries = written.deliveries;
    }
  }
  let chances = 0;
  if (task.chances > 0 && run.chanceTarget) {
    const target = run.chanceTarget;
    await ensureEntry(trx, target, participant, now);
    const added = await addGrant(trx, target, participant.id, {
      source: 'task',
      period: periods.day,
      ref: `${campaign.row.id}:${task.id}:${event.ref}`,
      amount: task.chances,
      now,
    });
    if (added) chances = task.chances;
  }
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
  return { deliveries, won: rewardId !== null };
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

/**
 * The SDK hook: app events with a user id move the tasks of the project's running task
 * campaigns for participants who joined them, in the transaction that stored the events (only
 * events stored for the first time come here). Participants are locked in id order, so two
 * servers' batches never wait on each other in a circle.
 */
export async function advanceTasksByEvents(
  trx: Transaction<Database>,
  { projectId, events, now, schemas, dbKind, modules, running }: SdkBatch,
): Promise<number> {
  const withUser = events.filter((e) => e.userId);
  if (withUser.length === 0) return 0;
  let completions = 0;
  for (const row of await running()) {
    const campaign = playCampaign(schemas, row);
    if (!modules.of(campaign)?.ownTasks && !embedsTaskCenter(campaign)) continue;
    const source = await taskSourceOf(trx, schemas, campaign, modules);
    if (!source) continue;
    const names = new Set(source.tasks.map((t) => t.event));
    const mine = withUser.filter((e) => names.has(e.name));
    if (mine.length === 0) continue;
    const userIds = mine.map((e) => e.userId as string);
    const joined = await joinedParticipants(trx, projectId, campaign.row.id, userIds);
    for (const participant of joined) {
      const entry = await lockParticipantEntry(trx, campaign, participant, now);
      const theirs = mine
        .filter((e) => e.userId === participant.user_id)
        .map((e) => ({
          name: e.name,
          atMs: Date.parse(e.time),
          source: 'sdk' as const,
          ref: `ev:${e.eventId}`,
        }));
      const out = await countTaskEvents(
        trx,
        { campaign, participant, entry, now, dbKind, ...source },
        theirs,
      );
      completions += out.completions;
    }
  }
  return completions;
}
