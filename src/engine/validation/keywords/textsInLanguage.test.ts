import { describe, expect, it } from 'vitest';
import { checkWithKeywords } from './checkWithKeywords';

const schema = { type: 'object', textsInLanguage: { languageField: 'lang', texts: ['title', 'rules.text'] } };

describe('textsInLanguage', () => {
  it('passes when every filled text has the default language', () => {
    expect(
      checkWithKeywords(schema, {
        lang: 'en-US',
        title: { 'en-US': 'Hi', 'zh-CN': '你好' },
        rules: { text: { 'en-US': 'Rules' } },
      }),
    ).toEqual([]);
    expect(checkWithKeywords(schema, { lang: 'en-US' })).toEqual([]);
  });
  it('flags a text missing the default language, in both languages', () => {
    const data = { lang: 'en-US', title: { 'zh-CN': '你好' }, rules: { text: { 'en-US': ' ' } } };
    expect(checkWithKeywords(schema, data, 'zh-CN')).toEqual([
      { path: '/title', keyword: 'textsInLanguage', message: '请填写默认语言（en-US）的文案' },
      { path: '/rules/text', keyword: 'textsInLanguage', message: '请填写默认语言（en-US）的文案' },
    ]);
    expect(checkWithKeywords(schema, data, 'en-US')[0].message).toBe(
      'Fill in the text in the default language (en-US)',
    );
  });
});
