import { describe, expect, it } from 'vitest';
import type { SchemaEntry, WizardStep } from '../../schema-form/schemaEntry';
import { byStep, startIndex, stepStatus, stepsOf } from './wizardSteps';

const STEPS: WizardStep[] = [
  { key: 'basics', title: 'step.basics', fields: ['title', 'goal'] },
  { key: 'prizes', title: 'step.prizes', fields: ['prizes'] },
  { key: 'page', title: 'step.page', fields: ['page'] },
];

function entry(steps: WizardStep[], title?: string): SchemaEntry {
  return { mark: 'lucky-wheel', meta: { title }, steps } as unknown as SchemaEntry;
}

describe('stepsOf', () => {
  it('takes the entry’s meta steps', () => {
    expect(stepsOf(entry(STEPS))).toBe(STEPS);
  });

  it('makes one step holding every field when the entry declares none, titled from meta or the mark', () => {
    expect(stepsOf(entry([], 'meta.title'))).toEqual([{ key: 'main', title: 'meta.title', fields: [] }]);
    expect(stepsOf(entry([]))).toEqual([{ key: 'main', title: 'lucky-wheel', fields: [] }]);
  });
});

describe('startIndex', () => {
  it('starts at the step named, else the first', () => {
    expect(startIndex(STEPS, 'prizes')).toBe(1);
    expect(startIndex(STEPS, 'gone')).toBe(0);
    expect(startIndex(STEPS, undefined)).toBe(0);
  });
});

describe('byStep', () => {
  it('groups errors by the step holding their top field and keeps the rest apart, in order', () => {
    const errors = [
      { path: '/prizes/2/odds', message: 'a' },
      { path: '/title', message: 'b' },
      { path: '/prizes/0/name', message: 'c' },
      { path: '/unknown', message: 'd' },
      { path: '', message: 'e' },
    ];
    const { grouped, other } = byStep(STEPS, errors);
    expect(grouped).toEqual({
      prizes: [errors[0], errors[2]],
      basics: [errors[1]],
    });
    expect(other).toEqual([errors[3], errors[4]]);
  });
});

describe('stepStatus', () => {
  it('shows steps before the current one finished, the current one in process, later ones waiting', () => {
    expect([0, 1, 2].map((i) => stepStatus(i, 1, false))).toEqual(['finish', 'process', 'wait']);
  });

  it('shows a step holding errors red wherever it is', () => {
    expect([0, 1, 2].map((i) => stepStatus(i, 1, true))).toEqual(['error', 'error', 'error']);
  });
});
