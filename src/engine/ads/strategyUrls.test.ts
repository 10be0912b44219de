import { describe, expect, it } from 'vitest';
import {
  pageMatches,
  strategyLanguageFor,
  strategyUrlGroups,
  strategyUrlsFor,
  type AdsStrategyConfig,
} from './strategyUrls';

const general: AdsStrategyConfig = {
  name: 'General',
  type: 'general',
  distribution: 'custom',
  urls: [
    { url: 'https://a.example.com', ratio: 66.67 },
    { url: 'https://b.example.com', ratio: 33.33 },
  ],
};

const byLanguage: AdsStrategyConfig = {
  name: 'By language',
  type: 'by-language',
  distribution: 'custom',
  defaultLanguage: 'en-US',
  languages: [
    { language: 'zh-CN', enabled: true, urls: [{ url: 'https://cn.example.com', ratio: 100 }] },
    { language: 'en-US', enabled: true, urls: [{ url: 'https://en.example.com', ratio: 100 }] },
    { language: 'ja-JP', enabled: false, urls: [{ url: 'https://ja.example.com', ratio: 100 }] },
    { language: 'zh-TW', enabled: true, urls: [{ url: 'https://tw.example.com', ratio: 100 }] },
    { language: 'pt-BR', enabled: true, urls: [{ url: 'https://br.example.com', ratio: 100 }] },
  ],
};

describe('strategyUrlsFor', () => {
  it('gives a general strategy its links with the ratios as weights, whatever the language', () => {
    const expected = [
      { key: 'https://a.example.com', weight: 66.67 },
      { key: 'https://b.example.com', weight: 33.33 },
    ];
    expect(strategyUrlsFor(general, null)).toEqual(expected);
    expect(strategyUrlsFor(general, 'ja-JP')).toEqual(expected);
    expect(strategyLanguageFor(general, 'ja-JP')).toBe('');
  });

  it('picks the enabled language exactly (any case, _ or -), then by primary subtag, else the default', () => {
    const cases: [string | null, string | null][] = [
      ['zh-CN', 'zh-CN'],
      ['zh-cn', 'zh-CN'],
      ['zh_CN', 'zh-CN'],
      ['pt-PT', 'pt-BR'],
      ['pt', 'pt-BR'],
      ['en-GB', 'en-US'],
      ['zh', 'zh-CN'],
      ['zh-SG', 'zh-CN'],
      ['zh-Hans-CN', 'zh-CN'],
      ['zh-HK', 'zh-TW'],
      ['zh-Hant', 'zh-TW'],
      // Disabled, unknown, empty or missing: the default language.
      ['ja-JP', 'en-US'],
      ['ko-KR', 'en-US'],
      ['', 'en-US'],
      [null, 'en-US'],
    ];
    for (const [language, expected] of cases)
      expect([language, strategyLanguageFor(byLanguage, language)]).toEqual([language, expected]);
    expect(strategyUrlsFor(byLanguage, 'zh-HK')).toEqual([{ key: 'https://tw.example.com', weight: 100 }]);
    expect(strategyUrlsFor(byLanguage, 'ja-JP')).toEqual([{ key: 'https://en.example.com', weight: 100 }]);
  });

  it('reads an Accept-Language value by preference, each tag exactly then by primary subtag', () => {
    expect(strategyLanguageFor(byLanguage, 'ja-JP,en-GB;q=0.9,zh-CN;q=0.8')).toBe('en-US');
    expect(strategyLanguageFor(byLanguage, 'en-GB;q=0.5, pt-BR;q=0.7')).toBe('pt-BR');
    expect(strategyLanguageFor(byLanguage, 'ko-KR,*;q=0.1')).toBe('en-US');
    expect(strategyLanguageFor(byLanguage, 'zh-CN;q=0, pt')).toBe('pt-BR');
  });

  it('offers nothing when the default language is missing or disabled and nothing else matches', () => {
    const noDefault: AdsStrategyConfig = {
      ...byLanguage,
      languages: byLanguage.languages!.map((l) => (l.language === 'en-US' ? { ...l, enabled: false } : l)),
    };
    expect(strategyLanguageFor(noDefault, 'ko-KR')).toBeNull();
    expect(strategyUrlsFor(noDefault, 'ko-KR')).toEqual([]);
    expect(strategyUrlsFor(noDefault, 'en-US')).toEqual([]);
    expect(strategyUrlsFor({ ...general, urls: undefined }, null)).toEqual([]);
  });

  it('lists the groups: the general links, or each enabled language', () => {
    expect(strategyUrlGroups(general)).toEqual([{ language: '', urls: strategyUrlsFor(general, null) }]);
    expect(strategyUrlGroups(byLanguage).map((g) => [g.language, g.urls.map((u) => u.key)])).toEqual([
      ['zh-CN', ['https://cn.example.com']],
      ['en-US', ['https://en.example.com']],
      ['zh-TW', ['https://tw.example.com']],
      ['pt-BR', ['https://br.example.com']],
    ]);
  });
});

