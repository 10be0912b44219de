import { useT } from '../../i18n/texts';
import type { PoolState } from './poolState';
import { coinCount } from './coinCount';

interface Props {
  tasks: PoolState['tasks'];
  titles: { id: string; title: string }[];
}

/** The tasks that earn coins this round (done in the app), and whether each is done. */
export function PoolTasks({ tasks, titles }: Props) {
  const t = useT();
  return (
    <ul className="gp-collect-prizes" aria-label={t('pool.tasks')}>
      {tasks.map((task) => (
        <li key={task.id}>
          <span>
            {titles.find((x) => x.id === task.id)?.title ?? task.id} · +{coinCount.format(task.coins)}
          </span>
          <span className={task.done ? 'gp-invite-qualified' : 'gp-muted'}>
            {task.done ? t('pool.taskDone') : t('pool.taskInApp')}
          </span>
        </li>
      ))}
    </ul>
  );
}
