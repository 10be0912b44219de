// Tasks (the `tasks` mechanic: task center, super task; also the tasks that grant dice rolls or
// pool coins): which events move a task, how many make one completion, and how many completions
// its daily, weekly (from its refresh day) and total limits still allow. Pure: the server passes
// instants, counts and the campaign's time zone; period keys come from periods.ts.
import { periodKeys, type PeriodKeys } from './periods';
import { progressSourceOf, type ProgressSource } from './progressSource';

type Config = Record<string, unknown>;

/** Events the participant page itself reports for its player (no SDK needed). */
export const PAGE_EVENTS = {
  /** A share from the page (the `share` action). */
  share: 'share',
  /** The task's go button opened (the `go` action). */
  visit: 'visit',
  /** A signed-in session opened on the page (hand-off or app token). */
  signIn: 'sign_in',
} as const;

export interface TaskLimits {
  /** Completions per local day; 0 = unlimited. */
  daily: number;
  /** Completions per week starting on `refreshDay`; 0 = unlimited. */
  weekly: number;
  /** ISO weekday the week starts on (1 = Monday). */
  refreshDay: number;
  /** Completions in all; 0 = unlimited. */
  total: number;
}

export interface TaskRule {
  id: string;
  event: string;
  /** Events that make one completion. */
  count: number;
  limits: TaskLimits;
  prizeId: string | null;
  /** Chances one completion grants where the task is a source of chances. */
  chances: number;
  online: boolean;
  /** Super tasks: only the enabled one counts. Undefined in the task center: every task counts. */
  enabled: boolean;
  /** The task shows and counts from then (ms), or always. */
  onlineFromMs: number | null;
  /** A custom operating period (ms), or permanent. */
  fromMs: number | null;
  toMs: number | null;
  userTypes: readonly string[];
  languages: readonly string[];
  exclusiveWith: readonly string[];
  /** Whether app events reported with the SDK's access key may move it, or the server's only. */
  progressSource: ProgressSource;
}

const int = (value: unknown, min: number, max: number, fallback: number) =>
  typeof value === 'number' && Number.isInteger(value) ? Math.min(max, Math.max(min, value)) : fallback;

const time = (value: unknown) => {
  const ms = typeof value === 'string' ? Date.parse(value) : NaN;
  return Number.isFinite(ms) ? ms : null;
};

const strings = (value: unknown) =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string' && v !== '') : [];

/** One task of a config, normalised (a config the server validated; defensive on partial ones). */
export function taskRuleOf(task: Config): TaskRule {
  const limits = (task.limits && typeof task.limits === 'object' ? task.limits : {}) as Config;
  const period = (task.period && typeof task.period === 'object' ? task.period : {}) as Config;
  const custom = period.mode === 'custom';
  return {
    id: String(task.id ?? ''),
    event: String(task.event ?? ''),
    count: int(task.count, 1, 9999, 1),
    limits: {
      daily: int(limits.daily, 0, 9999, 0),
      weekly: int(limits.weekly, 0, 9999, 0),
      refreshDay: int(limits.weeklyRefreshDay, 1, 7, 1),
      total: int(limits.total, 0, 99_999_999, 0),
    },
    prizeId: typeof task.prizeId === 'string' && task.prizeId ? task.prizeId : null,
    chances: int(task.chances, 0, 99, 0),
    online: task.status !== 'offline',
    enabled: task.enabled !== false,
    onlineFromMs: time(task.onlineTime),
    fromMs: custom ? time(period.startTime) : null,
    toMs: custom ? time(period.endTime) : null,
    userTypes: strings(task.userTypes),
    languages: strings(task.languages),
    exclusiveWith: strings(task.exclusiveWith),
    progressSource: progressSourceOf(task.progressSource),
  };
}

/**
 * The tasks of a config (`tasks`): a super task counts only its enabled task (one at
 * most); a task center counts every task that is online.
 */
