import { watch, type FSWatcher } from 'node:fs';
import type { SchemaEngine } from '../../engine/createSchemaEngine';
import type { RegistryProblem } from '../../engine/registry/registryTypes';
import { loadRegistry } from './loadRegistry';

/** Holds the current schema engine; in dev it is rebuilt when a file under schemas/ changes. */
export interface SchemaRegistryHolder {
  readonly dir: string;
  current(): SchemaEngine;
  /** Re-reads schemas/ now (the watcher calls this). */
  reload(): Promise<SchemaEngine>;
  close(): void;
}

export interface HolderOptions {
  watch?: boolean;
  /** Told about problems after every (re)load, e.g. to log broken folders by name. */
  onLoad?: (engine: SchemaEngine, problems: RegistryProblem[]) => void;
  onError?: (error: unknown) => void;
  debounceMs?: number;
}

// Without watching, apps built in one process (API tests) share one load per directory.
const shared = new Map<string, Promise<SchemaEngine>>();

export async function createSchemaRegistryHolder(dir: string, options: HolderOptions = {}): Promise<SchemaRegistryHolder> {
  let engine: SchemaEngine;
  if (options.watch) engine = await loadRegistry(dir);
  else {
    let pending = shared.get(dir);
    if (!pending) {
      pending = loadRegistry(dir);
      shared.set(dir, pending);
      pending.catch(() => shared.delete(dir));
    }
    engine = await pending;
  }
  options.onLoad?.(engine, engine.problems);

  let watcher: FSWatcher | undefined;
  let timer: NodeJS.Timeout | undefined;
  const holder: SchemaRegistryHolder = {
    dir,
    current: () => engine,
    async reload() {
      const next = await loadRegistry(dir);
      engine = next;
      options.onLoad?.(next, next.problems);
      return next;
    },
    close() {
      if (timer) clearTimeout(timer);
      watcher?.close();
      watcher = undefined;
    },
  };
  if (options.watch) {
    watcher = watch(dir, { recursive: true }, () => {
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => {
        // A half-written file only yields a problem for its folder; the rest keeps being served.
        holder.reload().catch((error) => options.onError?.(error));
      }, options.debounceMs ?? 150);
    });
    watcher.on('error', (error) => options.onError?.(error));
  }
  return holder;
}
