import type { Cache, State } from 'swr';

export const SWR_CACHE_TTL_MS = 60 * 60 * 1000;

/**
 * An SWR cache whose entries are forgotten one hour after they were written, so a long-open tab
 * refetches instead of showing day-old data.
 */
export function createExpiringCache(ttlMs = SWR_CACHE_TTL_MS, now: () => number = Date.now): Cache {
  const entries = new Map<string, { value: State; at: number }>();
  return {
    keys: () => entries.keys(),
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (now() - entry.at >= ttlMs) {
        entries.delete(key);
        return undefined;
      }
      return entry.value;
    },
    set(key, value) {
      entries.set(key, { value, at: now() });
    },
    delete(key) {
      entries.delete(key);
    },
  };
}
