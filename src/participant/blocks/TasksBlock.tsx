import type { BlockView, TaskView } from '../api/playTypes';
import { useT } from '../i18n/texts';
import { TaskList } from '../renderers/tasks/TaskList';
import { readTasks } from '../renderers/tasks/taskProgress';
import { usePage } from './PageContext';
import { textProp } from './safeValues';

/**
 * The task list's place on the page: the tasks that earn this campaign's chances (the project's
 * task center when the campaign takes chances from it, a dice board's tasks) or the task center's
 * own; a campaign without tasks says so plainly.
 */
export function TasksBlock({ block }: { block: BlockView }) {
  const t = useT();
  const page = usePage();
  const progress = readTasks(page.me.progress);
  const views = page.me.progress.taskViews;
  const tasks: TaskView[] = Array.isArray(views) ? (views as TaskView[]) : (page.campaign.game.tasks ?? []);
  return (
    <section className="gp-card gp-tasks" data-testid="tasks-block">
      <h2>{textProp(block.props.title) || t('blocks.tasks')}</h2>
      {tasks.length > 0 && progress.length > 0 ? (
        <TaskList
          tasks={tasks}
          progress={progress}
          prizes={page.campaign.prizes}
          button={page.campaign.page.buttons}
          more={page.campaign.game.tasksMore ?? null}
        />
      ) : (
        <p className="gp-muted">{t('blocks.tasksNone')}</p>
      )}
    </section>
  );
}
