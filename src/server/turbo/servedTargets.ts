import type { TurboKind } from './turboTables';

/** A banner or script the web SDK may use: online, its link present. */
export interface ServedTarget<T> {
  projectId: string;
  answer: T;
}

// Every page view of a site asks for its banner or script (browsers keep the answer 60 s), and
// every impression reports back: answers are kept 30 s per server, so a busy site costs a few
// reads a minute. A write of the banner or script on this server drops its entry at once; edits
// of its link or template, and writes on other servers, show within the 30 s.
const TTL_MS = 30_000;
const MAX_ENTRIES = 10_000;

/** The public answers of banners and scripts, by kind and id (null = not served: 404). */
export class ServedTargets {
  private readonly entries = new Map<string, { value: ServedTarget<unknown> | null; expires: number }>();
  private readonly loading = new Map<string, Promise<ServedTarget<unknown> | null>>();

  /** The target's answer, from the cache or `load` (one load at a time per target). */
  async get<T>(
    kind: TurboKind,
    id: string,
    load: () => Promise<ServedTarget<T> | null>,
  ): Promise<ServedTarget<T> | null> {
    const key = `${kind} ${id}`;
    const hit = this.entries.get(key);
    const now = Date.now();
    if (hit && hit.expires > now) return hit.value as ServedTarget<T> | null;
    const waiting = this.loading.get(key);
    if (waiting) return (await waiting) as ServedTarget<T> | null;
    const pending = load();
    this.loading.set(key, pending);
    try {
      const value = await pending;
      // Not kept when a write dropped the entry while it loaded: it may predate the write.
      if (this.loading.get(key) === pending) {
        if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
        this.entries.set(key, { value, expires: Date.now() + TTL_MS });
      }
      return value;
    } finally {
      if (this.loading.get(key) === pending) this.loading.delete(key);
    }
  }

  /** Drops a banner's or script's entry (after a write of it). */
  forget(id: string): void {
    for (const key of [`banner ${id}`, `script ${id}`]) {
      this.entries.delete(key);
      this.loading.delete(key);
    }
  }
}
