import { useCallback } from 'react';
import { useSWRConfig } from 'swr';

/**
 * Drops cached answers under some API paths (`/api/links` also covers `/api/links?page=2` and
 * `/api/links/abc`) and refetches the ones on screen. Lists are cached for an hour and never
 * revalidate on their own, so every save must say what it changed.
 */
export function useInvalidate(): (...prefixes: string[]) => Promise<void> {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (...prefixes: string[]) => {
      // Data `undefined` (not left out): SWR then empties the entries of pages not on screen too,
      // so they load afresh when shown, and refetches the ones that are.
      await mutate(
        (key) =>
          typeof key === 'string' &&
          prefixes.some(
            (prefix) => key === prefix || key.startsWith(`${prefix}?`) || key.startsWith(`${prefix}/`),
          ),
        undefined,
        { revalidate: true },
      );
    },
    [mutate],
  );
}
