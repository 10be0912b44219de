import { useState } from 'react';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { buildQuery } from '../../api/createRequestClient';
import { useSession } from '../../session/useSession';
import { freshQuery } from '../campaigns/freshQuery';
import { useInvalidate } from '../links/useInvalidate';
import type { TurboRow, TurboStatus } from './turboTypes';

export type TurboKind = 'banner' | 'script';

const API: Record<TurboKind, string> = { banner: '/api/turbo-banners', script: '/api/turbo-scripts' };
const PAGE_SIZE = 20;

/**
 * One Turbo list: search by name, filter by status, paging, and the confirmed writes of a row
 * (status, delete), each followed by a fresh list.
 */
export function useTurboList<Row extends TurboRow>(kind: TurboKind) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { client } = useSession();
  const invalidate = useInvalidate();
  const api = API[kind];
  const [q, setQ] = useState('');
  const [status, setStatus] = useState<TurboStatus>();
  const [paging, setPaging] = useState({ page: 1, pageSize: PAGE_SIZE });
  const key = `${api}${buildQuery({ q, status, ...paging })}`;
  const { data, error, isLoading } = useSWR<{ items: Row[]; total: number }>(key, freshQuery);

  async function write(work: () => Promise<unknown>, done: string) {
    try {
      await work();
      void message.success(done);
      await invalidate(api);
    } catch {
      // Shown by the request client.
    }
  }

  return {
    items: data?.items ?? [],
    total: data?.total ?? 0,
    error: error as Error | undefined,
    isLoading,
    filtered: Boolean(q || status),
    status,
    paging,
    search(value: string) {
      setQ(value.trim());
      setPaging((current) => ({ ...current, page: 1 }));
    },
    filterStatus(value: TurboStatus | undefined) {
      setStatus(value);
      setPaging((current) => ({ ...current, page: 1 }));
    },
    setPaging,
    setStatusOf: (row: Row, next: TurboStatus) =>
      write(
        () => client.post(`${api}/${encodeURIComponent(row.id)}/status`, { status: next }),
        t(`turbo:${kind}.${next}.done`),
      ),
    remove: (row: Row) =>
      write(() => client.delete(`${api}/${encodeURIComponent(row.id)}`), t('common:deleted')),
  };
}
