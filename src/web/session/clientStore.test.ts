import { describe, expect, it } from 'vitest';
import { createClientStore, createMemoryStorage } from './clientStore';
import { DEFAULT_THEME_COLOR, NO_PROJECT } from './storageKeys';

const user = { id: 'u1', name: 'Ann', email: 'ann@example.com', role: 'owner' as const };

describe('createClientStore', () => {
  it('has the SPEC defaults when nothing is stored', () => {
    const store = createClientStore(createMemoryStorage(), createMemoryStorage());
    expect(store.getToken()).toBeNull();
    expect(store.getLng()).toBe('zhCN');
    expect(store.getProjectId()).toBe(NO_PROJECT);
    expect(store.getThemeColor()).toBe(DEFAULT_THEME_COLOR);
    expect(store.getErrorTime()).toBe(0);
    expect(store.hasLiveSession()).toBe(false);
  });

  it('stores and clears the session (token, expired flag, user info) but keeps other values', () => {
    const local = createMemoryStorage();
    const store = createClientStore(local, createMemoryStorage());
    store.setLng('enUS');
    store.setProjectId('p1');
    store.setSession('tok', '2030-01-01T00:00:00.000Z', user);
    expect(store.getToken()).toBe('tok');
    expect(store.getUserInfo()).toEqual(user);
    expect(store.hasLiveSession(Date.parse('2029-12-31T00:00:00Z'))).toBe(true);
    expect(store.hasLiveSession(Date.parse('2030-01-02T00:00:00Z'))).toBe(false);
    store.clearSession();
    expect(local.getItem('token')).toBeNull();
    expect(local.getItem('expired')).toBeNull();
    expect(local.getItem('userInfo')).toBeNull();
    expect(store.getLng()).toBe('enUS');
    expect(store.getProjectId()).toBe('p1');
  });

  it('keeps errorTime in the session storage and survives garbage', () => {
    const local = createMemoryStorage();
    const session = createMemoryStorage();
    const store = createClientStore(local, session);
    store.setErrorTime(1234);
    expect(session.getItem('errorTime')).toBe('1234');
    expect(local.getItem('errorTime')).toBeNull();
    session.setItem('errorTime', 'x');
    expect(store.getErrorTime()).toBe(0);
    local.setItem('userInfo', '{broken');
    expect(store.getUserInfo()).toBeNull();
  });
});
