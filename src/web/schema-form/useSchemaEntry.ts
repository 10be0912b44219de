import useSWR from 'swr';
import type { EntryKind, SchemaEntry } from './schemaEntry';

/**
 * One registry entry from `GET /api/schemas/:kind/:mark` (schema, ui schema, steps, strings,
 * templates), cached by the page's SWR config. `entry` is undefined while loading or unknown.
 */
export function useSchemaEntry(kind: EntryKind | undefined, mark: string | undefined) {
  const key = kind && mark ? `/api/schemas/${kind}/${encodeURIComponent(mark)}` : null;
  const { data, error, isLoading } = useSWR<SchemaEntry>(key);
  return { entry: data, error: error as Error | undefined, isLoading };
}
