import { Card, Steps } from 'antd';
import type { FieldError } from '../../api/RequestError';
import { entryText, type SchemaEntry, type WizardStep } from '../../schema-form/schemaEntry';
import { stepStatus } from './wizardSteps';

interface WizardStepsBarProps {
  entry: SchemaEntry;
  lang: string;
  steps: WizardStep[];
  /** The step on screen. */
  index: number;
  /** The furthest step reached: later ones cannot be clicked. */
  reached: number;
  stepErrors: Record<string, FieldError[]>;
  /** A click on a step reached, other than the one on screen. */
  onJump(target: number): void;
}

/** The Wizard's bar of steps: their titles and status (a step holding a save's errors shows red). */
export function WizardStepsBar({
  entry,
  lang,
  steps,
  index,
  reached,
  stepErrors,
  onJump,
}: WizardStepsBarProps) {
  return (
    <Card className="gc-wizard-steps">
      <Steps
        size="small"
        current={index}
        onChange={(target) => {
          if (target === index || target > reached) return;
          onJump(target);
        }}
        items={steps.map((s, i) => ({
          title: entryText(entry, s.title, lang),
          status: stepStatus(i, index, Boolean(stepErrors[s.key]?.length)),
          disabled: i > reached,
        }))}
      />
    </Card>
  );
}
