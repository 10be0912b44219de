import { useMemo, useState } from 'react';
import type { PageBlock } from '../../../engine/page/pageModel';
import type { FieldError } from '../../api/RequestError';
import { validateConfig, type FormLang } from '../../schema-form/engineValidator';
import type { Config, SchemaEntry } from '../../schema-form/schemaEntry';
import type { Bindings } from './blockKinds';
import { placeIssues } from './placeIssues';

/**
 * The page's problems: the engine's, on the whole config, and a refused save's until the next
 * edit, placed on their blocks (`byBlock`), with each block's problems in words (`problems`).
 */
export function usePageProblems(
  entry: SchemaEntry,
  config: Config,
  uiLang: FormLang,
  serverErrors: readonly FieldError[] | undefined,
  blocks: readonly PageBlock[],
  bindings: Bindings,
) {
  const [serverFor, setServerFor] = useState<{ config: Config; errors: readonly FieldError[] } | null>(null);
  const [seenServer, setSeenServer] = useState(serverErrors);
  if (serverErrors !== seenServer) {
    setSeenServer(serverErrors);
    setServerFor(serverErrors?.length ? { config, errors: serverErrors } : null);
  }
  const issues = useMemo(() => {
    const engine = validateConfig(entry.schema, config, uiLang);
    const server = serverFor && serverFor.config === config ? serverFor.errors : [];
    return [...engine, ...server.map((e) => ({ path: e.path, keyword: 'server', message: e.message }))];
  }, [entry, config, uiLang, serverFor]);
  const placed = useMemo(() => placeIssues(issues, blocks, bindings), [issues, blocks, bindings]);
  const problems = useMemo(
    () => new Map([...placed.byBlock].map(([id, slot]) => [id, slot.words])),
    [placed],
  );
  return { ...placed, problems };
}
