import { describe, expect, it } from 'vitest';
import { safeColor, safeUrl, textInLanguage } from './pageText';

describe('textInLanguage', () => {
  const text = { 'zh-CN': '你好', 'en-US': 'Hello' };

  it('answers the wanted language, else the fallback, else the first non-empty text', () => {
    expect(textInLanguage(text, 'en-US', 'zh-CN')).toBe('Hello');
    expect(textInLanguage(text, 'fr-FR', 'en-US')).toBe('Hello');
    expect(textInLanguage(text, 'fr-FR', 'de-DE')).toBe('你好');
    expect(textInLanguage(text, null, 'en-US')).toBe('Hello');
    expect(textInLanguage(text)).toBe('你好');
    // An empty or non-text entry counts as missing.
    expect(textInLanguage({ 'en-US': '', 'zh-CN': 5, 'ja-JP': 'こんにちは' }, 'en-US', 'zh-CN')).toBe(
      'こんにちは',
    );
    expect(textInLanguage({ 'en-US': '', 'zh-CN': 5 }, 'en-US')).toBe('');
    expect(textInLanguage({}, 'en-US')).toBe('');
  });

  it('passes a plain string through and answers nothing for anything else', () => {
    expect(textInLanguage('Plain', 'en-US')).toBe('Plain');
    expect(textInLanguage('', 'en-US')).toBe('');
    for (const value of [null, undefined, 0, 7, true])
      expect(textInLanguage(value, 'en-US'), String(value)).toBe('');
  });
});

describe('safeColor', () => {
  it('takes #rgb and #rrggbb only', () => {
    for (const color of ['#abc', '#A1B2C3', '#000000']) expect(safeColor(color), color).toBe(color);
    for (const color of ['#abcd', '#abcdef0', 'abc', '#ggg', ' #abc', '#abc ', 'red', 'rgb(0,0,0)', ''])
      expect(safeColor(color), color).toBeUndefined();
    expect(safeColor(0xabc)).toBeUndefined();
  });
});

describe('safeUrl', () => {
  it("takes a public http(s) address or the console's own upload", () => {
    for (const url of ['https://cdn.example.com/a.png', 'http://cdn.example.com/a.png?v=1', '/uploads/a.png'])
      expect(safeUrl(url), url).toBe(url);
  });

  it('refuses what could leave a CSS url() or an attribute, and what the image rule refuses', () => {
    for (const url of [
      'https://cdn.example.com/a(1).png',
      'https://cdn.example.com/a).png',
      'https://cdn.example.com/a"b.png',
      "https://cdn.example.com/a'b.png",
      'https://cdn.example.com/a\\b.png',
      'https://cdn.example.com/a<b>.png',
      'https://cdn.example.com/a b.png',
      'https://cdn.example.com/a.png\n',
      ' https://cdn.example.com/a.png',
      '//cdn.example.com/a.png',
      'https://127.0.0.1/a.png',
      'javascript:alert(1)',
      'ftp://cdn.example.com/a.png',
      '/uploads/../secret',
      'a.png',
      '',
    ])
      expect(safeUrl(url), url).toBeUndefined();
    expect(safeUrl(42)).toBeUndefined();
  });

  it('takes at most 1024 characters', () => {
    const base = 'https://cdn.example.com/';
    const long = `${base}${'a'.repeat(1024 - base.length)}`;
    expect(safeUrl(long)).toBe(long);
    expect(safeUrl(`${long}a`)).toBeUndefined();
  });
});
