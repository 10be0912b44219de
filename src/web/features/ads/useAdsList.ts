import { useState } from 'react';
import { App } from 'antd';
import useSWR from 'swr';
import { buildQuery } from '../../api/createRequestClient';
import { freshQuery } from '../campaigns/freshQuery';
import { useInvalidate } from '../links/useInvalidate';

const PAGE_SIZE = 20;

/**
 * One page of an ads list (`{ items, total }`) with search, a status filter and paging, fetched
 * afresh on every visit (reviews and withdrawals change under other members' hands), and `write`:
 * run a confirmed change, toast it and refresh everything under `api` plus `also`.
 */
export function useAdsList<
  Row,
  Status extends string = string,
  Page extends { items: Row[]; total: number } = { items: Row[]; total: number },
>(api: string, also: readonly string[] = []) {
  const { message } = App.useApp();
  const invalidate = useInvalidate();
  const [q, setQ] = useState('');
  const [status, setStatus] = useState<Status>();
  const [paging, setPaging] = useState({ page: 1, pageSize: PAGE_SIZE });
  const key = `${api}${buildQuery({ q, status, ...paging })}`;
  const { data, error, isLoading } = useSWR<Page>(key, freshQuery);

  return {
    /** The whole answer (lists with totals beside the page). */
    data,
    items: data?.items ?? [],
    total: data?.total ?? 0,
    error: error as Error | undefined,
    isLoading,
    filtered: Boolean(q || status),
    status,
    paging,
    setPaging,
    search(value: string) {
      setQ(value.trim());
      setPaging((current) => ({ ...current, page: 1 }));
    },
    filterStatus(value: Status | undefined) {
      setStatus(value);
      setPaging((current) => ({ ...current, page: 1 }));
    },
    /** Runs a write; true when it went through (failures are toasted by the request client). */
    async write(work: () => Promise<unknown>, done: string): Promise<boolean> {
      try {
        await work();
      } catch {
        return false;
      }
      void message.success(done);
      await invalidate(api, ...also);
      return true;
    },
    refresh: () => invalidate(api, ...also),
  };
}

export type AdsList<Row, Status extends string = string> = ReturnType<typeof useAdsList<Row, Status>>;
