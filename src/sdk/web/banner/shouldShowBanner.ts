import type { Platform } from '../userAgent';

export interface BannerVisitor {
  platform: Platform;
  bot: boolean;
  /** Until when (ms) a remembered dismissal hides the banner (0 or less: none). */
  dismissedUntil: number;
  now: number;
}

/** The banner shows on a phone platform the banner offers an app on, never to robots, not while dismissed. */
export function shouldShowBanner(visitor: BannerVisitor, platforms: readonly string[]): boolean {
  return (
    !visitor.bot &&
    (visitor.platform == 'ios' || visitor.platform == 'android') &&
    platforms.includes(visitor.platform) &&
    !(visitor.dismissedUntil > visitor.now)
  );
}

/** Until when a dismissal at `now` is remembered: `dismissDays` days, or 0 (until the next page view). */
export const dismissUntil = (now: number, dismissDays: number) =>
  dismissDays > 0 ? now + dismissDays * 864e5 : 0;
