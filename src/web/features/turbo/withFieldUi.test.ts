import { describe, expect, it } from 'vitest';
import type { SchemaEntry } from '../../schema-form/schemaEntry';
import { withFieldUi } from './withFieldUi';

const entry = {
  kind: 'entity',
  mark: 'turbo-banner',
  name: 'entity/turbo-banner',
  meta: {},
  schema: {},
  ui: { 'ui:order': ['name', 'status'], name: { 'ui:options': { width: 2 }, 'ui:help': 'h' } },
  steps: [],
  locales: {},
  templates: [],
} as SchemaEntry;

describe('withFieldUi', () => {
  it('merges overrides over the fields own ui, options included', () => {
    const next = withFieldUi(entry, {
      name: { 'ui:widget': 'picker', 'ui:options': { placeholder: 'p' } },
      status: { 'ui:widget': 'hidden' },
    });
    expect(next.ui.name).toEqual({
      'ui:widget': 'picker',
      'ui:help': 'h',
      'ui:options': { width: 2, placeholder: 'p' },
    });
    expect(next.ui.status).toEqual({ 'ui:widget': 'hidden' });
    expect(next.ui['ui:order']).toEqual(['name', 'status']);
  });

  it('leaves the given entry as it was', () => {
    withFieldUi(entry, { name: { 'ui:widget': 'picker' } });
    expect(entry.ui.name).toEqual({ 'ui:options': { width: 2 }, 'ui:help': 'h' });
    expect(entry.ui.status).toBeUndefined();
  });
});
