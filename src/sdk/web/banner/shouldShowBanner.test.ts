import { describe, expect, it } from 'vitest';
import { dismissUntil, shouldShowBanner, type BannerVisitor } from './shouldShowBanner';

const NOW = Date.UTC(2026, 2, 1);
const visitor = (patch: Partial<BannerVisitor> = {}): BannerVisitor => ({
  platform: 'ios',
  bot: false,
  dismissedUntil: 0,
  now: NOW,
  ...patch,
});

describe('shouldShowBanner', () => {
  it('shows on a phone platform the banner lists', () => {
    expect(shouldShowBanner(visitor(), ['ios', 'android'])).toBe(true);
    expect(shouldShowBanner(visitor({ platform: 'android' }), ['android'])).toBe(true);
  });

  it('never on a platform the banner does not list', () => {
    expect(shouldShowBanner(visitor(), ['android'])).toBe(false);
    expect(shouldShowBanner(visitor({ platform: 'android' }), ['ios'])).toBe(false);
    expect(shouldShowBanner(visitor(), [])).toBe(false);
  });

  it('never on desktops and other devices, whatever the banner lists', () => {
    expect(shouldShowBanner(visitor({ platform: 'desktop' }), ['ios', 'android', 'desktop'])).toBe(false);
    expect(shouldShowBanner(visitor({ platform: 'other' }), ['ios', 'android', 'other'])).toBe(false);
  });

  it('never for robots', () => {
    expect(shouldShowBanner(visitor({ bot: true }), ['ios'])).toBe(false);
  });

  it('not while a dismissal is remembered, again from the moment it ends', () => {
    expect(shouldShowBanner(visitor({ dismissedUntil: NOW + 1 }), ['ios'])).toBe(false);
    expect(shouldShowBanner(visitor({ dismissedUntil: NOW }), ['ios'])).toBe(true);
    expect(shouldShowBanner(visitor({ dismissedUntil: NOW - 1 }), ['ios'])).toBe(true);
  });
});

describe('dismissUntil', () => {
  it('remembers a dismissal dismissDays days', () => {
    expect(dismissUntil(NOW, 7)).toBe(NOW + 7 * 86_400_000);
    expect(dismissUntil(NOW, 365)).toBe(NOW + 365 * 86_400_000);
  });

  it('0 days: nothing to remember (until the next page view)', () => {
    expect(dismissUntil(NOW, 0)).toBe(0);
    expect(shouldShowBanner(visitor({ dismissedUntil: dismissUntil(NOW, 0) }), ['ios'])).toBe(true);
  });
});
