import { useState } from 'react';
import { App, Button, Card, Empty, Input, Select, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import useSWR from 'swr';
import { buildQuery } from '../../api/createRequestClient';
import { useCanEdit } from '../../app/useCanEdit';
import { useSession } from '../../session/useSession';
import { freshQuery } from '../campaigns/freshQuery';
import { formatTime } from '../links/formatTime';
import { useInvalidate } from '../links/useInvalidate';
import { taskConfigPath } from './taskPaths';
import { taskLimitLines } from './taskLimitLines';
import { TaskRowActions } from './TaskRowActions';
import { TaskStatusTag } from './TaskStatusTag';
import { taskStatuses, type TaskRow, type TaskStatus } from './taskTypes';

const PAGE_SIZE = 20;

/**
 * The task center (taskCenterManage): the project's tasks with their event, limits, period and
 * status; search by title, filter by status; new, edit, online/offline and delete, each write
 * confirmed first (SPEC 4). Viewers see the list and open tasks read-only.
 */
export function TaskListPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { client, projectId } = useSession();
  const navigate = useNavigate();
  const canEdit = useCanEdit();
  const invalidate = useInvalidate();
  const [q, setQ] = useState('');
  const [status, setStatus] = useState<TaskStatus>();
  const [paging, setPaging] = useState({ page: 1, pageSize: PAGE_SIZE });
  const key = `/api/tasks${buildQuery({ q, status, ...paging })}`;
  const { data, error, isLoading } = useSWR<{ items: TaskRow[]; total: number }>(key, freshQuery);
  const filtered = Boolean(q || status);

  async function write(work: () => Promise<unknown>, done: string) {
    try {
      await work();
      void message.success(done);
      await invalidate('/api/tasks');
    } catch {
      // Shown by the request client.
    }
  }
  const setTaskStatus = (task: TaskRow, next: TaskStatus) =>
    write(
      () => client.post(`/api/tasks/${encodeURIComponent(task.id)}/status`, { status: next }),
      next === 'online' ? t('taskCenter:online.done') : t('taskCenter:offline.done'),
    );
  const remove = (task: TaskRow) =>
    write(() => client.delete(`/api/tasks/${encodeURIComponent(task.id)}`), t('common:deleted'));

  const columns: ColumnsType<TaskRow> = [
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
          onStatus={(next) => setTaskStatus(task, next)}
          onDelete={() => remove(task)}
        />
      ),
    },
  ];

  const newTask = canEdit && (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(taskConfigPath(projectId))}>
      {t('taskCenter:list.create')}
    </Button>
  );

  return (
    <div className="gc-page">
      <div className="gc-page-head">
        <div>
          <Typography.Title level={3}>{t('menu:page.taskCenter')}</Typography.Title>
          <Typography.Text type="secondary">{t('taskCenter:list.description')}</Typography.Text>
        </div>
        {newTask}
      </div>
      <Card>
        <Space wrap style={{ marginBottom: 16 }}>
          <Input.Search
            allowClear
            style={{ width: 280 }}
            placeholder={t('taskCenter:list.search')}
            aria-label={t('taskCenter:list.search')}
            onSearch={(value) => {
              setQ(value.trim());
              setPaging((current) => ({ ...current, page: 1 }));
            }}
          />
          <Select<TaskStatus>
            allowClear
            style={{ width: 160 }}
            placeholder={t('taskCenter:list.allStatuses')}
            aria-label={t('taskCenter:list.status')}
            value={status}
            options={taskStatuses.map((value) => ({ value, label: t(`taskCenter:status.${value}`) }))}
            onChange={(value) => {
              setStatus(value);
              setPaging((current) => ({ ...current, page: 1 }));
            }}
          />
        </Space>
        <Table<TaskRow>
          rowKey="id"
          data-testid="task-table"
          loading={isLoading}
          dataSource={data?.items ?? []}
          columns={columns}
          scroll={{ x: 1300 }}
          locale={{
            emptyText: error ? (
              t('taskCenter:list.loadFailed')
            ) : (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={filtered ? t('taskCenter:list.noMatch') : t('taskCenter:list.empty')}
              >
                {!filtered && newTask}
              </Empty>
            ),
          }}
          pagination={{
            current: paging.page,
            pageSize: paging.pageSize,
            total: data?.total ?? 0,
            hideOnSinglePage: true,
            onChange: (page, pageSize) => setPaging({ page, pageSize }),
          }}
        />
      </Card>
    </div>
  );
}
