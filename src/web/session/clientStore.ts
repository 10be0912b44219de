import { DEFAULT_THEME_COLOR, NO_PROJECT, storageKeys } from './storageKeys';

/** The subset of the Web Storage API the console uses; lets tests pass a Map-backed fake. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export type StoredLng = 'zhCN' | 'enUS';

export interface StoredUser {
  id: string;
  name: string;
  email: string;
  role: 'owner' | 'admin' | 'operator' | 'viewer';
  organisation?: { id: string; name: string };
  [extra: string]: unknown;
}

export interface ClientStore {
  getToken(): string | null;
  getExpired(): string | null;
  getUserInfo(): StoredUser | null;
  setSession(token: string, expiresAt: string | null, user: StoredUser): void;
  setUserInfo(user: StoredUser): void;
  clearSession(): void;
  hasLiveSession(now?: number): boolean;
  getLng(): StoredLng;
  setLng(lng: StoredLng): void;
  getProjectId(): string;
  setProjectId(id: string): void;
  getThemeColor(): string;
  setThemeColor(color: string): void;
  getErrorTime(): number;
  setErrorTime(time: number): void;
}

function parseUser(raw: string | null): StoredUser | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return value && typeof value === 'object' ? (value as StoredUser) : null;
  } catch {
    return null;
  }
}

/** Typed access to the client-stored values; `local` persists, `session` holds errorTime. */
export function createClientStore(local: KeyValueStorage, session: KeyValueStorage): ClientStore {
  const store: ClientStore = {
    getToken: () => local.getItem(storageKeys.token),
    getExpired: () => local.getItem(storageKeys.expired),
    getUserInfo: () => parseUser(local.getItem(storageKeys.userInfo)),
    setSession(token, expiresAt, user) {
      local.setItem(storageKeys.token, token);
      if (expiresAt) local.setItem(storageKeys.expired, expiresAt);
      else local.removeItem(storageKeys.expired);
      local.setItem(storageKeys.userInfo, JSON.stringify(user));
    },
    setUserInfo: (user) => local.setItem(storageKeys.userInfo, JSON.stringify(user)),
    clearSession() {
      local.removeItem(storageKeys.token);
      local.removeItem(storageKeys.expired);
      local.removeItem(storageKeys.userInfo);
    },
    hasLiveSession(now = Date.now()) {
      if (!store.getToken()) return false;
      const expired = store.getExpired();
      if (!expired) return true;
      const at = Date.parse(expired);
      return Number.isNaN(at) || at > now;
    },
    getLng: () => (local.getItem(storageKeys.lng) === 'enUS' ? 'enUS' : 'zhCN'),
    setLng: (lng) => local.setItem(storageKeys.lng, lng),
    getProjectId: () => local.getItem(storageKeys.projectId) || NO_PROJECT,
    setProjectId: (id) => local.setItem(storageKeys.projectId, id),
    getThemeColor: () => local.getItem(storageKeys.themeColor) || DEFAULT_THEME_COLOR,
    setThemeColor: (color) => local.setItem(storageKeys.themeColor, color),
    getErrorTime() {
      const value = Number(session.getItem(storageKeys.errorTime));
      return Number.isFinite(value) ? value : 0;
    },
    setErrorTime: (time) => session.setItem(storageKeys.errorTime, String(time)),
  };
  return store;
}

/** In-memory storage for environments without Web Storage (tests, private modes that throw). */
export function createMemoryStorage(): KeyValueStorage {
  const map = new Map<string, string>();
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  };
}
