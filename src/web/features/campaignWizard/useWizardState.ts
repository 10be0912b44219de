import { useCallback, useImperativeHandle, useMemo, useRef, useState, type Ref } from 'react';
import type { FieldError } from '../../api/RequestError';
import type { SchemaFormHandle } from '../../schema-form/SchemaForm';
import type { Config, SchemaEntry } from '../../schema-form/schemaEntry';
import type { PageEditorHandle } from '../pageEditor/PageEditor';
import { usePageStep } from './usePageStep';
import type { WizardHandle } from './Wizard';
import { byStep, startIndex, stepsOf } from './wizardSteps';

interface WizardStateOptions {
  entry: SchemaEntry;
  initialConfig: Config;
  initialStep?: string;
  onStepChange?(step: string): void;
  ref?: Ref<WizardHandle>;
}

/**
 * The Wizard's state: the step on screen and the furthest reached, the config (kept in a ref, so
 * typing renders nothing here) and what the step on screen started from, the save's errors by
 * step, and whether the step is laid out in the page editor (usePageStep). `go` moves to a step taking the form's data along;
 * `showErrors` places a refused save's errors and jumps to the first step holding one. It also
 * answers the Wizard's `ref` (WizardHandle).
 */
export function useWizardState({ entry, initialConfig, initialStep, onStepChange, ref }: WizardStateOptions) {
  const steps = useMemo(() => stepsOf(entry), [entry]);
  const start = startIndex(steps, initialStep);
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
  const page = usePageStep(step, configRef);
  const { merged } = page;

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

  return {
    steps,
    index,
    reached,
    step,
    configRef,
    stepData,
    formRef,
    editorRef,
    stepErrors,
    otherErrors,
    ...page,
    go,
    showErrors,
  };
}
