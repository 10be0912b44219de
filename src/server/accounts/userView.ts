import type { Role, UserRow } from '../db/tables';

export interface UserView {
  id: string;
  name: string;
  email: string;
  role: Role;
  organisationId: string;
  lastLoginAt: string | null;
  createdAt: string;
}

/** What the API shows of a user: never the password hash. */
export function userView(row: UserRow): UserView {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    organisationId: row.organisation_id,
    lastLoginAt: row.last_login_at,
    createdAt: row.created_at,
  };
}

/** E-mail addresses are compared and stored lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
