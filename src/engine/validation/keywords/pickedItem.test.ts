import { describe, expect, it } from 'vitest';
import { checkWithKeywords } from './checkWithKeywords';

const schema = {
  type: 'object',
  pickedItem: {
    field: 'defaultLanguage',
    in: 'languages',
    by: 'language',
    where: { properties: { enabled: { const: true }, urls: { minItems: 1 } }, required: ['enabled', 'urls'] },
    message: 'defaultLanguageEnabled',
  },
};

describe('pickedItem', () => {
  it('passes when the default language is enabled with a url', () => {
    const data = { defaultLanguage: 'en-US', languages: [{ language: 'en-US', enabled: true, urls: ['x'] }] };
    expect(checkWithKeywords(schema, data)).toEqual([]);
  });
  it('fails a disabled default language, in both languages', () => {
    const data = {
      defaultLanguage: 'en-US',
      languages: [{ language: 'en-US', enabled: false, urls: ['x'] }],
    };
    expect(checkWithKeywords(schema, data, 'zh-CN')).toEqual([
      { path: '/defaultLanguage', keyword: 'pickedItem', message: '默认语言必须启用且至少配置一个链接' },
    ]);
    expect(checkWithKeywords(schema, data, 'en-US')[0].message).toBe(
      'The default language must be enabled with at least one link',
    );
  });
  it('fails a default language that is not configured', () => {
    const issues = checkWithKeywords(schema, { defaultLanguage: 'ja-JP', languages: [] }, 'en-US');
    expect(issues[0].message).toBe('ja-JP is not in the list');
  });
  it('compares plain list items when `by` is left out', () => {
    const plain = {
      type: 'object',
      pickedItem: { field: 'd', in: 'l', missingMessage: 'defaultLanguageInList' },
    };
    expect(checkWithKeywords(plain, { d: 'en-US', l: ['zh-CN', 'en-US'] })).toEqual([]);
    expect(checkWithKeywords(plain, { d: 'ja-JP', l: ['zh-CN'] }, 'zh-CN')).toEqual([
      { path: '/d', keyword: 'pickedItem', message: '默认语言必须是已选语言之一' },
    ]);
    expect(checkWithKeywords(plain, { d: 'ja-JP', l: ['zh-CN'] }, 'en-US')[0].message).toBe(
      'The default language must be one of the chosen languages',
    );
  });
});
