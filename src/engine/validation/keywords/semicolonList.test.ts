import { describe, expect, it } from 'vitest';
import { checkWithKeywords } from './checkWithKeywords';
import { splitSemicolonList } from './semicolonList';

const whitelist = {
  type: 'string',
  semicolonList: { maxCount: 100, itemPattern: '^[A-Za-z0-9_-]{1,64}$', itemMessage: 'whitelistItem' },
};
const sha = { type: 'string', semicolonList: { maxCount: 4 } };

describe('semicolonList', () => {
  it('passes up to the maximum', () => {
    const ids = Array.from({ length: 100 }, (_, i) => `u${i}`).join(';');
    expect(checkWithKeywords(whitelist, ids)).toEqual([]);
    expect(checkWithKeywords(sha, 'a;b;c;d')).toEqual([]);
  });
  it('fails over the maximum, in both languages', () => {
    expect(checkWithKeywords(sha, 'a;b;c;d;e', 'zh-CN')).toEqual([
      { path: '', keyword: 'semicolonList', message: '最多 4 个，用分号分隔（当前 5 个）' },
    ]);
    expect(checkWithKeywords(sha, 'a;b;c;d;e', 'en-US')[0].message).toBe(
      'At most 4 entries separated by semicolons (now 5)',
    );
  });
  it('fails a malformed or repeated entry', () => {
    expect(checkWithKeywords(whitelist, 'u1;bad id', 'en-US')[0].message).toBe(
      'User id bad id has an invalid format',
    );
    expect(checkWithKeywords(whitelist, 'u1;u1', 'zh-CN')[0].message).toBe('u1 重复');
  });
  it('splits on ASCII and full-width semicolons', () => {
    expect(splitSemicolonList(' a;；b ;')).toEqual(['a', 'b']);
  });
});
