import { describe, expect, it } from 'vitest';
import { effectiveAds } from './effectiveAds';

describe('effectiveAds', () => {
  it('follows the module switch for follow-project, and for a missing or unknown value', () => {
    for (const value of ['follow-project', undefined, null, '', 'maybe']) {
      expect(effectiveAds(value, true), String(value)).toBe(true);
      expect(effectiveAds(value, false), String(value)).toBe(false);
    }
  });

  it('on and off decide whatever the module says', () => {
    expect(effectiveAds('on', false)).toBe(true);
    expect(effectiveAds('on', true)).toBe(true);
    expect(effectiveAds('off', true)).toBe(false);
    expect(effectiveAds('off', false)).toBe(false);
  });
});
