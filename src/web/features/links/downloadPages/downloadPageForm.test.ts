import { describe, expect, it } from 'vitest';
import type { DownloadPageConfig } from '../linkTypes';
import { IMAGE_PATTERN, REDIRECT_PATTERN, toConfig, toForm, type FormValues } from './downloadPageForm';

describe('toForm', () => {
  it('starts a new page with every platform ticked and no rows', () => {
    expect(toForm()).toEqual({ platforms: ['ios', 'android', 'pc'], buttons: {} });
  });

  it('turns a saved page’s buttons into the platforms ticked, in its order, and a row each', () => {
    const config: DownloadPageConfig = {
      name: 'Spring',
      title: 'Get the app',
      buttons: [
        { platform: 'android', label: 'Android', url: 'https://a.example/apk' },
        { platform: 'ios', url: 'https://apps.example/id1' },
      ],
    };
    expect(toForm(config)).toEqual({
      name: 'Spring',
      title: 'Get the app',
      platforms: ['android', 'ios'],
      buttons: {
        android: { label: 'Android', url: 'https://a.example/apk' },
        ios: { url: 'https://apps.example/id1' },
      },
    });
  });
});

describe('toConfig', () => {
  it('trims texts, leaves blank optional ones out, and keeps one button per platform ticked in page order', () => {
    const values: FormValues = {
      name: '  Spring ',
      title: ' Get the app ',
      description: '   ',
      logoUrl: ' /uploads/logo.png ',
      backgroundUrl: '',
      themeColor: '#ff0000',
      templateId: '',
      platforms: ['pc', 'ios'],
      buttons: {
        ios: { label: ' App Store ', url: ' https://apps.example/id1 ' },
        android: { label: 'not ticked', url: 'https://a.example' },
        pc: { label: '', url: undefined },
      },
    };
    expect(toConfig(values)).toEqual({
      name: 'Spring',
      title: 'Get the app',
      description: undefined,
      logoUrl: '/uploads/logo.png',
      backgroundUrl: undefined,
      themeColor: '#ff0000',
      templateId: undefined,
      buttons: [
        { platform: 'ios', label: 'App Store', url: 'https://apps.example/id1' },
        { platform: 'pc', label: undefined, url: undefined },
      ],
    });
  });

  it('round-trips a saved page through the form', () => {
    const config: DownloadPageConfig = {
      name: 'Spring',
      title: 'Get the app',
      description: 'Play now',
      templateId: 't1',
      buttons: [{ platform: 'ios', label: 'iPhone', url: 'https://apps.example/id1' }],
    };
    expect(toConfig(toForm(config) as FormValues)).toEqual({
      ...config,
      logoUrl: undefined,
      backgroundUrl: undefined,
      themeColor: undefined,
    });
  });
});

describe('address patterns', () => {
  it('takes https:// or www. redirects, and http(s) or the console’s uploads as images', () => {
    expect(['https://a.example', 'www.a.example'].every((v) => REDIRECT_PATTERN.test(v))).toBe(true);
    expect(['http://a.example', '//a.example', 'https://a b'].some((v) => REDIRECT_PATTERN.test(v))).toBe(
      false,
    );
    expect(['http://a.example/x.png', '/uploads/x.png'].every((v) => IMAGE_PATTERN.test(v))).toBe(true);
    expect(['//other.host/x.png', 'javascript:alert(1)'].some((v) => IMAGE_PATTERN.test(v))).toBe(false);
  });
});
