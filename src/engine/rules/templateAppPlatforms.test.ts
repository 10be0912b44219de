import { describe, expect, it } from 'vitest';
import { templateAppPlatforms } from './templateAppPlatforms';

describe('templateAppPlatforms', () => {
  it('names the platforms the template has an app on', () => {
    expect(
      templateAppPlatforms({
        ios: { appStoreUrl: 'https://apps.apple.com/app/id1' },
        android: { packageNames: 'com.example.app' },
      }),
    ).toEqual(['ios', 'android']);
    expect(templateAppPlatforms({ android: { stores: ['google-play'] } })).toEqual(['android']);
    expect(templateAppPlatforms({ ios: { bundleId: 'com.example' } })).toEqual(['ios']);
    expect(templateAppPlatforms({ ios: { bundleId: 'com.example', teamId: 'ABCDE12345' } })).toEqual(['ios']);
    expect(templateAppPlatforms({ android: { stores: ['google-play'] }, ios: { teamId: 'T' } })).toEqual([
      'ios',
      'android',
    ]);
  });

  it('names none for a template without apps', () => {
    expect(templateAppPlatforms({ name: 'web', ios: { appStoreUrl: ' ', uriScheme: 'demo://' } })).toEqual(
      [],
    );
    expect(
      templateAppPlatforms({ android: { stores: ['nowhere'], packageNames: ' ; ', uriSchemes: 'demo://' } }),
    ).toEqual([]);
    expect(templateAppPlatforms({ ios: { uriScheme: 'app://' }, android: { stores: [] } })).toEqual([]);
    expect(templateAppPlatforms(null)).toEqual([]);
    expect(templateAppPlatforms([])).toEqual([]);
  });

  it('knows every store', () => {
    for (const store of ['huawei', 'xiaomi', 'samsung', 'oppo', 'vivo', 'google-play'])
      expect(templateAppPlatforms({ android: { stores: [store] } })).toEqual(['android']);
  });
});
