import { describe, expect, it } from 'vitest';
import { checkWithKeywords } from './checkWithKeywords';

const schema = { type: 'array', maxEnabled: { field: 'isSuper', message: 'superTaskOnlyOne' } };

describe('maxEnabled', () => {
  it('passes one enabled item', () => {
    expect(checkWithKeywords(schema, [{ isSuper: true }, { isSuper: false }, {}])).toEqual([]);
  });
  it('flags the second enabled item, in both languages', () => {
    const data = [{ isSuper: true }, { isSuper: false }, { isSuper: true }];
    expect(checkWithKeywords(schema, data, 'zh-CN')).toEqual([
      { path: '/2/isSuper', keyword: 'maxEnabled', message: '只能启用一个超级任务' },
    ]);
    expect(checkWithKeywords(schema, data, 'en-US')[0].message).toBe('Only one super task may be enabled');
  });
});
