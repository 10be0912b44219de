import { Button, Popconfirm, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { ConfirmDeleteButton } from '../../app/ConfirmDeleteButton';
import type { TaskRow, TaskStatus } from './taskTypes';

interface Props {
  task: TaskRow;
  canEdit: boolean;
  onOpen(): void;
  onStatus(status: TaskStatus): unknown;
  onDelete(): unknown;
}

/** A task's row actions: edit (view for viewers), go online or take offline, delete; each write asks first. */
export function TaskRowActions({ task, canEdit, onOpen, onStatus, onDelete }: Props) {
  const { t } = useTranslation();
  const next: TaskStatus = task.status === 'online' ? 'offline' : 'online';
  return (
    <Space size={0} wrap>
      <Button type="link" size="small" onClick={onOpen}>
        {canEdit ? t('common:edit') : t('taskCenter:list.view')}
      </Button>
      {canEdit && (
        <Popconfirm
          title={next === 'online' ? t('taskCenter:online.title') : t('taskCenter:offline.title')}
          description={
            next === 'online'
              ? t('taskCenter:online.confirm', { title: task.title })
              : t('taskCenter:offline.confirm', { title: task.title })
          }
          okText={next === 'online' ? t('taskCenter:online.action') : t('taskCenter:offline.action')}
          cancelText={t('common:cancel')}
          okButtonProps={{ danger: next === 'offline' }}
          onConfirm={() => onStatus(next)}
        >
          <Button type="link" size="small">
            {next === 'online' ? t('taskCenter:online.action') : t('taskCenter:offline.action')}
          </Button>
        </Popconfirm>
      )}
      {canEdit && (
        <ConfirmDeleteButton
          title={t('taskCenter:delete.title')}
          description={t('taskCenter:delete.confirm', { title: task.title })}
          onConfirm={onDelete}
        />
      )}
    </Space>
  );
}
