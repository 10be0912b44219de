import { describe, expect, it } from 'vitest';
import { linkHasDestination, templateHasDestination } from './linkDestinations';

// The full agreement with the redirector's decision is checked in
// src/server/redirect/decideRedirect.test.ts; these are the cases the console warns about.
describe('templateHasDestination and linkHasDestination', () => {
  it('a template with only a name has nowhere to send visitors, unless the redirect settings do', () => {
    expect(templateHasDestination({ name: 'x' })).toBe(false);
    expect(templateHasDestination({ name: 'x' }, { default: '', ios: null })).toBe(false);
    expect(templateHasDestination({ name: 'x' }, { windows: 'www.example.com' })).toBe(true);
    expect(
      templateHasDestination({ name: 'x', ios: { appStoreUrl: 'https://apps.apple.com/app/id1' } }),
    ).toBe(true);
  });

  it('counts only what the redirector would use', () => {
    // An internal or script address, a package without a store, a Universal Link alone.
    expect(templateHasDestination({ h5Homepage: 'http://127.0.0.1/' })).toBe(false);
    expect(templateHasDestination({ ios: { uriScheme: 'javascript://x' } })).toBe(false);
    expect(templateHasDestination({ android: { packageNames: 'com.example.app' } })).toBe(false);
    expect(templateHasDestination({ android: { packageNames: 'com.example.app', stores: ['huawei'] } })).toBe(
      true,
    );
    expect(
      templateHasDestination({ ios: { teamId: 'ABCDE12345', bundleId: 'com.example', uriScheme: 'ex://' } }),
    ).toBe(false);
    expect(templateHasDestination({ ios: { uriScheme: 'ex://' } })).toBe(true);
    expect(templateHasDestination({ ios: { uriScheme: 'ex://' }, noSchemeLaunch: true })).toBe(false);
  });

  it('a custom-mode link has its own addresses and the default redirect setting only', () => {
    const template = { h5Homepage: 'https://m.example.com' };
    expect(linkHasDestination({ redirectMode: 'template' }, template)).toBe(true);
    expect(linkHasDestination({ redirectMode: 'custom' }, template)).toBe(false);
    expect(linkHasDestination({ redirectMode: 'custom' }, template, { ios: 'https://example.com' })).toBe(
      false,
    );
    expect(linkHasDestination({ redirectMode: 'custom' }, template, { default: 'https://example.com' })).toBe(
      true,
    );
    expect(
      linkHasDestination({ redirectMode: 'custom', redirects: { android: 'www.example.com' } }, {}),
    ).toBe(true);
  });

  it('knows every store, every redirect setting and every app address the redirector uses', () => {
    for (const store of ['huawei', 'xiaomi', 'samsung', 'oppo', 'vivo', 'google-play'])
      expect(templateHasDestination({ android: { packageNames: 'com.example.app', stores: [store] } })).toBe(
        true,
      );
    expect(
      templateHasDestination({ android: { packageNames: 'com.example.app', stores: ['nowhere'] } }),
    ).toBe(false);
    expect(
      templateHasDestination({ android: { packageNames: 'com.example.app', stores: ['nowhere', 'vivo'] } }),
    ).toBe(true);
    for (const platform of ['default', 'android', 'ios', 'windows'])
      expect(templateHasDestination({ name: 'x' }, { [platform]: 'https://example.com' })).toBe(true);
    for (const key of ['default', 'ios', 'android', 'web'])
      expect(
        linkHasDestination({ redirectMode: 'custom', redirects: { [key]: 'https://example.com' } }, {}),
      ).toBe(true);
    expect(templateHasDestination({ android: { uriSchemes: 'ex://' } })).toBe(true);
    expect(templateHasDestination({ android: { uriSchemes: 'ex://' }, noSchemeLaunch: true })).toBe(false);
    // Half a Universal Link still lets the redirector launch the scheme.
    expect(templateHasDestination({ ios: { teamId: 'ABCDE12345', uriScheme: 'ex://' } })).toBe(true);
    expect(templateHasDestination({ ios: { bundleId: 'com.example', uriScheme: 'ex://' } })).toBe(true);
  });

  it('reads addresses and lists as the redirector does: trimmed, the first package only if well formed', () => {
    expect(templateHasDestination({ h5Homepage: '  https://m.example.com  ' })).toBe(true);
    const stores = ['huawei'];
    expect(
      templateHasDestination({ android: { packageNames: 'com.example.app ; com.example.lite', stores } }),
    ).toBe(true);
    for (const bad of ['com', '1com.example.app', 'com.example.app/x'])
      expect(templateHasDestination({ android: { packageNames: bad, stores } })).toBe(false);
    expect(templateHasDestination(null)).toBe(false);
    expect(templateHasDestination({ name: 'x' }, { default: '   ' })).toBe(false);
  });
});
