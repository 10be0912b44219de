import { describe, expect, it } from 'vitest';
import { compareVersions, isSdkTooLow } from './sdkVersion';

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
  });
});
