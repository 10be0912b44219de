import type { ReactNode, Ref } from 'react';
import { Card } from 'antd';
import type { FieldError } from '../../api/RequestError';
import { SchemaForm } from '../../schema-form/SchemaForm';
import { entryText, type Config, type SchemaEntry } from '../../schema-form/schemaEntry';
import { useFormLanguage } from '../../schema-form/useFormLanguage';
import { withEditorFields } from '../pageEditor/pageFields';
import { useWizardActions } from './useWizardActions';
import { useWizardState } from './useWizardState';
import { WizardFooter } from './WizardFooter';
import { WizardOtherErrors } from './WizardOtherErrors';
import { WizardPageEditor } from './WizardPageEditor';
import { WizardStepsBar } from './WizardStepsBar';

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

export function Wizard(props: WizardProps) {
  const { entry, header, footerExtra, finishText, busy, onChange, onFinish } = props;
  const { lang, strings, enumLabel } = useFormLanguage(entry.locales);
  const wizard = useWizardState(props);
  const { next, jump, finish } = useWizardActions({ entry, lang, wizard, onFinish });
  const { steps, index, step, configRef, formRef, editorRef, stepErrors, otherErrors, merged, go } = wizard;

  return (
    <div className="gc-wizard">
      {header}
      <WizardStepsBar
        entry={entry}
        lang={lang}
        steps={steps}
        index={index}
        reached={wizard.reached}
        stepErrors={stepErrors}
        onJump={jump}
      />
      <Card className="gc-wizard-body" title={entryText(entry, step.title, lang)}>
        {otherErrors.length > 0 && (
          <WizardOtherErrors
            entry={entry}
            errors={otherErrors}
            lang={lang}
            strings={strings}
            enumLabel={enumLabel}
          />
        )}
        {wizard.pageStep ? (
          <WizardPageEditor
            stepKey={step.key}
            editorRef={editorRef}
            entry={entry}
            blockEntries={wizard.blockEntries ?? []}
            config={wizard.stepData}
            serverErrors={stepErrors[step.key]}
            onChange={(edited) => {
              configRef.current = withEditorFields(configRef.current, edited, wizard.editorFields);
              onChange?.(configRef.current, step.key);
            }}
          />
        ) : null}
        <SchemaForm
          key={step.key}
          ref={formRef}
          entry={entry}
          fields={wizard.formFields.length > 0 ? wizard.formFields : undefined}
          initialData={wizard.stepData}
          errors={stepErrors[step.key]}
          summary
          onChange={(data) => {
            configRef.current = merged(data);
            onChange?.(configRef.current, step.key);
          }}
        />
      </Card>
      <WizardFooter
        footerExtra={footerExtra}
        finishText={finishText}
        busy={busy}
        first={index === 0}
        last={index === steps.length - 1}
        onPrevious={() => go(index - 1)}
        onNext={next}
        onFinish={() => void finish()}
      />
    </div>
  );
}
