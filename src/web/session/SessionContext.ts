import { createContext } from 'react';
import type { RequestClient } from '../api/createRequestClient';
import type { StoredLng, StoredUser } from './clientStore';

export interface Session {
  user: StoredUser | null;
  lng: StoredLng;
  projectId: string;
  themeColor: string;
  /** Rebuilt whenever the language or the project changes. */
  client: RequestClient;
  signIn(token: string, expiresAt: string | null, user: StoredUser): void;
  updateUser(user: StoredUser): void;
  /** Forgets the session locally (the caller has already told the server, if it could). */
  signOut(): void;
  setLng(lng: StoredLng): Promise<void>;
  setProjectId(id: string): void;
  setThemeColor(color: string): void;
}

/** Provided by SessionProvider. */
export const SessionContext = createContext<Session | null>(null);
