/** A piece of the collection as the page shows it. */
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

/** A gift or request this page was opened with. */
export interface Incoming {
  kind: 'gift' | 'ask';
  id: string;
  fragmentId: string | null;
}

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

/** The address bar without the gift or request once it is answered. */
export function withoutIncoming() {
  const url = new URL(window.location.href);
  for (const key of ['gift', 'ask', 'fragment']) url.searchParams.delete(key);
  window.history.replaceState(null, '', `${url.pathname}${url.search}${url.hash}`);
}

/** The player's link with a gift or request (`kind`: gift or ask) for a friend to open. */
export function transferLink(pageLink: string, origin: string, kind: string, id: string, fragmentId: string) {
  const url = new URL(pageLink, origin);
  url.searchParams.set(kind, id);
  url.searchParams.set('fragment', fragmentId);
  return url.toString();
}
