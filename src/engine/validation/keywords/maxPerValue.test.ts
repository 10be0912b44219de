import { describe, expect, it } from 'vitest';
import { checkWithKeywords } from './checkWithKeywords';

const schema = {
  type: 'array',
  maxPerValue: { field: 'type', limits: { game: 1, share: 2 }, message: 'blockLimit' },
};

describe('maxPerValue', () => {
  it('passes items within their limits, and values without one', () => {
    const data = [
      { type: 'game' },
      { type: 'share' },
      { type: 'share' },
      { type: 'spacer' },
      { type: 'spacer' },
    ];
    expect(checkWithKeywords(schema, data)).toEqual([]);
  });
  it('flags the first item over its limit, in both languages', () => {
    const data = [{ type: 'game' }, { type: 'spacer' }, { type: 'game' }, { type: 'game' }];
    expect(checkWithKeywords(schema, data, 'en-US')).toEqual([
      { path: '/2/type', keyword: 'maxPerValue', message: 'A page holds at most 1 block of this kind' },
    ]);
    expect(checkWithKeywords(schema, data, 'zh-CN')[0].message).toBe('每个页面最多 1 个此类模块');
  });
});
