import { describe, expect, it } from 'vitest';
import type { SchemaEntry } from '../../schema-form/schemaEntry';
import { withMicrosWidgets } from './withMicrosWidgets';

const entry = (schema: Record<string, unknown>, ui: Record<string, unknown> = {}) =>
  ({
    kind: 'entity',
    mark: 'x',
    name: 'entity/x',
    meta: {},
    schema,
    ui,
    steps: [],
    locales: {},
    templates: [],
  }) as SchemaEntry;

describe('withMicrosWidgets', () => {
  it('puts the widget on integer micros fields, keeping their own ui', () => {
    const result = withMicrosWidgets(
      entry(
        {
          type: 'object',
          properties: {
            name: { type: 'string' },
            bidMicros: { type: 'integer', minimum: 1 },
            budgetMicros: { type: 'integer' },
            noteMicros: { type: 'string' },
          },
        },
        { budgetMicros: { 'ui:help': 'h' }, 'ui:order': ['name', '*'] },
      ),
      'W',
    );
    expect(result.ui).toEqual({
      'ui:order': ['name', '*'],
      bidMicros: { 'ui:widget': 'W' },
      budgetMicros: { 'ui:help': 'h', 'ui:widget': 'W' },
    });
  });

  it('reaches the items of a list, through local refs', () => {
    const result = withMicrosWidgets(
      entry(
        {
          type: 'object',
          $defs: { offer: { type: 'object', properties: { rewardMicros: { type: 'integer' } } } },
          properties: { offers: { type: 'array', items: { $ref: '#/$defs/offer' } } },
        },
        { offers: { 'ui:options': { orderable: false }, items: { 'ui:order': ['*'] } } },
      ),
      'W',
    );
    expect(result.ui).toEqual({
      offers: {
        'ui:options': { orderable: false },
        items: { 'ui:order': ['*'], rewardMicros: { 'ui:widget': 'W' } },
      },
    });
  });

  it('leaves an entry without money fields as it was', () => {
    const plain = entry({
      type: 'object',
      properties: { list: { type: 'array', items: { type: 'string' } } },
    });
    expect(withMicrosWidgets(plain, 'W').ui).toEqual({});
  });
});
