import { describe, expect, it } from 'vitest';
import { gameOf, pageViewOf, prizeViews } from './pageView';
import { textInLanguage } from './pageText';

const inLang = (value: unknown) => textInLanguage(value, 'en-US', 'zh-CN');
const hrefOfLink = (id: string) => (id === 'L1' ? 'https://go.example.com/L1' : null);

const OPTIONS = {
  title: 'Campaign',
  startTime: '2026-12-02T00:00:00Z',
  now: new Date('2026-12-01T12:00:00Z'),
  lang: 'en-US',
  defaultLanguage: 'zh-CN',
  hrefOfLink,
};

const CONFIG = {
  pageTitle: { 'zh-CN': '页面', 'en-US': 'Page' },
  backgroundImage: 'https://cdn.example.com/bg.png',
  rules: { text: { 'zh-CN': '规则', 'en-US': 'Rules' }, textColor: '#fff', backgroundColor: 'red' },
  buttons: { text: { 'zh-CN': '开始' }, color: '#123456', textColor: 'blue' },
  share: {
    region: 'cn',
    channels: ['wechat', 5, 'weibo'],
    title: { 'en-US': 'Join' },
    description: '',
    thumbnail: 'javascript:alert(1)',
  },
  preheat: { enabled: true, image: '/uploads/pre.png', startTime: '2026-12-01T00:00:00Z' },
  hotzones: [
    {
      x: 10,
      y: '20',
      width: 30,
      height: 40,
      label: { 'en-US': 'Go' },
      action: 'url',
      url: 'https://example.com/x',
    },
    { action: 'deeplink', linkId: 'L1' },
    { action: 'block', blockId: 'rules', url: 'https://example.com/ignored' },
    { action: 'bogus', url: 'javascript:alert(1)' },
  ],
  drawCountdown: 5,
  page: {
    blocks: [
      {
        id: 'b1',
        type: 'banner',
        props: {
          image: 'https://cdn.example.com/banner.png',
          title: { 'zh-CN': '标题', 'en-US': 'Title' },
          hotzones: [{ x: 1, y: 2, width: 3, height: 4, label: 'Share', action: 'share' }],
        },
      },
      {
        id: 'b2',
        type: 'buttons',
        props: {
          items: [
            { text: { 'en-US': 'Open' }, action: 'url', url: 'https://example.com/o' },
            { text: 'App', action: 'deeplink', linkId: 'L1', url: 'https://example.com/ignored' },
            { text: 'Gone', action: 'deeplink', linkId: 'L2' },
          ],
        },
      },
      { id: 'x', type: 'no-such-kind', props: {} },
    ],
  },
};

