import { Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { taskStatuses, type TaskStatus } from './taskTypes';

interface Props {
  status?: TaskStatus;
  onSearch(value: string): void;
  onStatus(value: TaskStatus | undefined): void;
}

/** The task list's filters: search by title and pick a status (cleared = all). */
export function TaskFilters({ status, onSearch, onStatus }: Props) {
  const { t } = useTranslation();
  return (
    <Space wrap style={{ marginBottom: 16 }}>
      <Input.Search
        allowClear
        style={{ width: 280 }}
        placeholder={t('taskCenter:list.search')}
        aria-label={t('taskCenter:list.search')}
        onSearch={(value) => onSearch(value)}
      />
      <Select<TaskStatus>
        allowClear
        style={{ width: 160 }}
        placeholder={t('taskCenter:list.allStatuses')}
        aria-label={t('taskCenter:list.status')}
        value={status}
        options={taskStatuses.map((value) => ({ value, label: t(`taskCenter:status.${value}`) }))}
        onChange={(value) => onStatus(value)}
      />
    </Space>
  );
}
