import { useState } from 'react';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { buildQuery } from '../../api/createRequestClient';
import { useSession } from '../../session/useSession';
import { freshQuery } from '../campaigns/freshQuery';
import { useInvalidate } from '../links/useInvalidate';
import type { TaskRow, TaskStatus } from './taskTypes';

export const TASK_PAGE_SIZE = 20;

/** The list's request: the title search and status when set, then the page. */
export function taskListKey(query: {
  q: string;
  status?: TaskStatus;
  page: number;
  pageSize: number;
}): string {
  return `/api/tasks${buildQuery(query)}`;
}

/**
 * The project's tasks: a page of the list searched by title and filtered by status (either change
 * goes back to the first page), and the writes (status, delete), each toasted and followed by a
 * reload of every task list.
 */
export function useTaskList() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { client } = useSession();
  const invalidate = useInvalidate();
  const [q, setQ] = useState('');
  const [status, setStatus] = useState<TaskStatus>();
  const [paging, setPaging] = useState({ page: 1, pageSize: TASK_PAGE_SIZE });
  const { data, error, isLoading } = useSWR<{ items: TaskRow[]; total: number }>(
    taskListKey({ q, status, ...paging }),
    freshQuery,
  );

  async function write(work: () => Promise<unknown>, done: string) {
    try {
      await work();
      void message.success(done);
      await invalidate('/api/tasks');
    } catch {
      // Shown by the request client.
    }
  }
  const firstPage = () => setPaging((current) => ({ ...current, page: 1 }));

  return {
    status,
    paging,
    setPaging,
    data,
    error,
    isLoading,
    filtered: Boolean(q || status),
    search(value: string) {
      setQ(value.trim());
      firstPage();
    },
    filterStatus(value: TaskStatus | undefined) {
      setStatus(value);
      firstPage();
    },
    setTaskStatus: (task: TaskRow, next: TaskStatus) =>
      write(
        () => client.post(`/api/tasks/${encodeURIComponent(task.id)}/status`, { status: next }),
        next === 'online' ? t('taskCenter:online.done') : t('taskCenter:offline.done'),
      ),
    remove: (task: TaskRow) =>
      write(() => client.delete(`/api/tasks/${encodeURIComponent(task.id)}`), t('common:deleted')),
  };
}
