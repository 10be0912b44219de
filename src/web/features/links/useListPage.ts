import useSWR from 'swr';
import { buildQuery, type QueryParams } from '../../api/createRequestClient';
import type { ListPage } from './linkTypes';

/**
 * One page of a project list (`{ items, total }`) through SWR; the key carries the query so each
 * filter and page is cached on its own and `mutate` reloads exactly what is shown.
 */
export function useListPage<T>(url: string, params: QueryParams = {}) {
  const query = useSWR<ListPage<T>>(`${url}${buildQuery(params)}`);
  return { ...query, items: query.data?.items ?? [], total: query.data?.total ?? 0 };
}
