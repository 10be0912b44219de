import { useCallback } from 'react';
import useSWR from 'swr';
import { useSession } from '../../../session/useSession';
import type { Overview, OverviewBody } from '../analysisTypes';

const KEY = '/api/overviews';

/** The project's dashboards (default first) and the calls that change them. */
export function useOverviews() {
  const { client } = useSession();
  const query = useSWR<{ items: Overview[] }>(KEY);
  const { mutate } = query;

  const create = useCallback(
    async (body: OverviewBody) => {
      const created = await client.post<Overview>(KEY, body);
      await mutate();
      return created;
    },
    [client, mutate],
  );

  const update = useCallback(
    async (overview: Overview, changes: Partial<OverviewBody>) => {
      const body: OverviewBody = {
        name: overview.name,
        isDefault: overview.isDefault,
        widgets: overview.widgets,
        filters: overview.filters,
        ...changes,
      };
      const saved = await client.put<Overview>(`${KEY}/${encodeURIComponent(overview.id)}`, body);
      await mutate();
      return saved;
    },
    [client, mutate],
  );

  const remove = useCallback(
    async (overview: Overview) => {
      await client.delete(`${KEY}/${encodeURIComponent(overview.id)}`);
      await mutate();
    },
    [client, mutate],
  );

  return { ...query, overviews: query.data?.items, create, update, remove };
}
