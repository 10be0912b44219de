import { useCallback } from 'react';
import { useSWRConfig } from 'swr';

/**
 * Refetches every cached campaign query (lists, details, reports) after a change, so a status
 * move shows everywhere and no other filter page keeps the old row for the cache hour.
 */
export function useRefreshCampaigns(): () => Promise<void> {
  const { mutate } = useSWRConfig();
  return useCallback(async () => {
    await mutate((key) => typeof key === 'string' && key.startsWith('/api/campaigns'));
  }, [mutate]);
}
