import { describe, expect, it } from 'vitest';
import { checkWithKeywords } from './checkWithKeywords';

const name = { type: 'string', singleLine: true };

describe('singleLine', () => {
  it('passes one line of text, including non-Latin text and spaces', () => {
    expect(checkWithKeywords(name, '春节 Lucky Wheel')).toEqual([]);
    expect(checkWithKeywords({ type: 'string', singleLine: false }, 'a\nb')).toEqual([]);
  });
  it('fails a line break or a tab, in both languages', () => {
    expect(checkWithKeywords(name, 'a\nb', 'zh-CN')).toEqual([
      { path: '', keyword: 'singleLine', message: '只能填写一行，不能包含换行或制表符' },
    ]);
    expect(checkWithKeywords(name, 'a\tb', 'en-US')[0].message).toBe(
      'Must be a single line, without line breaks or tabs',
    );
  });
  it('names the control character it found', () => {
    expect(checkWithKeywords(name, 'a\u0000b', 'en-US')[0].message).toBe(
      'Must not contain control characters (found U+0000)',
    );
    expect(checkWithKeywords(name, 'x\u0085', 'zh-CN')[0].message).toBe('不能包含控制字符（发现 U+0085）');
  });
});
