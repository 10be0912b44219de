import { describe, expect, it } from 'vitest';
import { findLanguageTexts, languageCompleteness } from './findLanguageTexts';

const config = {
  title: 'Wheel',
  languages: ['zh-CN', 'en-US'],
  pageTitle: { 'zh-CN': '转盘', 'en-US': 'Wheel' },
  rules: { text: { 'zh-CN': '规则' }, textColor: '#333' },
  prizes: [
    { id: 'a', name: { 'zh-CN': '奖', 'en-US': ' ' } },
    { id: 'b', stock: 1 },
  ],
  linkData: [{ key: 'utm', value: 'x' }],
};

describe('findLanguageTexts', () => {
  it('finds the per-language texts with their paths', () => {
    expect(findLanguageTexts(config).map((text) => text.path.join('/'))).toEqual([
      'pageTitle',
      'rules/text',
      'prizes/0/name',
    ]);
  });

  it('counts filled texts per language; blanks and gaps are missing', () => {
    expect(languageCompleteness(findLanguageTexts(config), ['zh-CN', 'en-US', 'ja-JP'])).toEqual([
      { language: 'zh-CN', filled: 3, total: 3 },
      { language: 'en-US', filled: 1, total: 3 },
      { language: 'ja-JP', filled: 0, total: 3 },
    ]);
  });
});
