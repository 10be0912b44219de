import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { entryText, type SchemaEntry } from './schemaEntryTypes';

interface SchemaList {
  entries: SchemaEntry[];
}

/** Registry entries of one kind with their display names in the UI language. */
export function useSchemaEntries(kind: SchemaEntry['kind']) {
  const { i18n } = useTranslation();
  const { data, error, isLoading } = useSWR<SchemaList>(`/api/schemas?kind=${kind}`);
  const entries = data?.entries;
  const nameOf = useCallback(
    (mark: string) => {
      const entry = entries?.find((candidate) => candidate.mark === mark);
      return entry ? entryText(entry, entry.meta.title, i18n.language) : mark;
    },
    [entries, i18n.language],
  );
  return { entries: entries ?? [], nameOf, error, isLoading };
}
