import { describe, expect, it } from 'vitest';
import { hasUnsafeValue, refusedCharacter, unsafeValueIssues } from './unsafeValueIssues';

describe('unsafeValueIssues', () => {
  it('passes ordinary text, multi-line text and finite numbers', () => {
    const value = { name: '春节活动', rules: 'line 1\r\n\tline 2', odds: [0.5, 1e308], nested: { ok: true } };
    expect(unsafeValueIssues(value, 'en-US')).toEqual([]);
  });

  it('names every field holding NUL or another control character, in both languages', () => {
    const value = {
      name: 'a\u0000b',
      list: ['fine', 'bell\u0007'],
      deep: { text: 'del\u007f', c1: '\u0085' },
    };
    expect(unsafeValueIssues(value, 'en-US')).toEqual([
      {
        path: '/name',
        keyword: 'controlCharacter',
        message: 'Must not contain control characters (found U+0000)',
      },
      {
        path: '/list/1',
        keyword: 'controlCharacter',
        message: 'Must not contain control characters (found U+0007)',
      },
      {
        path: '/deep/text',
        keyword: 'controlCharacter',
        message: 'Must not contain control characters (found U+007F)',
      },
      {
        path: '/deep/c1',
        keyword: 'controlCharacter',
        message: 'Must not contain control characters (found U+0085)',
      },
    ]);
    expect(unsafeValueIssues({ name: '\u0000' }, 'zh-CN')[0].message).toBe('不能包含控制字符（发现 U+0000）');
  });

  it('refuses control characters in object keys and numbers JSON cannot carry', () => {
    const value = JSON.parse('{"data": {"a\\u0000b": 1, "big": 1e309, "small": -1e400}}') as unknown;
    expect(unsafeValueIssues(value, 'en-US').map((i) => [i.path, i.keyword])).toEqual([
      ['/data/a\u0000b', 'controlCharacter'],
      ['/data/big', 'numberTooLarge'],
      ['/data/small', 'numberTooLarge'],
    ]);
    expect(unsafeValueIssues({ n: Infinity }, 'zh-CN')[0].message).toBe('数字过大');
  });

  it('prefixes paths and applies the single-line and header rules', () => {
    expect(unsafeValueIssues({ q: 'a\nb' }, 'en-US', { prefix: '/querystring', rule: 'singleLine' })).toEqual(
      [
        {
          path: '/querystring/q',
          keyword: 'controlCharacter',
          message: 'Must not contain control characters (found U+000A)',
        },
      ],
    );
    expect(refusedCharacter('Mozilla\t\u00e4\u0085', 'header')).toBeUndefined();
    expect(refusedCharacter('p1\u0000', 'header')).toBe('U+0000');
  });

  it('stops at the limit', () => {
    expect(unsafeValueIssues(Array(100).fill('\u0000'), 'en-US')).toHaveLength(20);
  });

  it('hasUnsafeValue answers exactly when unsafeValueIssues finds something', () => {
    const cases: [unknown, 'text' | 'singleLine'][] = [
      [{ a: ['ok', { b: 'line\nbreak' }] }, 'text'],
      [{ a: ['ok', { b: 'line\nbreak' }] }, 'singleLine'],
      [{ a: [1, 2, { c: '\u0085' }] }, 'text'],
      [{ 'k\u0000': 1 }, 'text'],
      [{ 'k\tey': 1 }, 'text'],
      [[[[Infinity]]], 'text'],
      [{ n: -1e308, s: '中文', t: '\ttab' }, 'text'],
      ['\u007f', 'text'],
      [null, 'text'],
    ];
    for (const [value, rule] of cases) {
      expect(hasUnsafeValue(value, rule), JSON.stringify(value)).toBe(
        unsafeValueIssues(value, 'en-US', { rule }).length > 0,
      );
    }
    const cyclic: Record<string, unknown> = { a: 'ok' };
    cyclic.self = cyclic;
    expect(hasUnsafeValue(cyclic)).toBe(false);
  });
});
