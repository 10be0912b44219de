import type { ValidationIssue } from '../validation/localizeErrors';
import type { WizardStepModel } from './wizardSteps';

/** Top-level field a JSON pointer addresses (`/prizes/2/odds` -> `prizes`); '' for the root. */
export function topField(path: string): string {
  const first = path.split('/')[1] ?? '';
  return first.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** Keeps the issues that concern the fields of one step. */
export function issuesOfStep(issues: readonly ValidationIssue[], step: WizardStepModel): ValidationIssue[] {
  const fields = new Set(step.fields);
  return issues.filter((issue) => fields.has(topField(issue.path)));
}

/** The key of the step holding the field an issue addresses, so the wizard can jump there. */
export function stepOfPath(steps: readonly WizardStepModel[], path: string): string | undefined {
  const field = topField(path);
  return steps.find((s) => s.fields.includes(field))?.key;
}
