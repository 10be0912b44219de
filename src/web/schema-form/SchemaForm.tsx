import { useCallback, useEffect, useImperativeHandle, useMemo, useRef, useState, type Ref } from 'react';
import { flushSync } from 'react-dom';
import { Alert, Spin } from 'antd';
import type Form from '@rjsf/core';
import { useTranslation } from 'react-i18next';
import { RequestError, type FieldError } from '../api/RequestError';
import { engineValidator, validateConfig } from './engineValidator';
import { sameIssues, toErrorSchema, topFieldOf } from './fieldIssues';
import { buildFormModel } from './formModel';
import { issueLines } from './issueLines';
import { useFormLocales } from './formLocales';
import { createPendingEdits, PendingEditsContext } from './pendingEdits';
import { sameJson } from './sameJson';
import type { SchemaFormContext } from './schemaFormContext';
import type { Config, JsonSchema, SchemaEntry, ValidationIssue } from './schemaEntry';
import { SchemaFormView } from './SchemaFormView';
import './schemaForm.css';
import { useFormLanguage } from './useFormLanguage';

/** What a parent can do with a SchemaForm through its `ref`. */
export interface SchemaFormHandle {
  /** The data as it stands, edits still in an input included. */
  getData(): Config;
  /** Validates with the engine, shows every problem of the shown fields, returns them. */
  validate(): ValidationIssue[];
  /** validate(), then `onSubmit(data)`; a 400 with `data.errors` shows them under their fields. Resolves true when saved. */
  submit(): Promise<boolean>;
  /** Shows errors (e.g. a server's `data.errors`) under their fields until those fields change. */
  showErrors(errors: readonly FieldError[]): void;
}

/**
 * Props of SchemaForm: one RJSF (@rjsf/antd) form for any registry entry.
 * - `entry` from `useSchemaEntry(kind, mark)` (GET /api/schemas/:kind/:mark).
 * - `fields`: top-level fields to show, in order (a wizard step); every field in ui order if absent.
 * - `initialData`: the data to start from; the form keeps its own state afterwards (change `key` to replace it).
 * - `errors`: errors to show under fields, e.g. `RequestError.errors` of a failed save (JSON pointers).
 * - `onChange(data)`: after each committed edit (inputs commit on blur, not per keystroke).
 * - `onSubmit(data)`: called by `ref.submit()` when the engine finds no problem; throw the RequestError to show its field errors.
 * - `languages`: content languages for per-language texts when the data has no `languages` of its own.
 * - `summary`: list the problems above the form, each naming its field (a wizard step).
 * - `ref`: a SchemaFormHandle (getData, validate, submit, showErrors).
 * Labels, help and enum names come from the entry's strings in the current language; validation is
 * the engine's (same keywords and messages as the server), run on blur in idle time for touched
 * fields and for everything on validate/submit.
 */
export interface SchemaFormProps {
  entry: SchemaEntry;
  fields?: readonly string[];
  initialData?: Config;
  errors?: readonly FieldError[];
  onChange?: (data: Config) => void;
  onSubmit?: (data: Config) => Promise<void> | void;
  disabled?: boolean;
  languages?: readonly string[];
  /**
   * List every problem shown (and those of fields not shown) above the form, each naming its
   * field: a wizard step's summary. Without it only problems of fields not shown are listed.
   */
  summary?: boolean;
  ref?: Ref<SchemaFormHandle>;
}

interface FormEnv {
  languages: string[];
  timezone?: string;
}

function envOf(data: Config, fallback?: readonly string[]): FormEnv {
  const own = Array.isArray(data.languages)
    ? data.languages.filter((l): l is string => typeof l === 'string')
    : [];
  return {
    languages: own.length > 0 ? own : [...(fallback ?? ['zh-CN', 'en-US'])],
    timezone: typeof data.timezone === 'string' ? data.timezone : undefined,
  };
}

const asIssues = (errors: readonly FieldError[] | undefined): ValidationIssue[] =>
  (errors ?? []).map((e) => ({ path: e.path, keyword: 'server', message: e.message }));

type IdleHandle = { cancel(): void };
function whenIdle(run: () => void): IdleHandle {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout: 400 });
    return { cancel: () => window.cancelIdleCallback(id) };
  }
  const id = window.setTimeout(run, 50);
  return { cancel: () => window.clearTimeout(id) };
}

export function SchemaForm(props: SchemaFormProps) {
  // The form's own words (widgets, buttons) load with the first form.
  const ready = useFormLocales();
  if (!ready) return <Spin className="gc-sf-loading" />;
  return <LoadedSchemaForm {...props} />;
}

