import { useCallback, useEffect, useMemo, useRef, useState, type Ref } from 'react';
import { flushSync } from 'react-dom';
import { Spin } from 'antd';
import type Form from '@rjsf/core';
import type { FieldError } from '../api/RequestError';
import { engineValidator } from './engineValidator';
import { buildFormModel } from './formModel';
import { FormProblems } from './FormProblems';
import { useFormLocales } from './formLocales';
import { createPendingEdits, PendingEditsContext } from './pendingEdits';
import { sameJson } from './sameJson';
import type { SchemaFormContext } from './schemaFormContext';
import type { Config, SchemaEntry, ValidationIssue } from './schemaEntry';
import { SchemaFormView } from './SchemaFormView';
import './schemaForm.css';
import { useFormIssues } from './useFormIssues';
import { useFormLanguage } from './useFormLanguage';
import { useSchemaFormHandle } from './useSchemaFormHandle';

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
  const [pending] = useState(createPendingEdits);
  const [initial] = useState<Config>(() => initialData ?? {});
  const dataRef = useRef<Config>(initial);
  const mounted = useRef(false);
  const onChangeRef = useRef(onChange);
  const [env, setEnv] = useState<FormEnv>(() => envOf(initial, languages));
  const shownFields = model.fields;
  const { containerRef, issues, extraErrors, edited, validateWhenIdle, validateAll, showErrors } =
    useFormIssues({ entry, lang, shownFields, allFields: fields === undefined, errors, dataRef });

  useEffect(() => {
    onChangeRef.current = onChange;
  });
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

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
      edited(changed);
      const nextEnv = envOf(data, languages);
      setEnv((current) => (sameJson(current, nextEnv) ? current : nextEnv));
      onChangeRef.current?.(data);
      validateWhenIdle();
    },
    [shownFields, languages, edited, validateWhenIdle],
  );

  const getData = useCallback((): Config => {
    flushSync(() => pending.flushAll());
    return dataRef.current;
  }, [pending]);

  const validate = useCallback((): ValidationIssue[] => {
    getData();
    return validateAll();
  }, [getData, validateAll]);

  useSchemaFormHandle(ref, { getData, validate, showErrors, onSubmit, dataRef });

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

  return (
    <div className="gc-sf" ref={containerRef}>
      <FormProblems
        issues={issues}
        shownFields={shownFields}
        summary={summary}
        entry={entry}
        strings={strings}
        lang={lang}
        enumLabel={enumLabel}
      />
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
