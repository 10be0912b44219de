import { stepOfPath } from '../../../engine/wizard/issuesOfStep';
import type { FieldError } from '../../api/RequestError';
import type { SchemaEntry, WizardStep } from '../../schema-form/schemaEntry';

/** The entry's meta steps, or one step holding every field when it declares none. */
export function stepsOf(entry: SchemaEntry): WizardStep[] {
  if (entry.steps.length > 0) return entry.steps;
  return [{ key: 'main', title: entry.meta.title ?? entry.mark, fields: [] }];
}

/** Where the wizard starts: the step named `initialStep`, else the first. */
export function startIndex(steps: readonly WizardStep[], initialStep: string | undefined): number {
  return Math.max(
    0,
    steps.findIndex((s) => s.key === initialStep),
  );
}

/** A refused save's errors grouped by the step holding their field; `other` holds the rest. */
export function byStep(steps: WizardStep[], errors: readonly FieldError[]) {
  const grouped: Record<string, FieldError[]> = {};
  const other: FieldError[] = [];
  for (const error of errors) {
    const key = stepOfPath(steps, error.path);
    if (key) (grouped[key] ??= []).push(error);
    else other.push(error);
  }
  return { grouped, other };
}

/** The status the step bar shows for step `i` while step `index` is on screen. */
export function stepStatus(i: number, index: number, hasErrors: boolean) {
  return hasErrors ? 'error' : i < index ? 'finish' : i === index ? 'process' : 'wait';
}
