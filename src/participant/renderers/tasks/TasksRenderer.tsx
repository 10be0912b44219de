import type { RendererProps } from '../rendererTypes';
import { readTasks } from './taskProgress';
import { TaskList } from './TaskList';

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
