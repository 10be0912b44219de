import { useCallback, useMemo } from 'react';
import type { FormLang } from '../../schema-form/engineValidator';
import { entryText, type SchemaEntry } from '../../schema-form/schemaEntry';

/** Each block kind's folder entry, and its title and description in the console's language. */
export function useBlockTexts(blockEntries: readonly SchemaEntry[], uiLang: FormLang) {
  const entryOf = useMemo(() => new Map(blockEntries.map((e) => [e.mark, e])), [blockEntries]);
  const titleOf = useCallback(
    (type: string) => entryText(entryOf.get(type), 'meta.title', uiLang),
    [entryOf, uiLang],
  );
  const descriptionOf = useCallback(
    (type: string) => entryText(entryOf.get(type), 'meta.description', uiLang),
    [entryOf, uiLang],
  );
  return { entryOf, titleOf, descriptionOf };
}
