import type { Kysely } from 'kysely';
import type { Database, DbKind, Permission, Platform } from './db/tables';
import type { Mailer } from './mail/mailer';
import type { AuthUser } from './accounts/sessions';
import type { ResolveHost } from './http/assertPublicHttpUrl';

/** What route handlers need from the app, decorated on the instance as `app.ctx`. */
export interface AppContext {
  db: Kysely<Database>;
  dbKind: DbKind;
  /** The SQLite database file; undefined for PostgreSQL and in-memory SQLite. */
  sqliteFile?: string;
  mailer: Mailer;
  /** The current time; tests move it forward to expire sessions and locks. */
  now: () => Date;
  sessionTtlHours: number;
  /** Uploads and other files (DATA_DIR). */
  dataDir: string;
  publicUrl: string;
  /** Deep links answer on `{prefix}.{linkHost}` (LINK_HOST). */
  linkHost: string;
  version: string;
  /** Resolves host names for outbound calls (callbacks): checked at save and again at send. */
  resolveHost: ResolveHost;
}

/** The project a project-scoped request works in, with the caller's effective permission. */
export interface ProjectAccess {
  id: string;
  organisationId: string;
  name: string;
  domainPrefix: string;
  /** The project's time zone (IANA name or `GMT+08:00`): report days, presets, CSV dates. */
  timeZone: string;
  /** The zone its analytics rollups are counted in (the same but during a rebuild). */
  rollupTimeZone: string;
  permission: Permission;
  /**
   * The "advanced user" of the ads functions (module switch, ad accounts, imports, reviews,
   * withdrawals, offerwall settings), always on top of `edit`: owner and admin always; an
   * operator when its grant says so and it can edit; a viewer never.
   */
  adsAdvanced: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyRequest {
    /** Set by the auth pre-handlers; null on public routes. */
    user: AuthUser | null;
    sessionId: string | null;
    /** Set by `requireProject`. */
    project: ProjectAccess | null;
  }
}

export type { Platform };
