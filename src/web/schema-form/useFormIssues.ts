import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import type { FieldError } from '../api/RequestError';
import { validateConfig, type FormLang } from './engineValidator';
import { sameIssues, toErrorSchema, topFieldOf } from './fieldIssues';
import type { Config, JsonSchema, SchemaEntry, ValidationIssue } from './schemaEntry';

export const asIssues = (errors: readonly FieldError[] | undefined): ValidationIssue[] =>
  (errors ?? []).map((e) => ({ path: e.path, keyword: 'server', message: e.message }));

/**
 * Of the engine's issues, those of the form (`mine`: all, or those of the shown fields) and those
 * to show now (`shown`: all of mine once everything is revealed, else those of touched fields).
 */
export function issuesToShow(
  all: ValidationIssue[],
  options: {
    shownFields: readonly string[];
    allFields: boolean;
    revealAll: boolean;
    touched: ReadonlySet<string>;
  },
): { mine: ValidationIssue[]; shown: ValidationIssue[] } {
  const { shownFields, allFields, revealAll, touched } = options;
  const mine = !allFields ? all.filter((issue) => shownFields.includes(topFieldOf(issue.path))) : all;
  const shown = revealAll ? mine : mine.filter((issue) => touched.has(topFieldOf(issue.path)));
  return { mine, shown };
}

/** The list without the issues of the changed fields; the same list when none was dropped. */
export function withoutIssuesOf<T extends ValidationIssue>(list: T[], changed: readonly string[]): T[] {
  const kept = list.filter((issue) => !changed.includes(topFieldOf(issue.path)));
  return kept.length === list.length ? list : kept;
}

/** The form's issues and the server's, each path and message once, in that order. */
export function distinctIssues(...lists: readonly ValidationIssue[][]): ValidationIssue[] {
  const seen = new Set<string>();
  return lists.flat().filter((issue) => {
    const id = `${issue.path}\u0000${issue.message}`;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

type IdleHandle = { cancel(): void };
function whenIdle(run: () => void): IdleHandle {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout: 400 });
    return { cancel: () => window.cancelIdleCallback(id) };
  }
  const id = window.setTimeout(run, 50);
  return { cancel: () => window.clearTimeout(id) };
}

interface FormIssuesOptions {
  entry: SchemaEntry;
  lang: FormLang;
  /** The top-level fields the form shows. */
  shownFields: readonly string[];
  /** The form shows every field of the entry. */
  allFields: boolean;
  /** The caller's errors (a refused save's); a new array replaces the server issues shown. */
  errors?: readonly FieldError[];
  /** The form's data as it stands. */
  dataRef: RefObject<Config>;
}

/**
 * What a SchemaForm shows as problems: the engine's issues of the fields touched so far (of all
 * fields once `validateAll` ran), checked in idle time after an edit, and the server's, each
 * dropped when its field changes. `containerRef` goes on the form's element, for scrolling to the
 * first error.
 */
export function useFormIssues({ entry, lang, shownFields, allFields, errors, dataRef }: FormIssuesOptions) {
  const containerRef = useRef<HTMLDivElement>(null);
  const touched = useRef(new Set<string>());
  const revealAll = useRef(false);
  const idle = useRef<IdleHandle | null>(null);
  const [clientIssues, setClientIssues] = useState<ValidationIssue[]>([]);
  const [serverIssues, setServerIssues] = useState<ValidationIssue[]>(() => asIssues(errors));
  const [seenErrors, setSeenErrors] = useState(errors);
  if (errors !== seenErrors) {
    setSeenErrors(errors);
    setServerIssues(asIssues(errors));
  }

  useEffect(
    () => () => {
      idle.current?.cancel();
    },
    [],
  );

  const runValidation = useCallback(() => {
    const all = validateConfig(entry.schema as JsonSchema, dataRef.current, lang);
    const { mine, shown } = issuesToShow(all, {
      shownFields,
      allFields,
      revealAll: revealAll.current,
      touched: touched.current,
    });
    setClientIssues((previous) => (sameIssues(previous, shown) ? previous : shown));
    return mine;
  }, [entry, lang, shownFields, allFields, dataRef]);

  /** Fields an edit changed: they count as touched, and their server issues are gone. */
  const edited = useCallback((changed: readonly string[]) => {
    for (const field of changed) touched.current.add(field);
    setServerIssues((list) => withoutIssuesOf(list, changed));
  }, []);

  /** Checks the touched fields when the browser is idle (the last call wins). */
  const validateWhenIdle = useCallback(() => {
    idle.current?.cancel();
    idle.current = whenIdle(() => {
      idle.current = null;
      runValidation();
    });
  }, [runValidation]);

  const scrollToFirstError = useCallback(() => {
    window.setTimeout(() => {
      const target = containerRef.current?.querySelector(
        '.ant-form-item-has-error, .gc-sf-cell-error, .ant-alert-error',
      );
      target?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    }, 0);
  }, []);

  /** Checks every field now and shows all their problems; returns them. */
  const validateAll = useCallback((): ValidationIssue[] => {
    revealAll.current = true;
    idle.current?.cancel();
    const issues = runValidation();
    if (issues.length > 0) scrollToFirstError();
    return issues;
  }, [runValidation, scrollToFirstError]);

  const showErrors = useCallback(
    (list: readonly FieldError[]) => {
      setServerIssues(asIssues(list));
      if (list.length > 0) scrollToFirstError();
    },
    [scrollToFirstError],
  );

  const issues = useMemo(() => distinctIssues(clientIssues, serverIssues), [clientIssues, serverIssues]);
  const extraErrors = useMemo(
    () =>
      toErrorSchema(
        issues.filter((issue) => shownFields.includes(topFieldOf(issue.path))),
        lang,
      ),
    [issues, shownFields, lang],
  );

  return { containerRef, issues, extraErrors, edited, validateWhenIdle, validateAll, showErrors };
}
