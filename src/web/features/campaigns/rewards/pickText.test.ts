import { describe, expect, it } from 'vitest';
import { pickText } from './pickText';

describe('pickText', () => {
  it('prefers the UI language, then the default language, then any filled one', () => {
    const text = { 'zh-CN': '奖品', 'en-US': 'Prize', 'ja-JP': '' };
    expect(pickText(text, 'en-US', 'zh-CN')).toBe('Prize');
    expect(pickText(text, 'ja-JP', 'zh-CN')).toBe('奖品');
    expect(pickText({ 'ko-KR': '상품' }, 'en-US')).toBe('상품');
  });

  it('passes strings through and gives empty text for nothing', () => {
    expect(pickText('plain', 'en-US')).toBe('plain');
    expect(pickText(undefined, 'en-US')).toBe('');
    expect(pickText({}, 'en-US')).toBe('');
  });
});
