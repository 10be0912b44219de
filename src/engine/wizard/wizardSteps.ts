import type { RegistryEntry } from '../registry/registryTypes';

/** One step of a wizard as the web renders it. */
export interface WizardStepModel {
  key: string;
  /** Locale key of the step title. */
  title: string;
  /** Top-level config fields this step holds, in display order. */
  fields: string[];
}

/** The wizard steps of an entry; an entry without steps in its meta gets one step with every field of its ui order. */
export function wizardSteps(entry: RegistryEntry): WizardStepModel[] {
  const steps = entry.meta.steps;
  if (Array.isArray(steps) && steps.length > 0)
    return steps.map((s) => ({ key: s.key, title: s.title, fields: [...s.fields] }));
  const order = entry.ui['ui:order'];
  const fields = Array.isArray(order)
    ? order.filter((f): f is string => typeof f === 'string' && f !== '*')
    : [];
  return [{ key: 'main', title: entry.meta.title, fields }];
}
