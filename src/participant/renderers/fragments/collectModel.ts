/** A piece of the collection as the page model gives it (`game.collect.fragments`). */
export interface FragmentView {
  id: string;
  name: string;
  image: string | null;
}

/** The player's collection (`me.progress.collect`). */
export interface CollectState {
  inventory: Record<string, number>;
  sets: number;
  prizes: { prizeId: string; needs: string[]; missing: Record<string, number> }[];
  open: { id: string; kind: string; fragmentId: string }[];
}

/** A gift or request the page was opened with. */
export interface Incoming {
  kind: 'gift' | 'ask';
  id: string;
  fragmentId: string | null;
}

/** The collection out of the player's progress, every part defaulted; null before the first one. */
export function readCollect(progress: Record<string, unknown>): CollectState | null {
  const raw = progress.collect as Partial<CollectState> | undefined;
  if (!raw || typeof raw !== 'object') return null;
  return {
    inventory: raw.inventory && typeof raw.inventory === 'object' ? raw.inventory : {},
    sets: typeof raw.sets === 'number' ? raw.sets : 0,
    prizes: Array.isArray(raw.prizes) ? raw.prizes : [],
    open: Array.isArray(raw.open) ? raw.open : [],
  };
}

/** A gift or request this page was opened with (`?gift=<id>` or `?ask=<id>&fragment=<id>`). */
export function incomingOf(search: string): Incoming | null {
  const query = new URLSearchParams(search);
  const gift = query.get('gift');
  if (gift) return { kind: 'gift', id: gift, fragmentId: query.get('fragment') };
  const ask = query.get('ask');
  if (ask) return { kind: 'ask', id: ask, fragmentId: query.get('fragment') };
  return null;
}

/** The link that sends a gift or a request: the player's link with the transfer and its piece. */
export function transferLink(
  playerLink: string,
  origin: string,
  kind: string,
  id: string,
  fragmentId: string,
): string {
  const url = new URL(playerLink, origin);
  url.searchParams.set(kind, id);
  url.searchParams.set('fragment', fragmentId);
  return url.toString();
}

/** The same address without the gift or request it was opened with. */
export function withoutIncoming(href: string): string {
  const url = new URL(href);
  for (const key of ['gift', 'ask', 'fragment']) url.searchParams.delete(key);
  return `${url.pathname}${url.search}${url.hash}`;
}
