import type { OfferwallSession } from './offerwallTypes';

// The offerwall session of this tab per project (sessionStorage: gone with the tab). Storage can
// be missing or refuse writes (private modes, blocked frames): then it lives in memory for the visit.
const memory = new Map<string, string>();
const keyOf = (projectId: string) => `gc-offerwall:${projectId}`;

export function storedSession(projectId: string): OfferwallSession | null {
  let raw: string | null;
  try {
    raw = window.sessionStorage.getItem(keyOf(projectId));
  } catch {
    raw = memory.get(keyOf(projectId)) ?? null;
  }
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as OfferwallSession;
    return typeof parsed.token === 'string' && parsed.participant ? parsed : null;
  } catch {
    return null;
  }
}

export function storeSession(projectId: string, value: OfferwallSession | null): void {
  const key = keyOf(projectId);
  try {
    if (value) window.sessionStorage.setItem(key, JSON.stringify(value));
    else window.sessionStorage.removeItem(key);
  } catch {
    if (value) memory.set(key, JSON.stringify(value));
    else memory.delete(key);
  }
}
