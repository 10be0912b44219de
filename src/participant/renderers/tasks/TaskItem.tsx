import type { ButtonLook, PlayPrize, TaskView } from '../../api/playTypes';
import { useT } from '../../i18n/texts';
import { usePage } from '../../blocks/PageContext';
import { formatTime } from '../../page/formatTime';
import { PrizeIcon } from '../PrizeFace';
import { actionable, canGo, limitText, taskRewards, type TaskProgress } from './taskProgress';

/**
 * A task with its reward, limits and progress (and when it opens), then its go button while it
 * can be done, else where the player stands with it.
 */
export function TaskItem(props: {
  task: TaskView;
  mine: TaskProgress;
  prizes: PlayPrize[];
  button: ButtonLook;
  disabled: boolean;
  onGo(): void;
}) {
  const t = useT();
  const page = usePage();
  const { task, mine } = props;
  const prizeName = (id: string) => props.prizes.find((p) => p.id === id)?.name ?? id;
  const rewards = taskRewards(task, prizeName, t);
  return (
    <li
      className={`gp-task gp-task-${mine.status}${task.backgroundImage ? ' gp-task-art' : ''}`}
      data-task={task.id}
      data-status={mine.status}
      style={task.backgroundImage ? { backgroundImage: `url("${task.backgroundImage}")` } : undefined}
    >
      <div className="gp-task-text">
        <strong>{task.title}</strong>
        {rewards.length > 0 ? (
          <span className="gp-task-reward">
            {task.prizeId ? <PrizeIcon prize={props.prizes.find((p) => p.id === task.prizeId)} /> : null}
            {rewards.join(' + ')}
          </span>
        ) : null}
        <span className="gp-muted">
          {[
            limitText(task, t),
            task.count > 1 ? t('tasks.progress', { n: mine.progress, of: task.count }) : '',
            mine.status === 'notOpen' && task.onlineFrom
              ? t('tasks.opens', { time: formatTime(task.onlineFrom, page.campaign.timezone) })
              : '',
          ]
            .filter(Boolean)
            .join(' · ')}
        </span>
      </div>
      {actionable(mine) ? (
        <button
          type="button"
          className="gp-btn"
          style={{ background: props.button.color ?? undefined, color: props.button.textColor ?? undefined }}
          disabled={props.disabled || !canGo(task)}
          onClick={props.onGo}
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
}
