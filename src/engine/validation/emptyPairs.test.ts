import { describe, expect, it } from 'vitest';
import { dropEmptyPairs, isEmptyPair, withoutEmptyPairs } from './emptyPairs';

const schema = {
  type: 'object',
  properties: {
    linkData: { $ref: '#/$defs/kvList' },
    prizes: { type: 'array', items: { properties: { keys: { $ref: '#/$defs/kvList' } } } },
    tags: { type: 'array', items: { properties: { key: {}, label: {} } } },
  },
  $defs: {
    kvList: { type: 'array', items: { $ref: '#/$defs/kvItem' } },
    kvItem: { type: 'object', properties: { key: { type: 'string' }, value: { type: 'string' } } },
  },
};

describe('empty key-value rows', () => {
  it('knows an entirely empty row', () => {
    expect(isEmptyPair({ key: '', value: '' })).toBe(true);
    expect(isEmptyPair({})).toBe(true);
    expect(isEmptyPair({ key: '', value: ' ' })).toBe(false);
    expect(isEmptyPair({ key: 'a', value: '' })).toBe(false);
    expect(withoutEmptyPairs([{ key: '' }, { key: 'a' }])).toEqual([{ key: 'a' }]);
  });

  it('drops them from every key-value list the schema names, nested ones too, and nowhere else', () => {
    const data = {
      linkData: [
        { key: '', value: '' },
        { key: 'a', value: '1' },
      ],
      prizes: [
        {
          keys: [
            { key: 'k', value: 'v' },
            { key: '', value: '' },
          ],
        },
      ],
      tags: [{ key: '', label: '' }],
    };
    dropEmptyPairs(schema, data);
    expect(data).toEqual({
      linkData: [{ key: 'a', value: '1' }],
      prizes: [{ keys: [{ key: 'k', value: 'v' }] }],
      tags: [{ key: '', label: '' }],
    });
  });
});
