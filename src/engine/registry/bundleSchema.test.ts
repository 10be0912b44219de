import { describe, expect, it } from 'vitest';
import { bundleSchema } from './bundleSchema';
import { createSchemaResolver } from './schemaResolver';
import { resolveUri } from './schemaIds';
import { createEngineAjv } from '../validation/createEngineAjv';

describe('resolveUri', () => {
  it('resolves root-relative, relative and fragment refs', () => {
    const base = 'https://s.local/gameplays/x/schema.json';
    expect(resolveUri(base, '/_defs/a.json#/$defs/b')).toBe('https://s.local/_defs/a.json#/$defs/b');
    expect(resolveUri(base, '../../_defs/a.json')).toBe('https://s.local/_defs/a.json');
    expect(resolveUri(base, '#/$defs/c')).toBe('https://s.local/gameplays/x/schema.json#/$defs/c');
    expect(resolveUri(base, 'https://other/x.json')).toBe('https://other/x.json');
  });
});

describe('bundleSchema', () => {
  it('copies shared pieces in so the schema stands alone and validates the same', () => {
    const def = {
      $id: 'https://s.local/_defs/c.json',
      $defs: {
        colour: { type: 'string', pattern: '^#[0-9a-f]{3}$' },
        pair: { type: 'array', items: { $ref: '#/$defs/colour' } },
      },
    };
    const schema = {
      $id: 'https://s.local/e/schema.json',
      type: 'object',
      properties: { a: { $ref: '/_defs/c.json#/$defs/pair' }, b: { $ref: '#/$defs/own' } },
      $defs: { own: { type: 'integer' } },
    };
    const bundled = bundleSchema(schema, createSchemaResolver([def, schema]));
    expect(JSON.stringify(bundled)).not.toContain('_defs/c.json');
    expect(bundled.$defs).toMatchObject({
      own: { type: 'integer' },
      'c.pair': { items: { $ref: '#/$defs/c.colour' } },
      'c.colour': { type: 'string' },
    });
    const validate = createEngineAjv().compile(bundled);
    expect(validate({ a: ['#abc'], b: 1 })).toBe(true);
    expect(validate({ a: ['red'], b: 1 })).toBe(false);
  });
});