export function taskRulesOf(config: Config, superTask = false): TaskRule[] {
  const tasks = Array.isArray(config.tasks) ? (config.tasks as unknown[]) : [];
  return tasks
    .filter((t): t is Config => !!t && typeof t === 'object')
    .map(taskRuleOf)
    .filter((t) => t.id !== '' && t.event !== '' && (!superTask || t.enabled));
}

/** Whether a task counts events at an instant: online, after its online time, within its period. */
export function taskOpenAt(task: TaskRule, atMs: number): boolean {
  if (!task.online) return false;
  if (task.onlineFromMs !== null && atMs < task.onlineFromMs) return false;
  if (task.fromMs !== null && atMs < task.fromMs) return false;
  if (task.toMs !== null && atMs >= task.toMs) return false;
  return true;
}

/** Whether the task is for this participant: their user type (when the task names some). */
export function taskForUser(task: TaskRule, userType: string | null): boolean {
  return task.userTypes.length === 0 || (userType !== null && task.userTypes.includes(userType));
}

/** Whether the task shows for a page language (when the task names some). */
export function taskForLanguage(task: TaskRule, lang: string): boolean {
  return task.languages.length === 0 || task.languages.includes(lang);
}

/** A participant's completions of one task: in the period keys given, and in all. */
export interface TaskCounts {
  day: number;
  week: number;
  total: number;
}

/** Completions the task's limits still allow in these periods (Infinity when none binds). */
export function completionsLeft(task: TaskRule, counts: TaskCounts): number {
  let left = Infinity;
  if (task.limits.daily > 0) left = Math.min(left, task.limits.daily - counts.day);
  if (task.limits.weekly > 0) left = Math.min(left, task.limits.weekly - counts.week);
  if (task.limits.total > 0) left = Math.min(left, task.limits.total - counts.total);
  return Math.max(0, left);
}

/** The period keys a completion at an instant is counted under. */
export function taskPeriods(task: TaskRule, atMs: number, tz: string): PeriodKeys {
  return periodKeys(atMs, tz, task.limits.refreshDay);
}

/**
 * Tasks this participant can no longer complete because of exclusive conditions: a task is
 * closed once a task it is exclusive with (either side naming the other) has been completed.
 */
export function excludedTasks(tasks: readonly TaskRule[], completed: ReadonlySet<string>): Set<string> {
  const closed = new Set<string>();
  for (const task of tasks) {
    for (const other of task.exclusiveWith) {
      if (completed.has(other) && other !== task.id) closed.add(task.id);
      if (completed.has(task.id) && other !== task.id) closed.add(other);
    }
  }
  return closed;
}

/**
 * Events added to a task's progress: how many completions they make and the progress left
 * toward the next (`count` events make one), never more completions than `left` allows; events
 * beyond the limit are dropped, not banked.
 */
export function progressBy(
  task: TaskRule,
  progress: number,
  events: number,
  left: number,
): { completions: number; progress: number } {
  const sum = progress + events;
  const completions = Math.min(Math.floor(sum / task.count), left);
  if (completions >= left && left !== Infinity) return { completions, progress: 0 };
  return { completions, progress: sum - completions * task.count };
}

export type TaskStatus = 'todo' | 'inProgress' | 'done' | 'closed' | 'notOpen' | 'ended';

/**
 * What the page shows of a task: `done` while its limits allow no more completions in the
 * current periods (a daily one opens again tomorrow), `closed` when an exclusive task was done,
 * `notOpen` / `ended` outside its online time or period.
 */
export function taskStatus(
  task: TaskRule,
  atMs: number,
  counts: TaskCounts,
  progress: number,
  excluded: boolean,
): TaskStatus {
  if (task.toMs !== null && atMs >= task.toMs) return 'ended';
  if (!taskOpenAt(task, atMs)) return 'notOpen';
  if (excluded) return 'closed';
  if (completionsLeft(task, counts) === 0) return 'done';
  return progress > 0 ? 'inProgress' : 'todo';
}

