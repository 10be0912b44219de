import type { ServedStrategy } from './servedStrategy';

interface Entry {
  value: ServedStrategy | null;
  expires: number;
}

export interface StrategyCacheOptions {
  /** How long a strategy stays cached (default 30 s: several servers converge within it). */
  ttlMs?: number;
  /** How long "no such strategy" is remembered (default 5 s). */
  missTtlMs?: number;
  maxEntries?: number;
  /** Reads a strategy with everything a serve needs; null when there is no such strategy. */
  load: (id: string) => Promise<ServedStrategy | null>;
}

/**
 * The serving path's in-process strategy cache (like the redirector's link cache): a hit serves
 * without touching the database. A write of a strategy forgets it (`forget`), a write of the
 * project's ads settings forgets the project's (`forgetProject`); the TTL brings other servers'
 * writes, redirect settings and the AI's new shares. Concurrent misses share one read.
 */
export class StrategyCache {
  private readonly entries = new Map<string, Entry>();
  private readonly loading = new Map<string, Promise<ServedStrategy | null>>();
  private generation = 0;
  private readonly ttlMs: number;
  private readonly missTtlMs: number;
  private readonly maxEntries: number;
  private readonly load: StrategyCacheOptions['load'];

  constructor(options: StrategyCacheOptions) {
    this.ttlMs = options.ttlMs ?? 30_000;
    this.missTtlMs = options.missTtlMs ?? 5_000;
    this.maxEntries = options.maxEntries ?? 20_000;
    this.load = options.load;
  }

  /** The cached strategy, `null` for a cached miss, `undefined` when it has to be read. */
  peek(id: string): ServedStrategy | null | undefined {
    const entry = this.entries.get(id);
    if (!entry || entry.expires < Date.now()) return undefined;
    return entry.value;
  }

  /** The strategy from the cache or the database. */
  get(id: string): Promise<ServedStrategy | null> {
    const cached = this.peek(id);
    if (cached !== undefined) return Promise.resolve(cached);
    const pending = this.loading.get(id);
    if (pending) return pending;
    const generation = this.generation;
    const promise = this.load(id).then(
      (value) => {
        this.loading.delete(id);
        // A write during the read may have made this value stale: answer it, do not keep it.
        if (generation === this.generation) this.store(id, value);
        return value;
      },
      (error: unknown) => {
        this.loading.delete(id);
        throw error;
      },
    );
    this.loading.set(id, promise);
    return promise;
  }

  private store(id: string, value: ServedStrategy | null) {
    if (this.entries.size >= this.maxEntries) {
      let drop = Math.ceil(this.maxEntries / 2);
      for (const key of this.entries.keys()) {
        this.entries.delete(key);
        if (--drop <= 0) break;
      }
    }
    this.entries.set(id, { value, expires: Date.now() + (value ? this.ttlMs : this.missTtlMs) });
  }

  /** Forgets a strategy (after a write of it). */
  forget(id: string): void {
    this.generation += 1;
    this.entries.delete(id);
    this.loading.delete(id);
  }

  /** Forgets every strategy of a project (after a write of its ads settings). */
  forgetProject(projectId: string): void {
    this.generation += 1;
    this.loading.clear();
    for (const [id, entry] of this.entries) if (entry.value?.projectId === projectId) this.entries.delete(id);
  }

  clear(): void {
    this.generation += 1;
    this.loading.clear();
    this.entries.clear();
  }
}
