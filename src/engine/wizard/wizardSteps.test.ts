import { describe, expect, it } from 'vitest';
import { buildRegistry } from '../registry/buildRegistry';
import { createSchemaEngine } from '../createSchemaEngine';
import { issuesOfStep, stepOfPath, topField } from './issuesOfStep';
import { wizardSteps } from './wizardSteps';
import type { RegistryEntry } from '../registry/registryTypes';

const files = import.meta.glob('../../../schemas/**/*.json', { eager: true, import: 'default' }) as Record<
  string,
  unknown
>;
const engine = createSchemaEngine(buildRegistry(files));
const NAME = 'gameplay/lucky-wheel';
const template = engine.get(NAME)!.templates.classic as Record<string, unknown>;

describe('wizard step model', () => {
  it('lists the steps with their fields, every schema field in exactly one step', () => {
    const steps = engine.steps(NAME);
    expect(steps.map((s) => s.key)).toEqual(['goal', 'basic', 'logic', 'pages', 'languages']);
    expect(steps.find((s) => s.key === 'logic')?.fields).toEqual([
      'prizes',
      'chances',
      'drawCountdown',
      'wheel',
      'budget',
      'delivery',
      'risk',
    ]);
    const placed = steps.flatMap((s) => s.fields).sort();
    expect(placed).toEqual([...engine.fields(NAME).properties.keys()].sort());
  });

  it('validates one step alone and tells whether the whole config is complete', () => {
    // A half-filled wizard: goal and basics done, prizes not yet.
    const { prizes: _p, chances: _c, ...partial } = template;
    expect(engine.validateStep(NAME, 'basic', partial, 'en-US')).toEqual({ valid: true, errors: [] });
    const logic = engine.validateStep(NAME, 'logic', partial, 'en-US');
    expect(logic.valid).toBe(false);
    expect(logic.errors.map((e) => e.path)).toEqual(['/prizes', '/chances']);
    expect(engine.isComplete(NAME, partial)).toBe(false);
    expect(engine.isComplete(NAME, template)).toBe(true);
    const badTitle = engine.validateStep(NAME, 'basic', { ...partial, title: 'a b' }, 'zh-CN');
    expect(badTitle.errors).toEqual([{ path: '/title', keyword: 'pattern', message: '不能包含空格' }]);
  });

  it('maps an issue path to its step', () => {
    expect(topField('/prizes/2/odds')).toBe('prizes');
    expect(stepOfPath(engine.steps(NAME), '/prizes/2/odds')).toBe('logic');
    expect(stepOfPath(engine.steps(NAME), '/rules/textColor')).toBe('pages');
    expect(stepOfPath(engine.steps(NAME), '/nope')).toBeUndefined();
    // JSON pointer escapes: ~1 is a slash, ~0 a tilde (in that order); the root has no field.
    expect(topField('/a~1b/0')).toBe('a/b');
    expect(topField('/a~0b')).toBe('a~b');
    expect(topField('/a~01')).toBe('a~1');
    expect(topField('')).toBe('');
    expect(topField('/')).toBe('');
  });

  it("keeps a step's issues: those of its fields, however deep", () => {
    const issue = (path: string) => ({ path, keyword: 'required', message: 'm' });
    const logic = engine.steps(NAME).find((s) => s.key === 'logic')!;
    expect(
      issuesOfStep([issue('/prizes/0/odds'), issue('/title'), issue(''), issue('/chances')], logic),
    ).toEqual([issue('/prizes/0/odds'), issue('/chances')]);
  });

  it("gives an entry without steps one step named after it, of its ui order's fields", () => {
    const entry = (steps: unknown, order: unknown) =>
      ({ meta: { title: 'entities.x', steps }, ui: { 'ui:order': order } }) as unknown as RegistryEntry;
    const main = (fields: string[]) => [{ key: 'main', title: 'entities.x', fields }];
    expect(wizardSteps(entry(undefined, ['a', '*', 'b', 3]))).toEqual(main(['a', 'b']));
    expect(wizardSteps(entry([], ['a']))).toEqual(main(['a']));
    expect(wizardSteps(entry(undefined, undefined))).toEqual(main([]));
    const steps = [{ key: 'one', title: 'steps.one', fields: ['a'] }];
    expect(wizardSteps(entry(steps, ['b']))).toEqual(steps);
  });

  it('gives entities without steps one step of their ui order, or of all their fields', () => {
    expect(engine.steps('entity/link')[0].fields).toContain('linkId');
    expect(engine.steps('entity/prize')[0].fields).toEqual(
      expect.arrayContaining(['id', 'name', 'odds', 'stock']),
    );
  });
});
