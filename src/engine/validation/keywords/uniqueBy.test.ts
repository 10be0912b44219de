import { describe, expect, it } from 'vitest';
import { checkWithKeywords } from './checkWithKeywords';

const schema = { type: 'array', uniqueBy: { fields: ['key'], message: 'duplicateKey' } };

describe('uniqueBy', () => {
  it('passes distinct keys', () => {
    expect(checkWithKeywords(schema, [{ key: 'a' }, { key: 'b' }])).toEqual([]);
  });
  it('flags the later duplicate on its field, in both languages', () => {
    const data = [{ key: 'a' }, { key: 'b' }, { key: 'a' }];
    expect(checkWithKeywords(schema, data, 'zh-CN')).toEqual([
      { path: '/2/key', keyword: 'uniqueBy', message: '键 a 重复' },
    ]);
    expect(checkWithKeywords(schema, data, 'en-US')[0].message).toBe('Duplicate key a');
  });
  it('combines fields (score line per prize) and defaults its message', () => {
    const s = { type: 'array', uniqueBy: ['prizeId', 'score'] };
    expect(
      checkWithKeywords(s, [
        { prizeId: 'p', score: 1 },
        { prizeId: 'q', score: 1 },
      ]),
    ).toEqual([]);
    const issues = checkWithKeywords(
      s,
      [
        { prizeId: 'p', score: 1 },
        { prizeId: 'p', score: 1 },
      ],
      'en-US',
    );
    expect(issues).toEqual([{ path: '/1/score', keyword: 'uniqueBy', message: 'Item 2 duplicates item 1' }]);
  });
});
