import type { ResolvedLink } from './resolvedLink';

interface Entry {
  value: ResolvedLink | null;
  prefix: string;
  expires: number;
}

export interface LinkCacheOptions {
  /** How long a link stays cached (default 30 s: several servers converge within it). */
  ttlMs?: number;
  /** How long "no such link" is remembered (default 5 s). */
  missTtlMs?: number;
  maxEntries?: number;
  /** Reads a link from the database; null when the project or link does not exist. */
  load: (prefix: string, linkId: string) => Promise<ResolvedLink | null>;
}

/**
 * The redirector's in-process link cache: a hit answers without touching the database. Edits
 * clear a project's entries (`invalidate`); the TTL makes other servers' edits show up too.
 * Concurrent misses for one link share one database read.
 */
export class LinkCache {
  private readonly entries = new Map<string, Entry>();
  private readonly loading = new Map<string, Promise<ResolvedLink | null>>();
  private generation = 0;
  private readonly ttlMs: number;
  private readonly missTtlMs: number;
  private readonly maxEntries: number;
  private readonly load: LinkCacheOptions['load'];

  constructor(options: LinkCacheOptions) {
    this.ttlMs = options.ttlMs ?? 30_000;
    this.missTtlMs = options.missTtlMs ?? 5_000;
    this.maxEntries = options.maxEntries ?? 50_000;
    this.load = options.load;
  }

  /** The cached link, `null` for a cached miss, `undefined` when it has to be read. */
  peek(prefix: string, linkId: string): ResolvedLink | null | undefined {
    const entry = this.entries.get(`${prefix}/${linkId}`);
    if (!entry) return undefined;
    if (entry.expires < Date.now()) return undefined;
    return entry.value;
  }

  /** The link from the cache or the database. */
  get(prefix: string, linkId: string): Promise<ResolvedLink | null> {
    const key = `${prefix}/${linkId}`;
    const cached = this.peek(prefix, linkId);
    if (cached !== undefined) return Promise.resolve(cached);
    const pending = this.loading.get(key);
    if (pending) return pending;
    const generation = this.generation;
    const promise = this.load(prefix, linkId).then(
      (value) => {
        this.loading.delete(key);
        // An edit during the read may have made this value stale: answer it, do not keep it.
        if (generation === this.generation) this.store(key, prefix, value);
        return value;
      },
      (error: unknown) => {
        this.loading.delete(key);
        throw error;
      },
    );
    this.loading.set(key, promise);
    return promise;
  }

  private store(key: string, prefix: string, value: ResolvedLink | null) {
    if (this.entries.size >= this.maxEntries) {
      let drop = Math.ceil(this.maxEntries / 2);
      for (const k of this.entries.keys()) {
        this.entries.delete(k);
        if (--drop <= 0) break;
      }
    }
    this.entries.set(key, { value, prefix, expires: Date.now() + (value ? this.ttlMs : this.missTtlMs) });
  }

  /** Forgets every link of a project (and remembered misses under its prefix). */
  invalidate(projectId: string, prefix?: string): void {
    this.generation += 1;
    for (const [key, entry] of this.entries) {
      if (entry.value?.projectId === projectId || (prefix !== undefined && entry.prefix === prefix)) {
        this.entries.delete(key);
      }
    }
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }
}
