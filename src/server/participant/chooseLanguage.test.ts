import { describe, expect, it } from 'vitest';
import { chooseLanguage } from './chooseLanguage';

describe('chooseLanguage', () => {
  const offered = ['zh-CN', 'en-US', 'ja-JP'];
  it('takes ?lang, then Accept-Language by quality, then the default', () => {
    expect(chooseLanguage(offered, 'zh-CN', 'en-US', 'ja')).toBe('en-US');
    expect(chooseLanguage(offered, 'zh-CN', 'en', undefined)).toBe('en-US');
    expect(chooseLanguage(offered, 'zh-CN', 'fr', 'ja-JP,en;q=0.8')).toBe('ja-JP');
    expect(chooseLanguage(offered, 'zh-CN', undefined, 'fr-FR, en;q=0.5, ja;q=0.9')).toBe('ja-JP');
    expect(chooseLanguage(offered, 'zh-CN', undefined, 'fr-FR,de')).toBe('zh-CN');
    expect(chooseLanguage(offered, 'en-US', undefined, '*')).toBe('en-US');
    expect(chooseLanguage(offered, 'zh-CN', undefined, 'en;q=0')).toBe('zh-CN');
  });
});
