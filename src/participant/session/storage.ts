import type { ParticipantInfo } from '../api/playTypes';
import { randomId } from './randomId';

// Storage can be missing or refuse writes (private modes, blocked third-party frames): the page
// then keeps its values in memory for this visit.
const memory = new Map<string, string>();

function read(store: () => Storage, key: string): string | null {
  try {
    return store().getItem(key);
  } catch {
    return memory.get(key) ?? null;
  }
}

function write(store: () => Storage, key: string, value: string | null) {
  try {
    if (value === null) store().removeItem(key);
    else store().setItem(key, value);
  } catch {
    if (value === null) memory.delete(key);
    else memory.set(key, value);
  }
}

const session = () => window.sessionStorage;
const local = () => window.localStorage;

export interface StoredSession {
  token: string;
  participant: ParticipantInfo;
}

/** The participant session of this tab for a campaign (sessionStorage: gone with the tab). */
export function storedSession(campaignId: string): StoredSession | null {
  const raw = read(session, `gc-play:${campaignId}`);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as StoredSession;
    return typeof parsed.token === 'string' && parsed.participant ? parsed : null;
  } catch {
    return null;
  }
}

export function storeSession(campaignId: string, value: StoredSession | null) {
  write(session, `gc-play:${campaignId}`, value ? JSON.stringify(value) : null);
}

/** This browser's anonymous device id, made on first use and kept (localStorage). */
export function deviceId(): string {
  const kept = read(local, 'gc-play-device');
  if (kept && /^[A-Za-z0-9_.:-]{8,128}$/.test(kept)) return kept;
  const made = `web-${randomId(28)}`;
  write(local, 'gc-play-device', made);
  return made;
}
