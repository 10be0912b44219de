import type { StrategyShareUrl } from '../adsTypes';

/** The URLs of one language (or of a general strategy: language ''), largest share first. */
export interface ShareGroup {
  language: string;
  urls: StrategyShareUrl[];
  serves: number;
}

/**
 * The shares answer grouped by language for the panel: general ('') first, then languages in
 * the order they first appear; inside a group the largest current share first, ties by URL.
 */
export function groupShares(urls: readonly StrategyShareUrl[]): ShareGroup[] {
  const groups = new Map<string, StrategyShareUrl[]>();
  for (const url of urls) groups.set(url.language, [...(groups.get(url.language) ?? []), url]);
  return [...groups]
    .sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : 0))
    .map(([language, items]) => ({
      language,
      urls: [...items].sort((a, b) => b.share - a.share || a.url.localeCompare(b.url)),
      serves: items.reduce((sum, item) => sum + item.serves, 0),
    }));
}

/** A 0..1 share as a whole-number-ish percentage for a bar ("33.3"), never above 100. */
export function sharePercent(share: number): number {
  if (!Number.isFinite(share) || share <= 0) return 0;
  return Math.min(100, Math.round(share * 1000) / 10);
}
