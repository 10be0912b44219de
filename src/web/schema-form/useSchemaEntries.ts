import useSWR from 'swr';
import type { EntryKind, SchemaEntry } from './schemaEntry';

/** Registry entries of one kind from `GET /api/schemas?kind=` (the gameplay chooser). */
export function useSchemaEntries(kind: EntryKind) {
  const { data, error, isLoading } = useSWR<{ entries: SchemaEntry[] }>(`/api/schemas?kind=${kind}`);
  return { entries: data?.entries, error: error as Error | undefined, isLoading };
}
