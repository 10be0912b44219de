import type { Cache } from 'swr';
import { describe, expect, it, vi } from 'vitest';
import type { RequestClient } from './createRequestClient';
import { swrOptions } from './swrOptions';

describe('swrOptions', () => {
  const client = { get: vi.fn(async (url: string) => ({ url })) } as unknown as RequestClient;

  it('never goes stale, refetches on focus or retries, and keeps data an hour', () => {
    const options = swrOptions(client);
    expect(options).toMatchObject({
      revalidateIfStale: false,
      revalidateOnFocus: false,
      revalidateOnReconnect: false,
      shouldRetryOnError: false,
      errorRetryCount: 0,
      dedupingInterval: 3_600_000,
    });
  });

  it('fetches through the request client and gives each project a fresh cache', async () => {
    const options = swrOptions(client);
    await expect((options.fetcher as (key: string) => Promise<unknown>)('/api/members')).resolves.toEqual({
      url: '/api/members',
    });
    const base = new Map() as unknown as Cache;
    const first = options.provider!(base);
    first.set('/api/members', { data: 1 });
    expect(first.get('/api/members')).toEqual({ data: 1 });
    expect(swrOptions(client).provider!(base).get('/api/members')).toBeUndefined();
  });
});
