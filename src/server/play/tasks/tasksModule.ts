import { isTasksConfig } from '../../../engine/play/configShapes';
import { m0014CheckInTasks } from '../../db/migrations/m0014CheckInTasks';
import { reportPart, type MechanicModule } from '../mechanicModule';
import {
  countPageEvents,
  go,
  moreButtonOf,
  signInTasks,
  sourceTasksProgress,
  tasksGameView,
  tasksProgress,
} from './taskActions';
import { TASKS, centerTasks } from './taskProgress';
import { advanceTasksByEvents } from './taskEvents';
import { taskReport } from './taskReport';
import { m0027TaskSummaries } from './m0027TaskSummaries';

/**
 * Tasks: the task center gameplay and the super task sub-activity, whose tasks move on the app's
 * events and the page's, and the tasks any campaign counts (a dice board's, the project's task
 * center embedded as a source of chances) through the same hooks.
 */
export const tasksModule = {
  mechanic: TASKS,
  // A task's go button (a visit task's visit); draws, quizzes, boards and collections list it too.
  actions: { go: { run: go } },
  game: (campaign, { inLang, lang }) => ({
    tasks: tasksGameView(campaign, inLang, lang),
    tasksMore: moreButtonOf(campaign),
  }),
  progress: (db, campaign, participant, { now }, summary) =>
    tasksProgress(db, campaign, participant, now, undefined, summary),
  ownTasks: centerTasks,
  configShape: (_row, config) => isTasksConfig(config),
  hooks: {
    // A signed-in visit is a task center's `sign_in` event.
    visit: (db, visit) => (visit.identified ? signInTasks(db, visit) : Promise.resolve(0)),
    // A share is also a task event (in-page actions move tasks).
    pageEvent: (trx, input, entry, event) =>
      countPageEvents(trx, input, entry, [{ ...event, source: 'page' }]),
    // Tasks that earn a campaign's chances or rolls (the project's task center, a dice board's).
    progress: sourceTasksProgress,
    sdkEvents: advanceTasksByEvents,
  },
  report: [
    reportPart({
      key: 'tasks',
      when: (_row, config) => isTasksConfig(config),
      read: (db, row, config, { inLang, now }) => taskReport(db, row, config, inLang, now),
      csv: [
        {
          section: 'tasks',
          headers: {
            'zh-CN': [
              '任务ID',
              '任务',
              '事件',
              '参与人数',
              '开始人数',
              '完成人数',
              '完成次数',
              'SDK事件',
              '服务端事件',
              '页面行为',
              '已发奖',
              '无库存',
              '超预算',
              '无奖品',
              '赠送机会',
            ],
            'en-US': [
              'Task ID',
              'Task',
              'Event',
              'Joined',
              'Started',
              'Completed',
              'Completions',
              'SDK events',
              'Server events',
              'Page actions',
              'Rewarded',
              'Out of stock',
              'Over budget',
              'No prize',
              'Chances granted',
            ],
          },
          rows: (report) =>
            report.tasks.map((r) => [
              r.id,
              r.title,
              r.event,
              r.joined,
              r.started,
              r.completed,
              r.completions,
              r.bySource.sdk,
              r.bySource.server,
              r.bySource.page,
              r.byOutcome.rewarded,
              r.byOutcome.outOfStock,
              r.byOutcome.overBudget,
              r.byOutcome.none,
              r.chances,
            ]),
        },
      ],
    }),
  ],
  // Shipped as one migration with the sign-in's table (the check-in module lists it too).
  migrations: { '0014_check_in_tasks': m0014CheckInTasks, '0027_task_summaries': m0027TaskSummaries },
} satisfies MechanicModule;
