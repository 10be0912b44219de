import type { SWRConfiguration } from 'swr';

/**
 * For data the clock or other people change (campaign statuses move from scheduled to running on
 * their own): fetch again whenever a page mounts instead of reusing the hour-long cache.
 */
export const freshQuery: SWRConfiguration = { revalidateOnMount: true, dedupingInterval: 2_000 };
