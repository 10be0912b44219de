import { describe, expect, it } from 'vitest';
import { checkWithKeywords } from './checkWithKeywords';

describe('maxDecimals', () => {
  it('passes two decimals, including binary-unfriendly ones', () => {
    expect(checkWithKeywords({ type: 'number', maxDecimals: 2 }, 0.07)).toEqual([]);
    expect(checkWithKeywords({ type: 'number', maxDecimals: 4 }, 0.0001)).toEqual([]);
  });
  it('fails three decimals, in both languages', () => {
    expect(checkWithKeywords({ maxDecimals: 2 }, 1.234, 'zh-CN')).toEqual([
      { path: '', keyword: 'maxDecimals', message: '最多保留 2 位小数' },
    ]);
    expect(checkWithKeywords({ maxDecimals: 2 }, 1.234, 'en-US')[0].message).toBe('At most 2 decimal places');
  });
});
