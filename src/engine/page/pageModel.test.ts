import { describe, expect, it } from 'vitest';
import { defaultPage, isTextPerLanguage, localizeProps, newBlockId, pageBlocks } from './pageModel';

describe('page model', () => {
  it('lays out a campaign without a page as the participant page always drew it', () => {
    expect(defaultPage({ share: { region: 'domestic', channels: ['wechat'] } }).map((b) => b.type)).toEqual([
      'background',
      'game',
      'share',
      'rules',
      'my-prizes',
    ]);
    // No share settings, no share bar.
    expect(pageBlocks({ rules: { text: { 'zh-CN': '规则' } } }).map((b) => b.id)).toEqual([
      'background',
      'game',
      'rules',
      'my-prizes',
    ]);
  });

  it('uses the page the operator laid out, skipping entries that are not blocks', () => {
    const config = {
      page: {
        blocks: [
          { id: 'top', type: 'banner', props: { image: 'https://cdn.example.com/a.png' } },
          'junk',
          { id: 'gap', type: 'spacer' },
          { type: 'image', props: {} },
        ],
      },
    };
    expect(pageBlocks(config)).toEqual([
      { id: 'top', type: 'banner', props: { image: 'https://cdn.example.com/a.png' } },
      { id: 'gap', type: 'spacer', props: {} },
    ]);
  });

  it('localizes every text per language of any block, and nothing else', () => {
    const props = {
      title: { 'zh-CN': '奖品', 'en-US': 'Prizes' },
      items: [{ text: { 'en-US': 'Go' }, action: 'share', url: 'https://x.example' }],
      alt: 'kept',
      zones: [{ x: 1, label: { 'zh-CN': '领取' } }],
    };
    const pick = (text: Record<string, string>) => text['en-US'] ?? text['zh-CN'] ?? '';
    expect(localizeProps(props, pick)).toEqual({
      title: 'Prizes',
      items: [{ text: 'Go', action: 'share', url: 'https://x.example' }],
      alt: 'kept',
      zones: [{ x: 1, label: '领取' }],
    });
    expect(isTextPerLanguage({ url: 'https://x.example' })).toBe(false);
    expect(isTextPerLanguage({})).toBe(false);
  });

  it('gives new blocks ids unused in the page', () => {
    expect(newBlockId('banner', [])).toBe('banner');
    expect(newBlockId('banner', [{ id: 'banner' }, { id: 'banner-2' }])).toBe('banner-3');
  });

  it('reads only well-formed pages, texts and types', () => {
    expect(pageBlocks({ page: null })).toEqual(defaultPage({}));
    expect(
      pageBlocks({
        page: {
          blocks: [
            { id: 'a', type: 5, props: {} },
            { id: 'b', type: 'spacer' },
          ],
        },
      }),
    ).toEqual([{ id: 'b', type: 'spacer', props: {} }]);
    expect(defaultPage({ share: {} }).map((block) => block.id)).toEqual([
      'background',
      'game',
      'share',
      'rules',
      'my-prizes',
    ]);
    // Every key a language code, every value a text.
    expect(isTextPerLanguage({ 'en-US': 'Hi', color: 'red' })).toBe(false);
    expect(isTextPerLanguage({ 'en-US': 5 })).toBe(false);
    expect(isTextPerLanguage({ 'x-en-US': 'Hi' })).toBe(false);
    expect(isTextPerLanguage({ 'en-USx': 'Hi' })).toBe(false);
    expect(isTextPerLanguage(['Hi'])).toBe(false);
    expect(newBlockId('my block!', [])).toBe('myblock');
    expect(newBlockId('x'.repeat(30), [])).toBe('x'.repeat(24));
    expect(newBlockId('!!!', [])).toBe('block');
    expect(newBlockId('!!!', [{ id: 'block' }])).toBe('block-2');
  });
});
