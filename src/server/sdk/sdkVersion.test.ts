import { describe, expect, it } from 'vitest';
import { compareVersions, isSdkTooLow, minSdkVersion } from './sdkVersion';

describe('SDK versions', () => {
  it('compares numerically', () => {
    expect(compareVersions('2.10.0', '2.9')).toBe(1);
    expect(compareVersions('2.0', '2.0.0')).toBe(0);
    expect(compareVersions('v1.9.9', '2.0')).toBe(-1);
    expect(compareVersions('beta', '2.0')).toBeUndefined();
  });
  it('flags versions below 2.0 only', () => {
    expect(isSdkTooLow('1.9.3')).toBe(true);
    expect(isSdkTooLow('2.0.0')).toBe(false);
    expect(isSdkTooLow('2.1-rc1')).toBe(false);
    expect(isSdkTooLow('unknown')).toBe(false);
    expect(isSdkTooLow(null)).toBe(false);
    // The web SDK's line starts at 1.0; the app SDKs are held to 2.0.
    expect(isSdkTooLow('1.0.0', 'web')).toBe(false);
    expect(isSdkTooLow('0.9', 'web')).toBe(true);
    expect(isSdkTooLow('1.9.3', 'ios')).toBe(true);
    expect(isSdkTooLow('1.9.3', 'android')).toBe(true);
  });
  it('names the minimum of a platform, 2.0 when unknown', () => {
    expect(minSdkVersion('web')).toBe('1.0');
    expect(minSdkVersion('ios')).toBe('2.0');
    expect(minSdkVersion(null)).toBe('2.0');
    expect(minSdkVersion('harmony')).toBe('2.0');
  });
});
