// The page's side of tasks: the `go` action (a task's go button; it counts a visit for a visit
// task), shares and signed-in visits as task events, and what the page shows of the tasks.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/tables';
import { AppError } from '../../errors';
import {
  PAGE_EVENTS,
  completionsLeft,
  decideGo,
  excludedTasks,
  taskForLanguage,
  taskForUser,
  taskPeriods,
  taskStatus,
  type GoDecision,
  type GoSituation,
  type TaskRule,
} from '../../../engine/play/tasks';
import { playDay } from '../../../engine/play/playDay';
import { entryReason, obj, reasonError, type PlayCampaign } from '../playCampaign';
import {
  actionRow,
  insertAction,
  lockParticipantEntry,
  type ActionOutcome,
  type EntryRow,
  type PlayInput,
  refuse,
} from '../playSteps';
import { safeUrl } from '../../participant/renderParticipantPage';
import { urlProblem } from '../../../engine/validation/urlProblem';
import type { ParticipantRow } from '../playTables';
import type { ViewContext, Visit } from '../mechanicModule';
import {
  CENTER_PREFIX,
  TASKS,
  campaignPeriod,
  countCompletions,
  countTaskEvents,
  embedsTaskCenter,
  taskSourceOf,
  tasksOf,
  summaryOwner,
  visitTally,
  writeTaskStep,
  type TaskCounted,
  type TaskEvent,
  type TaskSource,
} from './taskProgress';
import {
  isTaskSummary,
  readTaskSummary,
  saveTaskSummary,
  summaryCompleted,
  summaryCounts,
  summaryProgress,
  type TaskSummary,
} from './taskSummary';

/** Counts page events toward the campaign's tasks inside an action's transaction. */
export async function countPageEvents(
  trx: Transaction<Database>,
  input: PlayInput,
  entry: EntryRow,
  events: TaskEvent[],
) {
  const source = await taskSourceOf(trx, input.schemas, input.campaign, input.modules);
  if (!source) return { completions: 0, deliveries: 0, won: 0 };
  return countTaskEvents(trx, { ...input, entry, ...source }, events);
}

/**
 * `go`: the player tapped a task's go button; for a visit task that is the visit. In three steps:
 * read the tasks that move here and, for a visit task, its progress, its completions in the
 * periods of now and the tasks completed; decide (engine/play/tasks.ts, `decideGo`); then write
 * the visit's completions (each rewarded once), its progress and the action.
 */
export async function go(
  trx: Transaction<Database>,
  input: PlayInput,
  entry: EntryRow,
): Promise<ActionOutcome> {
  const { campaign, participant, now } = input;
  const reason = entryReason(campaign, participant, now, false);
  if (reason) throw new AppError(reasonError(reason));
  const source = await taskSourceOf(trx, input.schemas, campaign, input.modules);
  const tasks = source?.tasks ?? [];
  const asked = tasks.find((t) => t.id === input.body.taskId);
  // A visit task decides on the summary; a task center's answer draws its tasks from it.
  const visit = asked?.event === PAGE_EVENTS.visit ? asked : undefined;
  const summary =
    visit || campaign.mechanic === TASKS ? await readTaskSummary(trx, summaryOwner(input), now, false) : null;
  const situation: GoSituation = {
    tasks,
    taskId: input.body.taskId,
    atMs: now.getTime(),
    userType: participant.user_type,
    timezone: campaign.timezone,
    campaign: campaignPeriod(campaign),
    visit: visit && summary ? visitTally(summary, campaign, visit, now.getTime()) : null,
  };
  const decision = decideGo(situation);
  refuse(decision, 'playTask');
  return writeGo(trx, input, { entry, source, summary }, decision);
}

/** Writes a decided go: a visit's completions and progress, then the action. */
async function writeGo(
  trx: Transaction<Database>,
  input: PlayInput,
  read: { entry: EntryRow; source: TaskSource | null; summary: TaskSummary | null },
  decision: Extract<GoDecision, { refusal: null }>,
): Promise<ActionOutcome> {
  const { campaign, now } = input;
  const { task, step } = decision;
  const { summary } = read;
  let counted: TaskCounted = { completions: 0, deliveries: 0, won: 0 };
  if (step && read.source && summary) {
    const run = { ...input, entry: read.entry, ...read.source };
    const event: TaskEvent = {
      name: PAGE_EVENTS.visit,
      atMs: now.getTime(),
      source: 'page',
      ref: `act:${input.key}`,
      taskId: task.id,
    };
    const before = JSON.stringify(summary.tasks);
    counted = await writeTaskStep(trx, run, task, event, step, summary);
    if (JSON.stringify(summary.tasks) !== before) await saveTaskSummary(trx, summaryOwner(run), summary, now);
    await countCompletions(trx, run, counted);
  }
  const result = { taskId: task.id, completions: counted.completions };
  await insertAction(
    trx,
    actionRow(
      input,
      { result: JSON.stringify(result), outcome: 'go' },
      playDay(now.getTime(), campaign.timezone),
      read.entry,
    ),
  );
  // The answer's `me.progress.tasks` is drawn from the summary in a task center or super task
  // (elsewhere its tasks are a hook's, which reads the summary row).
  return {
    result,
    replayed: false,
    deliveries: counted.deliveries,
    ...(summary && campaign.mechanic === TASKS ? { summary } : {}),
  };
}

