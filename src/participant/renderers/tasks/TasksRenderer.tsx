import { useState } from 'react';
import { useT } from '../../i18n/texts';
import { usePage } from '../../blocks/PageContext';
import { formatTime } from '../../page/formatTime';
import type { ButtonLook, PlayPrize, TaskView } from '../../api/playTypes';
import type { RendererProps } from '../rendererTypes';
import { PrizeIcon } from '../PrizeFace';

export interface TaskProgress {
  id: string;
  status: 'todo' | 'inProgress' | 'done' | 'closed' | 'notOpen' | 'ended';
  progress: number;
  count: number;
  done: { day: number; week: number; total: number };
  left: number | null;
}

/** Events the page itself reports; the others happen in the app. */
const PAGE_EVENTS = new Set(['share', 'visit', 'sign_in']);

export function readTasks(progress: Record<string, unknown>): TaskProgress[] {
  const raw = progress.tasks;
  return Array.isArray(raw) ? (raw as TaskProgress[]) : [];
}

/** Opens a task's address: the app's own scheme in place, a web page beside this one. */
function open(url: string) {
  if (/^https?:\/\//i.test(url)) window.open(url, '_blank', 'noopener');
  else window.location.href = url;
}

/** The task center's screen: its tasks, and the "more" address. */
export function TasksRenderer(props: RendererProps) {
  return (
    <TaskList
      tasks={props.game.tasks ?? []}
      progress={readTasks(props.progress)}
      prizes={props.prizes}
      button={props.button}
      more={props.game.tasksMore ?? null}
    />
  );
}

/**
 * Tasks with their reward, limits and progress; a task's go button opens where it is done (a
 * visit task counts the visit, a share task opens sharing); tasks done in the app move when the
 * app reports them. The task center's screen, and the tasks block of a campaign whose chances
 * come from tasks.
 */
export function TaskList(props: {
  tasks: TaskView[];
  progress: TaskProgress[];
  prizes: PlayPrize[];
  button: ButtonLook;
  more: string | null;
}) {
  const t = useT();
  const page = usePage();
  const [busy, setBusy] = useState<string | null>(null);
  const progress = new Map(props.progress.map((p) => [p.id, p]));
  const tasks = props.tasks.filter((task) => progress.has(task.id));
  const locked = page.editing || page.reason !== null;
  const prizeName = (id: string) => props.prizes.find((p) => p.id === id)?.name ?? id;

  function limitText(task: TaskView) {
    const parts: string[] = [];
    if (task.limits.daily > 0) parts.push(t('tasks.daily', { n: task.limits.daily }));
    if (task.limits.weekly > 0)
      parts.push(
        t('tasks.weekly', { n: task.limits.weekly, day: t(`tasks.weekday.${task.limits.refreshDay}`) }),
      );
    if (task.limits.total > 0) parts.push(t('tasks.total', { n: task.limits.total }));
    return parts.join(' · ');
  }

  async function go(task: TaskView) {
    if (busy) return;
    if (task.event === 'share') {
      page.tap({ action: 'share', href: null, blockId: null });
      return;
    }
    if (task.event === 'visit') {
      setBusy(task.id);
      try {
        const result = await page.act<{ completions: number }>('go', { taskId: task.id });
        if (result.completions > 0) page.say(t('tasks.completed', { title: task.title }));
        // The page shows the new state (`me` of the answer) now.
        page.onLanded();
      } catch {
        // The page has said why.
        return;
      } finally {
        setBusy(null);
      }
    }
    if (task.goButton?.url) open(task.goButton.url);
  }

  if (tasks.length === 0) return <p className="gp-hint">{t('tasks.none')}</p>;
  return (
    <div className="gp-renderer gp-tasks" data-testid="tasks">
      <ul className="gp-task-list">
        {tasks.map((task) => {
          const mine = progress.get(task.id) as TaskProgress;
          const rewards = [
            task.prizeId ? prizeName(task.prizeId) : null,
            task.chances > 0 ? t('tasks.chances', { n: task.chances }) : null,
          ].filter(Boolean);
          const actionable = mine.status === 'todo' || mine.status === 'inProgress';
          return (
            <li
              key={task.id}
              className={`gp-task gp-task-${mine.status}${task.backgroundImage ? ' gp-task-art' : ''}`}
              data-task={task.id}
              data-status={mine.status}
              style={task.backgroundImage ? { backgroundImage: `url("${task.backgroundImage}")` } : undefined}
            >
              <div className="gp-task-text">
                <strong>{task.title}</strong>
                {rewards.length > 0 ? (
                  <span className="gp-task-reward">
                    {task.prizeId ? (
                      <PrizeIcon prize={props.prizes.find((p) => p.id === task.prizeId)} />
                    ) : null}
                    {rewards.join(' + ')}
                  </span>
                ) : null}
                <span className="gp-muted">
                  {[
                    limitText(task),
                    task.count > 1 ? t('tasks.progress', { n: mine.progress, of: task.count }) : '',
                    mine.status === 'notOpen' && task.onlineFrom
                      ? t('tasks.opens', { time: formatTime(task.onlineFrom, page.campaign.timezone) })
                      : '',
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              </div>
              {actionable ? (
                <button
                  type="button"
                  className="gp-btn"
                  style={{
                    background: props.button.color ?? undefined,
                    color: props.button.textColor ?? undefined,
                  }}
                  disabled={locked || busy !== null || (!task.goButton?.url && !PAGE_EVENTS.has(task.event))}
                  onClick={() => void go(task)}
                >
                  {task.goButton?.text || t('tasks.go')}
                </button>
              ) : (
                <span className={mine.status === 'done' ? 'gp-invite-qualified' : 'gp-muted'}>
                  {t(`tasks.status.${mine.status}`)}
                </span>
              )}
            </li>
          );
        })}
      </ul>
      {props.more ? (
        <a className="gp-link-button" href={props.more} target="_blank" rel="noopener noreferrer">
          {t('tasks.more')}
        </a>
      ) : null}
    </div>
  );
}
