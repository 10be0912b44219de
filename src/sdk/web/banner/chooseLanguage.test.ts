import { describe, expect, it } from 'vitest';
import { chooseLanguage } from './chooseLanguage';

describe('chooseLanguage', () => {
  const offered = ['zh-CN', 'en-US', 'ja-JP'];

  it('takes an exact match (case-insensitive) and answers the banner spelling', () => {
    expect(chooseLanguage(['en-US'], offered)).toBe('en-US');
    expect(chooseLanguage(['EN-us'], offered)).toBe('en-US');
    expect(chooseLanguage(['ja-JP', 'en-US'], offered)).toBe('ja-JP');
  });

  it('then the same primary subtag', () => {
    expect(chooseLanguage(['en-GB'], offered)).toBe('en-US');
    expect(chooseLanguage(['en'], offered)).toBe('en-US');
    expect(chooseLanguage(['ja'], offered)).toBe('ja-JP');
  });

  it("follows the visitor's order: a primary-subtag match of the first beats an exact match of a later one", () => {
    expect(chooseLanguage(['en-GB', 'en', 'zh-CN'], offered)).toBe('en-US');
    expect(chooseLanguage(['fr-FR', 'ja-JP'], offered)).toBe('ja-JP');
  });

  it('reads Hong Kong, Macao and Hant as Traditional Chinese, Singapore and Hans as Simplified', () => {
    const chinese = ['zh-CN', 'zh-TW'];
    expect(chooseLanguage(['zh-HK'], chinese)).toBe('zh-TW');
    expect(chooseLanguage(['zh-MO'], chinese)).toBe('zh-TW');
    expect(chooseLanguage(['zh-Hant-TW'], chinese)).toBe('zh-TW');
    expect(chooseLanguage(['zh-SG'], ['zh-TW', 'zh-CN'])).toBe('zh-CN');
    expect(chooseLanguage(['zh-Hans'], ['zh-TW', 'zh-CN'])).toBe('zh-CN');
    // Without zh-TW, Traditional readers still get Chinese.
    expect(chooseLanguage(['zh-HK'], ['en-US', 'zh-CN'])).toBe('zh-CN');
  });

  it("else the banner's first language", () => {
    expect(chooseLanguage(['fr-FR', 'de'], offered)).toBe('zh-CN');
    expect(chooseLanguage([], offered)).toBe('zh-CN');
  });
});
