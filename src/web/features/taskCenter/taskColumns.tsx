import { Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { Link } from 'react-router-dom';
import { formatTime } from '../links/formatTime';
import { taskConfigPath } from './taskPaths';
import { taskLimitLines } from './taskLimitLines';
import { TaskRowActions } from './TaskRowActions';
import { TaskStatusTag } from './TaskStatusTag';
import type { TaskRow, TaskStatus } from './taskTypes';

interface TaskColumnsInput {
  t: TFunction;
  projectId: string;
  canEdit: boolean;
  navigate(path: string): void;
  onStatus(task: TaskRow, next: TaskStatus): unknown;
  onDelete(task: TaskRow): unknown;
}

/**
 * The task list's columns: title (to its editor) over its key, event, limits, period, status,
 * last update, and the row actions (edit or view, online/offline, delete).
 */
export function taskColumns({
  t,
  projectId,
  canEdit,
  navigate,
  onStatus,
  onDelete,
}: TaskColumnsInput): ColumnsType<TaskRow> {
  return [
    {
      title: t('taskCenter:list.title'),
      dataIndex: 'title',
      render: (title: string, task) => (
        <Space orientation="vertical" size={0}>
          <Link to={taskConfigPath(projectId, task.id)}>{title}</Link>
          <Typography.Text type="secondary" code>
            {task.key}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: t('taskCenter:list.event'),
      dataIndex: 'event',
      width: 160,
      render: (event: string) => <Typography.Text code>{event}</Typography.Text>,
    },
    {
      title: t('taskCenter:list.limits'),
      key: 'limits',
      width: 240,
      render: (_value, task) => (
        <Space orientation="vertical" size={0}>
          {taskLimitLines(task.limits, t).map((line) => (
            <span key={line}>{line}</span>
          ))}
        </Space>
      ),
    },
    {
      title: t('taskCenter:list.period'),
      key: 'period',
      width: 200,
      render: (_value, task) =>
        task.period.mode === 'permanent' ? (
          t('taskCenter:period.permanent')
        ) : (
          <Space orientation="vertical" size={0}>
            <span>{formatTime(task.period.startTime)}</span>
            <span>{t('taskCenter:period.to', { time: formatTime(task.period.endTime) })}</span>
          </Space>
        ),
    },
    {
      title: t('taskCenter:list.status'),
      dataIndex: 'status',
      width: 110,
      render: (value: TaskStatus) => <TaskStatusTag status={value} />,
    },
    {
      title: t('taskCenter:list.updatedAt'),
      dataIndex: 'updatedAt',
      width: 170,
      render: formatTime,
    },
    {
      title: t('common:actions'),
      key: 'actions',
      fixed: 'right',
      width: canEdit ? 230 : 90,
      render: (_value, task) => (
        <TaskRowActions
          task={task}
          canEdit={canEdit}
          onOpen={() => navigate(taskConfigPath(projectId, task.id))}
          onStatus={(next) => onStatus(task, next)}
          onDelete={() => onDelete(task)}
        />
      ),
    },
  ];
}