/** A signed-in visit (hand-off or app token) counts as the page's `sign_in` event, once a day. */
export async function signInTasks(
  db: Kysely<Database>,
  { campaign, participant, now, dbKind, schemas, modules }: Visit,
): Promise<number> {
  if (participant.user_id === null) return 0;
  if (campaign.mechanic !== TASKS && !embedsTaskCenter(campaign)) return 0;
  if (entryReason(campaign, participant, now, false)) return 0;
  const source = await taskSourceOf(db, schemas, campaign, modules);
  if (!source?.tasks.some((t) => t.event === PAGE_EVENTS.signIn)) return 0;
  const day = playDay(now.getTime(), campaign.timezone);
  return db.transaction().execute(async (trx) => {
    const entry = await lockParticipantEntry(trx, campaign, participant, now);
    const out = await countTaskEvents(trx, { campaign, participant, entry, now, dbKind, ...source }, [
      { name: PAGE_EVENTS.signIn, atMs: now.getTime(), source: 'page', ref: `signin:${day}` },
    ]);
    return out.deliveries;
  });
}

/** The tasks the page shows (`campaign.game.tasks`), in the page language. */
export function tasksGameView(campaign: PlayCampaign, inLang: (value: unknown) => string, lang: string) {
  const configs = new Map(
    (Array.isArray(campaign.config.tasks) ? (campaign.config.tasks as unknown[]) : []).map((t) => {
      const task = obj(t);
      return [String(task.id), task];
    }),
  );
  return taskViews(tasksOf(campaign), configs, inLang, lang);
}

/** Tasks as the page shows them: online ones for the page language, with their go buttons. */
export function taskViews(
  tasks: readonly TaskRule[],
  configs: ReadonlyMap<string, Record<string, unknown>>,
  inLang: (value: unknown) => string,
  lang: string,
) {
  return tasks
    .filter((task) => task.online && taskForLanguage(task, lang))
    .map((task) => {
      const config = configs.get(task.id) ?? configs.get(task.id.replace(CENTER_PREFIX, '')) ?? {};
      const goButton = obj(config.goButton);
      return {
        id: task.id,
        title: inLang(config.title),
        event: task.event,
        count: task.count,
        limits: task.limits,
        prizeId: task.prizeId,
        chances: task.chances,
        goButton:
          // The app's own scheme (app://wallet) or a web address; never a script.
          typeof goButton.url === 'string' && !urlProblem(goButton.url, 'appScheme')
            ? { text: inLang(goButton.text), url: goButton.url }
            : null,
        backgroundImage: safeUrl(config.backgroundImage) ?? null,
        from: task.fromMs !== null ? new Date(task.fromMs).toISOString() : null,
        to: task.toMs !== null ? new Date(task.toMs).toISOString() : null,
        onlineFrom: task.onlineFromMs !== null ? new Date(task.onlineFromMs).toISOString() : null,
        userTypes: task.userTypes,
      };
    });
}

/** The task center's "more" button: a public web address, when enabled. */
export function moreButtonOf(campaign: PlayCampaign): string | null {
  const more = obj(campaign.config.moreButton);
  return more.enabled === true && typeof more.url === 'string' && !urlProblem(more.url, 'http')
    ? more.url
    : null;
}

/**
 * The participant's tasks (`me.progress.tasks`): status, progress, completions in the periods,
 * from their task summary (the one an action just left, else the stored row).
 */
export async function tasksProgress(
  db: Kysely<Database>,
  campaign: PlayCampaign,
  participant: ParticipantRow | undefined,
  now: Date,
  tasks: readonly TaskRule[] = tasksOf(campaign),
  given?: unknown,
) {
  const nowMs = now.getTime();
  const summary: TaskSummary = isTaskSummary(given)
    ? given
    : participant
      ? await readTaskSummary(db, summaryOwner({ campaign, participant }), now)
      : { kind: 'tasks', tasks: {} };
  const excluded = excludedTasks(tasks, summaryCompleted(summary));
  return {
    tasks: tasks.map((task) => {
      const periods = taskPeriods(task, nowMs, campaign.timezone);
      const counts = summaryCounts(summary, task.id, periods);
      const progress = summaryProgress(summary, task.id);
      const left = completionsLeft(task, counts);
      const forUser = participant ? taskForUser(task, participant.user_type) : true;
      return {
        id: task.id,
        status: forUser ? taskStatus(task, nowMs, counts, progress, excluded.has(task.id)) : 'notOpen',
        progress,
        count: task.count,
        done: counts,
        left: left === Infinity ? null : left,
      };
    }),
  };
}

/**
 * The tasks of a campaign whose tasks do not live in its own task list (a dice board's, the
 * project's task center embedded as a source of chances): `me.progress.tasks` and the views
 * (`me.progress.taskViews`) in the page language. Empty when there are none.
 */
export async function sourceTasksProgress(
  db: Kysely<Database>,
  campaign: PlayCampaign,
  participant: ParticipantRow | undefined,
  { schemas, modules, now, inLang, lang }: ViewContext,
) {
  if (campaign.mechanic === TASKS) return {};
  const source = await taskSourceOf(db, schemas, campaign, modules);
  if (!source) return {};
  return {
    ...(await tasksProgress(db, campaign, participant, now, source.tasks)),
    taskViews: taskViews(source.tasks, source.configs, inLang, lang),
  };
}
