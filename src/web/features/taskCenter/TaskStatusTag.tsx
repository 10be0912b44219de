import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TaskStatus } from './taskTypes';

/** A task's status as a tag: online green, offline grey. */
export function TaskStatusTag({ status }: { status: TaskStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={status === 'online' ? 'green' : 'default'} data-testid="task-status">
      {t(`taskCenter:status.${status}`)}
    </Tag>
  );
}