/** An event as the tasks read it: its name, its instant and, for a go button's visit, its task. */
export interface TaskEventFacts {
  name: string;
  atMs: number;
  /** Only this task (the go button of one visit task). */
  taskId?: string;
  /**
   * Who reported it: the app with the SDK's access key, the customer's server (signed), or the
   * page itself (its own actions: a share, a visit, a sign-in). Absent: the page.
   */
  source?: 'sdk' | 'server' | 'page';
}

/** A campaign's period (ms): events before or after it count for nothing. */
export interface CampaignPeriod {
  fromMs: number;
  toMs: number;
}

/** Whether an event falls in the campaign's period. */
export function withinCampaign(period: CampaignPeriod, atMs: number): boolean {
  return atMs >= period.fromMs && atMs < period.toMs;
}

/**
 * Whether an event moves a task: the task's event (and this task, when the event names one), from a
 * source the task trusts (an app event through the SDK only when the task allows it), the task open
 * at the event's instant, for this participant, and not closed by an exclusive task the participant
 * completed.
 */
export function eventMovesTask(
  task: TaskRule,
  tasks: readonly TaskRule[],
  event: TaskEventFacts,
  userType: string | null,
  completed: ReadonlySet<string>,
): boolean {
  if (task.event !== event.name || (event.taskId !== undefined && event.taskId !== task.id)) return false;
  if (event.source === 'sdk' && task.progressSource === 'server') return false;
  if (!taskOpenAt(task, event.atMs) || !taskForUser(task, userType)) return false;
  return !excludedTasks(tasks, completed).has(task.id);
}

/** A task's state before an event: its progress and its completions in the event's periods. */
export interface TaskTally {
  progress: number;
  counts: TaskCounts;
}

/** One event toward a task: the completions it makes and the progress after it, in its periods. */
export interface TaskStep {
  periods: PeriodKeys;
  /** The progress before the event (a progress row is written only when it moves). */
  before: number;
  completions: number;
  progress: number;
}

/** One event toward a task, decided from its tally: within what the limits leave in its periods. */
export function taskStep(task: TaskRule, tally: TaskTally, periods: PeriodKeys): TaskStep {
  const moved = progressBy(task, tally.progress, 1, completionsLeft(task, tally.counts));
  return { periods, before: tally.progress, ...moved };
}

/** Everything the `go` action decides on, read before deciding. */
export interface GoSituation {
  /** The tasks that move in the campaign (its own, the project's task center's). */
  tasks: readonly TaskRule[];
  /** The task the go button names (as the page sent it). */
  taskId: unknown;
  atMs: number;
  userType: string | null;
  timezone: string;
  campaign: CampaignPeriod;
  /** For a visit task: its tally in the periods of `atMs`, and the tasks the participant completed. */
  visit: { tally: TaskTally; completed: ReadonlySet<string> } | null;
}

/** What `go` decided: a refusal, or the task and, for a visit task that moves, its step. */
export type GoDecision =
  { refusal: 'unknown' | 'notOpen' } | { refusal: null; task: TaskRule; step: TaskStep | null };

/**
 * A go button tapped, decided: refused for a task that does not move here (`unknown`), then for
 * one closed now or not for this participant (`notOpen`); else for a visit task the tap is its
 * event, which moves the task as any event does (within the campaign's period, not closed by an
 * exclusive task, within its limits); any other task's go moves nothing.
 */
export function decideGo(situation: GoSituation): GoDecision {
  const { tasks, atMs, userType, visit } = situation;
  const task = tasks.find((t) => t.id === situation.taskId);
  if (!task) return { refusal: 'unknown' };
  if (!taskOpenAt(task, atMs) || !taskForUser(task, userType)) return { refusal: 'notOpen' };
  const event = { name: PAGE_EVENTS.visit, atMs, taskId: task.id };
  if (
    visit === null ||
    !withinCampaign(situation.campaign, atMs) ||
    !eventMovesTask(task, tasks, event, userType, visit.completed)
  )
    return { refusal: null, task, step: null };
  return {
    refusal: null,
    task,
    step: taskStep(task, visit.tally, taskPeriods(task, atMs, situation.timezone)),
  };
}
