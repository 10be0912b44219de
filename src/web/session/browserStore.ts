import { createClientStore, createMemoryStorage, type KeyValueStorage } from './clientStore';

function pick(get: () => Storage): KeyValueStorage {
  try {
    const storage = get();
    storage.getItem('');
    return storage;
  } catch {
    // Storage can throw (disabled cookies, sandboxed iframes); fall back to memory for this tab.
    return createMemoryStorage();
  }
}

/** The console's one store of client-side values, backed by localStorage / sessionStorage. */
export const browserStore = createClientStore(
  pick(() => window.localStorage),
  pick(() => window.sessionStorage),
);
