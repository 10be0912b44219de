import type { ButtonLook, PlayPrize, TaskView } from '../../api/playTypes';
import { useT } from '../../i18n/texts';
import { usePage } from '../../blocks/PageContext';
import type { TaskProgress } from './taskProgress';
import { useTaskGo } from './useTaskGo';
import { TaskItem } from './TaskItem';

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
  const { busy, go } = useTaskGo();
  const progress = new Map(props.progress.map((p) => [p.id, p]));
  const tasks = props.tasks.filter((task) => progress.has(task.id));
  const locked = page.editing || page.reason !== null;

  if (tasks.length === 0) return <p className="gp-hint">{t('tasks.none')}</p>;
  return (
    <div className="gp-renderer gp-tasks" data-testid="tasks">
      <ul className="gp-task-list">
        {tasks.map((task) => (
          <TaskItem
            key={task.id}
            task={task}
            mine={progress.get(task.id) as TaskProgress}
            prizes={props.prizes}
            button={props.button}
            disabled={locked || busy !== null}
            onGo={() => void go(task)}
          />
        ))}
      </ul>
      {props.more ? (
        <a className="gp-link-button" href={props.more} target="_blank" rel="noopener noreferrer">
          {t('tasks.more')}
        </a>
      ) : null}
    </div>
  );
}
