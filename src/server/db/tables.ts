import type { ColumnType, Insertable, Selectable, Updateable } from 'kysely';

// Times are ISO-8601 UTC text on both databases; ids are random URL-safe text.

/** The two databases the server runs on. */
export type DbKind = 'sqlite' | 'postgres';

export type Role = 'owner' | 'admin' | 'operator' | 'viewer';
export type Permission = 'view' | 'edit' | 'manage';
export type GrantPermission = 'view' | 'edit';
export type Platform = 'android' | 'ios' | 'web';

export interface OrganisationsTable {
  id: string;
  name: string;
  created_at: string;
}

export interface UsersTable {
  id: string;
  organisation_id: string;
  name: string;
  email: string;
  password_hash: string;
  role: Role;
  last_login_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  token_hash: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
}

export interface LoginFailuresTable {
  id: string;
  email: string;
  created_at: string;
}

export interface PasswordResetsTable {
  id: string;
  user_id: string;
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface ProjectsTable {
  id: string;
  organisation_id: string;
  name: string;
  domain_prefix: string;
  created_at: string;
  updated_at: string;
}

export interface ProjectPlatformsTable {
  project_id: string;
  platform: Platform;
}

export interface ProjectGrantsTable {
  project_id: string;
  user_id: string;
  permission: GrantPermission;
  /** The "advanced user" flag of the ads functions (m0019), 0 or 1; owner and admin always are. */
  ads_advanced: ColumnType<number, number | undefined, number>;
}

export interface Database {
  organisations: OrganisationsTable;
  users: UsersTable;
  sessions: SessionsTable;
  login_failures: LoginFailuresTable;
  password_resets: PasswordResetsTable;
  projects: ProjectsTable;
  project_platforms: ProjectPlatformsTable;
  project_grants: ProjectGrantsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type ProjectRow = Selectable<ProjectsTable>;
