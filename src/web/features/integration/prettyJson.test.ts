import { describe, expect, it } from 'vitest';
import { oneLine, prettyJson } from './prettyJson';

describe('prettyJson', () => {
  it('indents JSON text and objects', () => {
    expect(prettyJson('{"a":1}')).toBe('{\n  "a": 1\n}');
    expect(prettyJson({ a: [1] })).toBe('{\n  "a": [\n    1\n  ]\n}');
  });

  it('leaves other text alone and shows nothing for nothing', () => {
    expect(prettyJson('{"a":1,"b":"trunc')).toBe('{"a":1,"b":"trunc');
    expect(prettyJson(null)).toBe('');
    expect(prettyJson(undefined)).toBe('');
  });
});

describe('oneLine', () => {
  it('compacts values into one line', () => {
    expect(oneLine('a\n  b')).toBe('a b');
    expect(oneLine({ a: 1 })).toBe('{"a":1}');
    expect(oneLine(null)).toBe('-');
    expect(oneLine('')).toBe('-');
  });
});
