import {
  lazy,
  Suspense,
  useCallback,
  useImperativeHandle,
  useMemo,
  useRef,
  useState,
  type ReactNode,
  type Ref,
} from 'react';
import { Alert, App, Button, Card, Space, Spin, Steps } from 'antd';
import { useTranslation } from 'react-i18next';
import { stepOfPath } from '../../../engine/wizard/issuesOfStep';
import type { FieldError } from '../../api/RequestError';
import { validateConfig } from '../../schema-form/engineValidator';
import { issueLines } from '../../schema-form/issueLines';
import { SchemaForm, type SchemaFormHandle } from '../../schema-form/SchemaForm';
import { entryText, type Config, type SchemaEntry, type WizardStep } from '../../schema-form/schemaEntry';
import { useFormLanguage } from '../../schema-form/useFormLanguage';
import { useSchemaEntries } from '../../schema-form/useSchemaEntries';
import type { PageEditorHandle } from '../pageEditor/PageEditor';
import { editorFieldsOf, withEditorFields } from '../pageEditor/pageFields';

// The page editor (dnd-kit, the participant's blocks) loads with the first step that lays out a page.
const PageEditor = lazy(() => import('../pageEditor/PageEditor'));

/** What the page around a Wizard can ask it through its `ref`. */
export interface WizardHandle {
  /** The config as it stands; `flush` also takes text still being typed in an input. */
  getConfig(options?: { flush?: boolean }): Config;
  /** The key of the step on screen. */
  getStep(): string;
  /**
   * Shows a refused save's `data.errors` (JSON pointers) under their fields, on their steps, and
   * jumps to the first step holding one.
   */
  showErrors(errors: readonly FieldError[]): void;
}

/**
 * Props of Wizard, the generic campaign / sub-activity wizard. It renders any registry entry from
 * its meta steps (entry.steps), one SchemaForm per step; nothing in it knows a gameplay.
 * - `initialConfig`, `initialStep`: where to start (a template, a resumed draft, a saved campaign).
 * - `onChange(config, step)`: after each committed edit; `onStepChange(step)`.
 * - `onFinish(config)`: the last step's action, called once the whole config passes the engine.
 * - `header`, `footerExtra`, `finishText`, `busy`: page decorations.
 */
export interface WizardProps {
  entry: SchemaEntry;
  initialConfig: Config;
  initialStep?: string;
  header?: ReactNode;
  footerExtra?: ReactNode;
  finishText?: string;
  busy?: boolean;
  onChange?(config: Config, step: string): void;
  onStepChange?(step: string): void;
  onFinish(config: Config): void | Promise<void>;
  ref?: Ref<WizardHandle>;
}

function stepsOf(entry: SchemaEntry): WizardStep[] {
  if (entry.steps.length > 0) return entry.steps;
  return [{ key: 'main', title: entry.meta.title ?? entry.mark, fields: [] }];
}

function byStep(steps: WizardStep[], errors: readonly FieldError[]) {
  const grouped: Record<string, FieldError[]> = {};
  const other: FieldError[] = [];
  for (const error of errors) {
    const key = stepOfPath(steps, error.path);
    if (key) (grouped[key] ??= []).push(error);
    else other.push(error);
  }
  return { grouped, other };
}

