import type { SWRConfiguration } from 'swr';
import { createExpiringCache, SWR_CACHE_TTL_MS } from './createExpiringCache';
import type { RequestClient } from './createRequestClient';

/**
 * Queries never go stale by themselves, never refetch on focus or reconnect, never retry,
 * and stay cached an hour. Each call gives a fresh cache, so a new project starts empty.
 */
export function swrOptions(client: RequestClient): SWRConfiguration {
  return {
    provider: () => createExpiringCache(),
    fetcher: (key: string) => client.get(key),
    revalidateIfStale: false,
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
    shouldRetryOnError: false,
    errorRetryCount: 0,
    dedupingInterval: SWR_CACHE_TTL_MS,
    focusThrottleInterval: SWR_CACHE_TTL_MS,
  };
}