describe('pageViewOf', () => {
  it('answers the page in one language, with safe colours and addresses and the taps resolved', () => {
    expect(pageViewOf(CONFIG, OPTIONS)).toEqual({
      pageTitle: 'Page',
      backgroundImage: 'https://cdn.example.com/bg.png',
      rules: { text: 'Rules', textColor: '#fff', backgroundColor: null },
      buttons: { text: '开始', color: '#123456', textColor: null },
      share: {
        region: 'cn',
        channels: ['wechat', 'weibo'],
        title: 'Join',
        description: null,
        thumbnail: null,
      },
      preheat: { image: '/uploads/pre.png', startTime: '2026-12-01T00:00:00Z', active: true },
      hotzones: [
        {
          x: 10,
          y: 20,
          width: 30,
          height: 40,
          label: 'Go',
          action: 'url',
          href: 'https://example.com/x',
          blockId: null,
        },
        {
          x: 0,
          y: 0,
          width: 0,
          height: 0,
          label: null,
          action: 'deeplink',
          href: 'https://go.example.com/L1',
          blockId: null,
        },
        { x: 0, y: 0, width: 0, height: 0, label: null, action: 'block', href: null, blockId: 'rules' },
        // An unknown action is a plain link; an address that is no safe jump opens nothing.
        { x: 0, y: 0, width: 0, height: 0, label: null, action: 'url', href: null, blockId: null },
      ],
      blocks: [
        {
          id: 'b1',
          type: 'banner',
          props: {
            image: 'https://cdn.example.com/banner.png',
            title: 'Title',
            hotzones: [
              { x: 1, y: 2, width: 3, height: 4, label: 'Share', action: 'share', href: null, blockId: null },
            ],
          },
        },
        {
          id: 'b2',
          type: 'buttons',
          props: {
            items: [
              { text: 'Open', action: 'url', href: 'https://example.com/o', blockId: null },
              { text: 'App', action: 'deeplink', href: 'https://go.example.com/L1', blockId: null },
              { text: 'Gone', action: 'deeplink', href: null, blockId: null },
            ],
          },
        },
      ],
      drawCountdown: 5,
    });
  });

  it('answers the defaults of a config without page fields: the campaign title and the default page', () => {
    expect(pageViewOf({}, { ...OPTIONS, hrefOfLink: undefined })).toEqual({
      pageTitle: 'Campaign',
      backgroundImage: null,
      rules: null,
      buttons: { text: null, color: null, textColor: null },
      share: null,
      preheat: null,
      hotzones: [],
      blocks: [
        { id: 'background', type: 'background', props: {} },
        { id: 'game', type: 'game', props: { showTitle: true, showTime: true } },
        { id: 'rules', type: 'rules', props: {} },
        { id: 'my-prizes', type: 'my-prizes', props: {} },
      ],
      drawCountdown: -1,
    });
    // Without its own href source a deep link opens nothing.
    expect(
      pageViewOf({ hotzones: [{ action: 'deeplink', linkId: 'L1' }] }, { ...OPTIONS, hrefOfLink: undefined })
        .hotzones,
    ).toEqual([
      { x: 0, y: 0, width: 0, height: 0, label: null, action: 'deeplink', href: null, blockId: null },
    ]);
    // A share with no settings of its own still shows its bar.
    expect(pageViewOf({ share: true }, OPTIONS).share).toEqual({
      region: null,
      channels: [],
      title: null,
      description: null,
      thumbnail: null,
    });
  });

  it('reads each tap by its action alone: only a deep link opens its link, only a jump names a block', () => {
    const taps = pageViewOf(
      {
        hotzones: [
          { action: 'play' },
          { action: 'rules' },
          { action: 'url', url: 'https://example.com/x', linkId: 'L1', blockId: 'rules' },
          { action: 'share', linkId: 'L1', blockId: 'rules' },
          { action: 'block', blockId: 5 },
        ],
      },
      OPTIONS,
    ).hotzones.map(({ action, href, blockId }) => ({ action, href, blockId }));
    expect(taps).toEqual([
      { action: 'play', href: null, blockId: null },
      { action: 'rules', href: null, blockId: null },
      { action: 'url', href: 'https://example.com/x', blockId: null },
      { action: 'share', href: null, blockId: null },
      { action: 'block', href: null, blockId: null },
    ]);
  });

  it('shows the preheat from its start (inclusive) until the activity starts (exclusive)', () => {
    const at = (now: string, preheat: Record<string, unknown> = CONFIG.preheat) =>
      pageViewOf({ preheat }, { ...OPTIONS, now: new Date(now) }).preheat;
    expect(at('2026-11-30T23:59:59.999Z')?.active).toBe(false);
    expect(at('2026-12-01T00:00:00Z')?.active).toBe(true);
    expect(at('2026-12-01T23:59:59.999Z')?.active).toBe(true);
    expect(at('2026-12-02T00:00:00Z')?.active).toBe(false);
    expect(at('2026-12-01T12:00:00Z', { ...CONFIG.preheat, enabled: 'yes' })).toBeNull();
    expect(at('2026-12-01T12:00:00Z', { enabled: true, startTime: 5 })).toBeNull();
    expect(at('2026-12-01T12:00:00Z', { enabled: true, startTime: '2026-12-01T00:00:00Z' })).toEqual({
      image: null,
      startTime: '2026-12-01T00:00:00Z',
      active: true,
    });
  });
});

describe('gameOf', () => {
  it("keeps the renderer's own fields, colours and images made safe", () => {
    expect(
      gameOf({
        wheel: {
          sectorColors: ['#f00', 'red', '#00ff00'],
          pointerColor: 'x',
          pointerImage: '/uploads/p.png',
        },
        boxCount: 6,
        shuffle: false,
        cardCount: 9,
        cardBack: { color: '#000', image: 'http://127.0.0.1/a.png' },
        boxImage: 'https://cdn.example.com/box.png',
        prizes: [],
      }),
    ).toEqual({
      wheel: { sectorColors: ['#f00', '#00ff00'], pointerColor: null, pointerImage: '/uploads/p.png' },
      boxCount: 6,
      shuffle: false,
      cardCount: 9,
      cardBack: { color: '#000', image: null },
      boxImage: 'https://cdn.example.com/box.png',
    });
    expect(gameOf({ wheel: 'x', cardBack: null, boxImage: 'ftp://x' })).toEqual({
      wheel: { sectorColors: [], pointerColor: null, pointerImage: null },
      cardBack: { color: null, image: null },
      boxImage: null,
    });
    expect(gameOf({ wheel: { sectorColors: '#f00' } })).toEqual({
      wheel: { sectorColors: [], pointerColor: null, pointerImage: null },
    });
    expect(gameOf({})).toEqual({});
  });
});

describe('prizeViews', () => {
  it('lists the prizes in one language', () => {
    expect(
      prizeViews(
        [
          {
            id: 'p1',
            name: { 'zh-CN': '杯子', 'en-US': 'Cup' },
            image: 'https://cdn.example.com/cup.png',
            isThank: 'yes',
            description: { 'en-US': 'A cup' },
          },
          { id: 2, name: 'Thanks', image: 'javascript:x', isThank: true, description: '' },
        ],
        inLang,
      ),
    ).toEqual([
      {
        id: 'p1',
        name: 'Cup',
        image: 'https://cdn.example.com/cup.png',
        isThank: false,
        description: 'A cup',
      },
      { id: '2', name: 'Thanks', image: null, isThank: true, description: null },
    ]);
  });
});
