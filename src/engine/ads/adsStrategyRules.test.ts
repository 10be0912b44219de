import { describe, expect, it } from 'vitest';
import { buildRegistry, normalizeSchemaPath } from '../registry/buildRegistry';
import { createSchemaEngine } from '../createSchemaEngine';
import type { AdsStrategyConfig } from './strategyUrls';

// The ratio rules of entity/ads-strategy through the engine's validation of the real schemas/
// folder (read by the bundler: no node I/O in engine tests), with both languages' messages.
const real = import.meta.glob('../../../schemas/**/*.json', { eager: true, import: 'default' }) as Record<
  string,
  unknown
>;
const files: Record<string, unknown> = {};
for (const [path, value] of Object.entries(real)) files[`schemas/${normalizeSchemaPath(path)}`] = value;
const engine = createSchemaEngine(buildRegistry(files));
const ENTRY = 'entity/ads-strategy';

const general = (): AdsStrategyConfig => ({
  name: 'General',
  type: 'general',
  distribution: 'custom',
  urls: [
    { url: 'https://a.example.com/offer', ratio: 33.33 },
    { url: 'https://b.example.com/offer', ratio: 33.33 },
    { url: 'https://c.example.com/offer', ratio: 33.34 },
  ],
});

const byLanguage = (): AdsStrategyConfig => ({
  name: 'By language',
  type: 'by-language',
  distribution: 'ai',
  defaultLanguage: 'zh-CN',
  languages: [
    {
      language: 'zh-CN',
      enabled: true,
      urls: [
        { url: 'https://cn.example.com/a', ratio: 60 },
        { url: 'https://cn.example.com/b', ratio: 40 },
      ],
    },
    { language: 'en-US', enabled: true, urls: [{ url: 'https://en.example.com/a', ratio: 100 }] },
    { language: 'ja-JP', enabled: false, urls: [] },
  ],
});

/** The issues of a config in one language, as { path, keyword, message }. */
function issues(config: unknown, lang: 'zh-CN' | 'en-US') {
  return engine.validate(ENTRY, config, lang).errors.map((e) => ({
    path: e.path,
    keyword: e.keyword,
    message: e.message,
  }));
}

/** Expects exactly one issue, the same in zh-CN and en-US apart from the message. */
function expectOnly(config: unknown, path: string, keyword: string, zh: string, en: string) {
  expect(issues(config, 'zh-CN')).toEqual([{ path, keyword, message: zh }]);
  expect(issues(config, 'en-US')).toEqual([{ path, keyword, message: en }]);
}

describe('entity/ads-strategy ratio rules', () => {
  it('accepts the templates, ratios with two decimals totalling 100 % and a disabled empty language', () => {
    const entry = engine.get(ENTRY);
    expect(entry).toBeDefined();
    for (const template of Object.values(entry!.templates))
      expect(engine.validate(ENTRY, template, 'en-US').errors).toEqual([]);
    expect(issues(general(), 'en-US')).toEqual([]);
    expect(issues(byLanguage(), 'en-US')).toEqual([]);
  });

  it('refuses ratios not totalling 100 %', () => {
    const config = general();
    config.urls![2].ratio = 33.33;
    expectOnly(
      config,
      '/urls',
      'probabilitySum',
      '展示比例之和必须为 100%，当前为 99.99%',
      'Display ratios must total 100%, currently 99.99%',
    );
    config.urls![2].ratio = 40;
    expect(issues(config, 'en-US')[0].message).toBe('Display ratios must total 100%, currently 106.66%');
  });

  it('refuses a language whose ratios do not total 100 %', () => {
    const config = byLanguage();
    config.languages![0].urls[1].ratio = 30;
    expectOnly(
      config,
      '/languages/0/urls',
      'probabilitySum',
      '展示比例之和必须为 100%，当前为 90%',
      'Display ratios must total 100%, currently 90%',
    );
  });

  it('refuses a default language that is disabled, has no link or is not among the languages', () => {
    const disabled = byLanguage();
    disabled.languages![0].enabled = false;
    expectOnly(
      disabled,
      '/defaultLanguage',
      'pickedItem',
      '默认语言必须启用且至少配置一个链接',
      'The default language must be enabled with at least one link',
    );
    const empty = byLanguage();
    empty.languages![0].urls = [];
    expect(issues(empty, 'en-US')).toEqual([
      {
        path: '/defaultLanguage',
        keyword: 'pickedItem',
        message: 'The default language must be enabled with at least one link',
      },
      { path: '/languages/0/urls', keyword: 'minItems', message: 'At least 1 item' },
    ]);
    const missing = byLanguage();
    missing.defaultLanguage = 'ko-KR';
    expectOnly(missing, '/defaultLanguage', 'pickedItem', 'ko-KR 不在列表中', 'ko-KR is not in the list');
  });

  it('refuses a strategy without links, and an enabled language without links', () => {
    const config = general();
    config.urls = [];
    expectOnly(config, '/urls', 'minItems', '至少 1 项', 'At least 1 item');
    const noUrls = general();
    delete noUrls.urls;
    expectOnly(noUrls, '/urls', 'required', '此项为必填项', 'This field is required');
    const language = byLanguage();
    language.languages![1].urls = [];
    expectOnly(language, '/languages/1/urls', 'minItems', '至少 1 项', 'At least 1 item');
  });

  it('refuses the same link twice in one list', () => {
    const config = general();
    config.urls![1].url = config.urls![0].url;
    expect(issues(config, 'en-US')).toContainEqual({
      path: '/urls/1/url',
      keyword: 'uniqueBy',
      message: 'Duplicate key https://a.example.com/offer',
    });
  });
});