export function Wizard(props: WizardProps) {
  const {
    entry,
    initialConfig,
    initialStep,
    header,
    footerExtra,
    finishText,
    busy,
    onChange,
    onStepChange,
    onFinish,
    ref,
  } = props;
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { lang, strings, enumLabel } = useFormLanguage(entry.locales);
  const steps = useMemo(() => stepsOf(entry), [entry]);
  const start = Math.max(
    0,
    steps.findIndex((s) => s.key === initialStep),
  );
  const [index, setIndex] = useState(start);
  const [reached, setReached] = useState(start);
  const configRef = useRef<Config>(initialConfig);
  // What the step on screen started from; its form keeps its own state from there.
  const [stepData, setStepData] = useState<Config>(initialConfig);
  const formRef = useRef<SchemaFormHandle>(null);
  const editorRef = useRef<PageEditorHandle>(null);
  const [stepErrors, setStepErrors] = useState<Record<string, FieldError[]>>({});
  const [otherErrors, setOtherErrors] = useState<FieldError[]>([]);
  const step = steps[index];
  // A step holding `page` is laid out in the page editor, which also edits the fields its blocks bind.
  const { entries: blockEntries } = useSchemaEntries('block');
  const editorFields = useMemo(() => editorFieldsOf(blockEntries ?? []), [blockEntries]);
  const pageStep = step.fields.includes('page') && blockEntries !== undefined && blockEntries.length > 0;
  const formFields = pageStep ? step.fields.filter((f) => !editorFields.has(f)) : step.fields;
  /** The form's data with the page editor's fields kept as the editor has them. */
  const merged = useCallback(
    (data: Config) => (pageStep ? withEditorFields(data, configRef.current, editorFields) : data),
    [pageStep, editorFields],
  );

  const go = useCallback(
    (target: number) => {
      const data = formRef.current?.getData();
      if (data) configRef.current = merged(data);
      setStepData(configRef.current);
      setIndex(target);
      setReached((r) => Math.max(r, target));
      onStepChange?.(steps[target].key);
      window.scrollTo({ top: 0 });
    },
    [steps, onStepChange, merged],
  );

  const showErrors = useCallback(
    (list: readonly FieldError[]) => {
      const { grouped, other } = byStep(steps, list);
      setStepErrors(grouped);
      setOtherErrors(other);
      const first = steps.findIndex((s) => grouped[s.key]);
      if (first >= 0 && first !== index) go(first);
      if (first >= 0) setReached((r) => Math.max(r, first));
    },
    [steps, index, go],
  );

  useImperativeHandle(
    ref,
    () => ({
      getConfig: (options) => {
        if (options?.flush) {
          const data = formRef.current?.getData();
          if (data) configRef.current = merged(data);
        }
        return configRef.current;
      },
      getStep: () => steps[index].key,
      showErrors,
    }),
    [steps, index, showErrors, merged],
  );

  const next = () => {
    const issues = [...(formRef.current?.validate() ?? []), ...(editorRef.current?.validate() ?? [])];
    if (issues.length > 0) {
      void message.warning(t('wizard:wizard.fixStep', { count: issues.length }));
      return;
    }
    go(index + 1);
  };

  const finish = async () => {
    const formData = formRef.current?.getData();
    const data = formData ? merged(formData) : configRef.current;
    configRef.current = data;
    const issues = validateConfig(entry.schema, data, lang);
    if (issues.length > 0) {
      showErrors(issues);
      void message.warning(t('wizard:wizard.fixAll', { count: issues.length }));
      return;
    }
    await onFinish(data);
  };

  const last = index === steps.length - 1;
  return (
    <div className="gc-wizard">
      {header}
      <Card className="gc-wizard-steps">
        <Steps
          size="small"
          current={index}
          onChange={(target) => {
            if (target === index || target > reached) return;
            if (target > index && (formRef.current?.validate() ?? []).length > 0) return;
            go(target);
          }}
          items={steps.map((s, i) => ({
            title: entryText(entry, s.title, lang),
            status: stepErrors[s.key]?.length
              ? 'error'
              : i < index
                ? 'finish'
                : i === index
                  ? 'process'
                  : 'wait',
            disabled: i > reached,
          }))}
        />
      </Card>
      <Card className="gc-wizard-body" title={entryText(entry, step.title, lang)}>
        {otherErrors.length > 0 && (
          <Alert
            type="error"
            showIcon
            className="gc-wizard-other-errors"
            title={issueLines(otherErrors, {
              schema: entry.schema,
              strings,
              lang,
              languageName: (code) => enumLabel('language', code),
            }).join(' ')}
          />
        )}
        {pageStep ? (
          <Suspense fallback={<Spin />}>
            <PageEditor
              key={`page:${step.key}`}
              ref={editorRef}
              entry={entry}
              blockEntries={blockEntries ?? []}
              config={stepData}
              serverErrors={stepErrors[step.key]}
              onChange={(edited) => {
                configRef.current = withEditorFields(configRef.current, edited, editorFields);
                onChange?.(configRef.current, step.key);
              }}
            />
          </Suspense>
        ) : null}
        <SchemaForm
          key={step.key}
          ref={formRef}
          entry={entry}
          fields={formFields.length > 0 ? formFields : undefined}
          initialData={stepData}
          errors={stepErrors[step.key]}
          summary
          onChange={(data) => {
            configRef.current = merged(data);
            onChange?.(configRef.current, step.key);
          }}
        />
      </Card>
      <div className="gc-wizard-footer">
        <Space wrap>
          {footerExtra}
          <Button disabled={index === 0 || busy} onClick={() => go(index - 1)}>
            {t('wizard:wizard.previous')}
          </Button>
          {last ? (
            <Button type="primary" loading={busy} onClick={() => void finish()}>
              {finishText ?? t('wizard:wizard.save')}
            </Button>
          ) : (
            <Button type="primary" disabled={busy} onClick={next}>
              {t('wizard:wizard.next')}
            </Button>
          )}
        </Space>
      </div>
    </div>
  );
}
