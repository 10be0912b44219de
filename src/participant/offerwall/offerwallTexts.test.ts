import { describe, expect, it } from 'vitest';
import { loadOfferwallT, offerwallApiLang, offerwallLang, translator } from './offerwallTexts';

describe('offerwall words', () => {
  it('reads Chinese for Chinese variants and English for everything else', () => {
    expect(offerwallLang('zh-TW')).toBe('zh-CN');
    expect(offerwallLang('ZH')).toBe('zh-CN');
    expect(offerwallLang('ja-JP')).toBe('en-US');
    expect(offerwallLang(undefined)).toBe('en-US');
    expect(offerwallApiLang('zh-CN')).toBe('zh-cn');
    expect(offerwallApiLang('en-US')).toBe('en');
  });

  it('fills placeholders and shows a missing key as itself', () => {
    const t = translator({ a: { b: 'Hi {{name}}, {{name}}!' } });
    expect(t('a.b', { name: 'Amy' })).toBe('Hi Amy, Amy!');
    expect(t('a.c')).toBe('a.c');
  });

  it('loads each language’s words', async () => {
    expect((await loadOfferwallT('en-US'))('withdraw.methods.wechat')).toBe('WeChat Pay');
    expect((await loadOfferwallT('zh-CN'))('history.status.pending')).toBe('审核中');
  });
});
