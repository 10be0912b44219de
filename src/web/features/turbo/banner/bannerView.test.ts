import { describe, expect, it } from 'vitest';
import { bannerLanguages, bannerView, DEFAULT_BANNER_COLORS } from './bannerView';

const config = {
  languages: ['zh-CN', 'en-US'],
  title: { 'zh-CN': '打开 App', 'en-US': 'Open the app' },
  description: { 'zh-CN': '更快更好' },
  buttonText: { 'zh-CN': '打开', 'en-US': 'Open' },
  rating: 4.5,
  position: 'top',
  colors: { background: '#000', text: '#ffffff', button: '#7367f0', buttonText: '#fff' },
  radius: 12,
};

describe('bannerView', () => {
  it('draws the banner in the chosen language', () => {
    expect(bannerView(config, 'en-US')).toEqual({
      position: 'top',
      title: 'Open the app',
      description: '更快更好',
      button: 'Open',
      rating: 4.5,
      colors: config.colors,
      radius: 12,
    });
  });

  it('falls back to the default language for a missing text', () => {
    expect(bannerView(config, 'ja-JP').title).toBe('打开 App');
    expect(bannerView({ ...config, languages: ['en-US'] }, 'ja-JP').title).toBe('Open the app');
    expect(bannerView({ ...config, title: {} }, 'zh-CN').title).toBe('');
  });

  it('fills what a half-made banner lacks', () => {
    expect(
      bannerView({ colors: { background: '#12', text: 'red' }, rating: 7, radius: 80 }, 'zh-CN'),
    ).toEqual({
      position: 'bottom',
      title: '',
      description: '',
      button: '',
      rating: null,
      colors: DEFAULT_BANNER_COLORS,
      radius: 50,
    });
  });
});

describe('bannerLanguages', () => {
  it('keeps the named languages in order', () => {
    expect(bannerLanguages(config)).toEqual(['zh-CN', 'en-US']);
    expect(bannerLanguages({ languages: 'zh-CN' })).toEqual([]);
  });
});
