import useSWR from 'swr';
import { useSession } from '../../session/useSession';

interface ListPage {
  items: Array<Record<string, unknown>>;
  total: number;
}

/**
 * Options for a picker from one of the supporting lists (`GET /api/user-types`, ...): the first
 * 100 rows, as `{ value, label }`. A failed load leaves the list empty and the field still
 * accepts its current value; the picker says the list could not be loaded.
 */
export function useListOptions(
  url: string,
  value: (row: Record<string, unknown>) => string,
  label: (row: Record<string, unknown>) => string,
) {
  const { client } = useSession();
  const key = `${url}${url.includes('?') ? '&' : '?'}page=1&pageSize=100`;
  const { data, error, isLoading } = useSWR<ListPage>(key, (k: string) =>
    client.get<ListPage>(k, undefined, { silent: true }),
  );
  const options = (data?.items ?? []).map((row) => ({ value: value(row), label: label(row) }));
  return { options, failed: Boolean(error), loading: isLoading };
}
