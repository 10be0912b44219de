import type { BlockView } from '../api/playTypes';
import { useT } from '../i18n/texts';
import { textProp } from './safeValues';

/**
 * The task list's place on the page. Tasks that earn chances come with the task mechanics, so
 * until then it says plainly that this campaign has no tasks to do.
 */
export function TasksBlock({ block }: { block: BlockView }) {
  const t = useT();
  return (
    <section className="gp-card gp-tasks" data-testid="tasks">
      <h2>{textProp(block.props.title) || t('blocks.tasks')}</h2>
      <p className="gp-muted">{t('blocks.tasksLater')}</p>
    </section>
  );
}
