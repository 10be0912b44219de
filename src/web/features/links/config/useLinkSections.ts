import { createRef, useMemo, useState, type RefObject } from 'react';
import type { SchemaFormHandle } from '../../../schema-form/SchemaForm';
import type { SchemaEntry } from '../../../schema-form/schemaEntry';
import type { RedirectMode } from '../linkTypes';
import { linkSections, schemaFields } from './linkSections';

/** The link editor's schema form sections for the redirect mode, and one form handle per section. */
export function useLinkSections(entry: SchemaEntry, redirectMode: RedirectMode) {
  // One handle per section form, kept for the editor's life.
  const [formRefs] = useState(() => new Map<string, RefObject<SchemaFormHandle | null>>());
  const sections = useMemo(
    () => linkSections(schemaFields(entry.schema), redirectMode),
    [entry, redirectMode],
  );

  const refOf = (key: string) => {
    let ref = formRefs.get(key);
    if (!ref) formRefs.set(key, (ref = createRef<SchemaFormHandle>()));
    return ref;
  };
  return { sections, refOf };
}