describe('pageMatches', () => {
  it('matches every page for an empty or absent pattern', () => {
    expect(pageMatches(undefined, 'https://x.example.com/a')).toBe(true);
    expect(pageMatches('', '')).toBe(true);
    expect(pageMatches('  ', 'not a url')).toBe(true);
  });

  it('matches host + path with * as any run of characters; host case-insensitive, path not', () => {
    const cases: [string, string, boolean][] = [
      ['example.com/blog/*', 'https://example.com/blog/post-1', true],
      ['example.com/blog/*', 'https://EXAMPLE.com/blog/', true],
      ['Example.COM/blog/*', 'http://example.com/blog/a/b?x=1#top', true],
      ['example.com/blog/*', 'https://example.com/Blog/post', false],
      ['example.com/blog/*', 'https://example.com/blogs', false],
      ['example.com/blog/*', 'https://www.example.com/blog/a', false],
      ['*.example.com/blog/*', 'https://www.example.com/blog/a', true],
      ['*.example.com/blog/*', 'https://example.com/blog/a', false],
      ['*example.com/*', 'https://example.com', true],
      ['example.com/', 'https://example.com', true],
      ['example.com/', 'https://example.com/a', false],
      ['example.com/*/post-*', 'https://example.com/2026/04/post-7', true],
      ['*/checkout', 'https://shop.example.org/checkout', true],
      ['*/checkout', 'https://shop.example.org/checkout/done', false],
      ['*', 'https://anything.example/any/where', true],
    ];
    for (const [pattern, page, expected] of cases)
      expect([pattern, page, pageMatches(pattern, page)]).toEqual([pattern, page, expected]);
  });

  it('reads a pattern without a path as every page of its hosts, and ports only when named', () => {
    expect(pageMatches('*.example.com', 'https://m.example.com/any/page?q=1')).toBe(true);
    expect(pageMatches('example.com', 'https://example.com:8443/a')).toBe(true);
    expect(pageMatches('example.com:8443', 'https://example.com:8443/a')).toBe(true);
    expect(pageMatches('example.com:8443', 'https://example.com/a')).toBe(false);
    expect(pageMatches('example.com', 'https://user:pw@example.com/a')).toBe(true);
    expect(pageMatches('example.com', 'https://example.com.evil.test/a')).toBe(false);
  });

  it('matches the query only when the pattern has one', () => {
    expect(pageMatches('example.com/p', 'https://example.com/p?utm=1')).toBe(true);
    expect(pageMatches('example.com/p?id=*', 'https://example.com/p?id=42#x')).toBe(true);
    expect(pageMatches('example.com/p?id=*', 'https://example.com/p')).toBe(false);
  });

  it('matches the full URL when the pattern has a scheme', () => {
    expect(pageMatches('https://example.com/*', 'https://example.com/a?b=1')).toBe(true);
    expect(pageMatches('https://example.com/*', 'http://example.com/a')).toBe(false);
    expect(pageMatches('HTTPS://Example.com', 'https://example.com/deep/page')).toBe(true);
    expect(pageMatches('https://example.com/a?*ref=x*', 'https://example.com/a?q=1&ref=x')).toBe(true);
    expect(pageMatches('*://example.com/a', 'http://example.com/a')).toBe(true);
  });

  it('reads pages without a scheme and never matches a page without a host', () => {
    expect(pageMatches('example.com/a/*', 'example.com/a/b')).toBe(true);
    expect(pageMatches('example.com/a/*', '//example.com/a/b')).toBe(true);
    expect(pageMatches('example.com', '')).toBe(false);
    expect(pageMatches('*', '/relative/path')).toBe(false);
  });

  it('stays fast on patterns with many stars (no exponential backtracking)', () => {
    const started = Date.now();
    expect(pageMatches(`example.com/${'*a'.repeat(30)}b`, `https://example.com/${'a'.repeat(300)}`)).toBe(
      false,
    );
    expect(Date.now() - started).toBeLessThan(200);
  });
});
