import { Button, Card, Empty, Table, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useCanEdit } from '../../app/useCanEdit';
import { useSession } from '../../session/useSession';
import { taskColumns } from './taskColumns';
import { taskConfigPath } from './taskPaths';
import { TaskFilters } from './TaskFilters';
import type { TaskRow } from './taskTypes';
import { useTaskList } from './useTaskList';

/**
 * The task center (taskCenterManage): the project's tasks with their event, limits, period and
 * status; search by title, filter by status; new, edit, online/offline and delete, each write
 * confirmed first. Viewers see the list and open tasks read-only.
 */
export function TaskListPage() {
  const { t } = useTranslation();
  const { projectId } = useSession();
  const navigate = useNavigate();
  const canEdit = useCanEdit();
  const tasks = useTaskList();
  const { data, paging, filtered } = tasks;

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
        <TaskFilters status={tasks.status} onSearch={tasks.search} onStatus={tasks.filterStatus} />
        <Table<TaskRow>
          rowKey="id"
          data-testid="task-table"
          loading={tasks.isLoading}
          dataSource={data?.items ?? []}
          columns={taskColumns({
            t,
            projectId,
            canEdit,
            navigate,
            onStatus: tasks.setTaskStatus,
            onDelete: tasks.remove,
          })}
          scroll={{ x: 1300 }}
          locale={{
            emptyText: tasks.error ? (
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
            onChange: (page, pageSize) => tasks.setPaging({ page, pageSize }),
          }}
        />
      </Card>
    </div>
  );
}
