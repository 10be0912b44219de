import type { StoredUser } from '../../session/clientStore';

/** What `POST /api/auth/login`, `/sign-up` and `/refresh` answer (docs/accounts-and-projects.md). */
export interface LoginAnswer {
  token: string;
  expiresAt: string | null;
  user: StoredUser;
}

/** Sign-up and password rules: company name up to 64 characters, password 6 to 32. */
export const COMPANY_NAME_MAX = 64;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 32;