function LoadedSchemaForm({
  entry,
  fields,
  initialData,
  errors,
  onChange,
  onSubmit,
  disabled,
  languages,
  summary,
  ref,
}: SchemaFormProps) {
  const { t } = useTranslation();
  const { lang, strings, enumLabel, consoleText } = useFormLanguage(entry.locales);
  const fieldsKey = fields ? fields.join('\u0000') : '*';
  const model = useMemo(
    () => buildFormModel({ root: entry.schema, ui: entry.ui, strings, fields, enumLabel, consoleText }),
    // `fields` by content: callers often pass a fresh array of the same step.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [entry, strings, fieldsKey, enumLabel, consoleText],
  );
  const validator = engineValidator(entry.schema, lang);
  const formRef = useRef<Form>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  const [pending] = useState(createPendingEdits);
  const [initial] = useState<Config>(() => initialData ?? {});
  const dataRef = useRef<Config>(initial);
  const mounted = useRef(false);
  const touched = useRef(new Set<string>());
  const revealAll = useRef(false);
  const idle = useRef<IdleHandle | null>(null);
  const onChangeRef = useRef(onChange);
  const [env, setEnv] = useState<FormEnv>(() => envOf(initial, languages));
  const [clientIssues, setClientIssues] = useState<ValidationIssue[]>([]);
  const [serverIssues, setServerIssues] = useState<ValidationIssue[]>(() => asIssues(errors));
  const [seenErrors, setSeenErrors] = useState(errors);
  if (errors !== seenErrors) {
    setSeenErrors(errors);
    setServerIssues(asIssues(errors));
  }

  useEffect(() => {
    onChangeRef.current = onChange;
  });
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      idle.current?.cancel();
    };
  }, []);

  const shownFields = model.fields;
  const allFields = fields === undefined;
  const runValidation = useCallback(() => {
    const all = validateConfig(entry.schema as JsonSchema, dataRef.current, lang);
    const mine = !allFields ? all.filter((issue) => shownFields.includes(topFieldOf(issue.path))) : all;
    const shown = revealAll.current
      ? mine
      : mine.filter((issue) => touched.current.has(topFieldOf(issue.path)));
    setClientIssues((previous) => (sameIssues(previous, shown) ? previous : shown));
    return mine;
  }, [entry, lang, shownFields, allFields]);

  const handleChange = useCallback(
    (data: Config) => {
      const previous = dataRef.current;
      dataRef.current = data;
      if (!mounted.current) {
        // RJSF reports its defaults while constructing; tell the parent once we are mounted.
        queueMicrotask(() => onChangeRef.current?.(dataRef.current));
        return;
      }
      const changed = shownFields.filter((field) => !sameJson(previous[field], data[field]));
      if (changed.length === 0) return;
      for (const field of changed) touched.current.add(field);
      setServerIssues((list) => {
        const kept = list.filter((issue) => !changed.includes(topFieldOf(issue.path)));
        return kept.length === list.length ? list : kept;
      });
      const nextEnv = envOf(data, languages);
      setEnv((current) => (sameJson(current, nextEnv) ? current : nextEnv));
      onChangeRef.current?.(data);
      idle.current?.cancel();
      idle.current = whenIdle(() => {
        idle.current = null;
        runValidation();
      });
    },
    [shownFields, languages, runValidation],
  );

  const getData = useCallback((): Config => {
    flushSync(() => pending.flushAll());
    return dataRef.current;
  }, [pending]);

  const scrollToFirstError = useCallback(() => {
    window.setTimeout(() => {
      const target = containerRef.current?.querySelector(
        '.ant-form-item-has-error, .gc-sf-cell-error, .ant-alert-error',
      );
      target?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    }, 0);
  }, []);

  const validate = useCallback((): ValidationIssue[] => {
    getData();
    revealAll.current = true;
    idle.current?.cancel();
    const issues = runValidation();
    if (issues.length > 0) scrollToFirstError();
    return issues;
  }, [getData, runValidation, scrollToFirstError]);

  const showErrors = useCallback(
    (list: readonly FieldError[]) => {
      setServerIssues(asIssues(list));
      if (list.length > 0) scrollToFirstError();
    },
    [scrollToFirstError],
  );

  useImperativeHandle(
    ref,
    () => ({
      getData,
      validate,
      showErrors,
      async submit() {
        if (validate().length > 0) return false;
        if (!onSubmit) return true;
        try {
          await onSubmit(dataRef.current);
          return true;
        } catch (error) {
          if (error instanceof RequestError && error.errors.length > 0) showErrors(error.errors);
          return false;
        }
      },
    }),
    [getData, validate, showErrors, onSubmit],
  );

  const context = useMemo<SchemaFormContext>(
    () => ({
      descriptionLocation: 'below',
      readonlyAsDisabled: true,
      lang,
      languages: env.languages,
      timezone: env.timezone,
      rootSchema: model.rawSchema,
      strings,
      text: (key: string) => strings[key] ?? key,
      enumLabel,
      getData: () => dataRef.current,
      setValueAt: (path, value) => formRef.current?.setFieldValue([...path], value),
    }),
    [lang, env, model, strings, enumLabel],
  );

  const issues = useMemo(() => {
    const seen = new Set<string>();
    return [...clientIssues, ...serverIssues].filter((issue) => {
      const id = `${issue.path}\u0000${issue.message}`;
      if (seen.has(id)) return false;
      seen.add(id);
      return true;
    });
  }, [clientIssues, serverIssues]);
  const extraErrors = useMemo(
    () =>
      toErrorSchema(
        issues.filter((issue) => shownFields.includes(topFieldOf(issue.path))),
        lang,
      ),
    [issues, shownFields, lang],
  );
  const elsewhere = issues.filter((issue) => !shownFields.includes(topFieldOf(issue.path)));
  const listed = summary
    ? [...issues.filter((issue) => shownFields.includes(topFieldOf(issue.path))), ...elsewhere]
    : elsewhere;
  const lines = issueLines(listed, {
    schema: entry.schema,
    strings,
    lang,
    languageName: (code) => enumLabel('language', code),
  });
  const problemList = (
    <ul className="gc-sf-problems">
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );

  return (
    <div className="gc-sf" ref={containerRef}>
      {lines.length > 0 && (
        <Alert
          type="error"
          showIcon
          className={summary ? 'gc-sf-summary' : 'gc-sf-elsewhere'}
          data-testid="form-problems"
          title={summary ? t('wizard:wizard.summary', { count: lines.length }) : problemList}
          description={summary ? problemList : undefined}
        />
      )}
      <PendingEditsContext.Provider value={pending}>
        <SchemaFormView
          model={model}
          validator={validator}
          initialData={initial}
          extraErrors={extraErrors}
          formContext={context}
          onChange={handleChange}
          formRef={formRef}
          disabled={disabled}
        />
      </PendingEditsContext.Provider>
    </div>
  );
}
