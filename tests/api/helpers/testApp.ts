import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { MIGRATION_LOCK } from '../../../src/server/db/createDb';
import { buildApp, type BuildAppOptions } from '../../../src/server/app';
import type { MailMessage } from '../../../src/server/mail/mailer';

export interface TestClock {
  now: () => Date;
  advance(ms: number): void;
}

export interface TestApp {
  app: FastifyInstance;
  clock: TestClock;
  mails: MailMessage[];
  databaseUrl: string;
  close(): Promise<void>;
}

/** A clock that stands still until a test moves it. */
export function testClock(start = new Date('2026-03-01T08:00:00.000Z')): TestClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance(ms: number) {
      current += ms;
    },
  };
}

/**
 * Tests resolve no real names: `example.com`, `.org`, `.net` and their subdomains answer
 * example.com's public address, every other name does not resolve (tests that need more pass
 * their own `resolveHost`).
 */
export async function testResolveHost(host: string): Promise<string[]> {
  if (/(^|\.)example\.(com|org|net)$/i.test(host)) return ['93.184.215.14'];
  throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
}

/** The PostgreSQL server of this run, or undefined for the SQLite run. */
function postgresBase(): string | undefined {
  const url = process.env.TEST_DATABASE_URL;
  return url && /^postgres(ql)?:\/\//.test(url) ? url : undefined;
}

/**
 * Builds the app on a fresh database: a temp SQLite file, or (when TEST_DATABASE_URL names a
 * PostgreSQL server) a fresh schema dropped again on close.
 */
export async function createTestApp(options: BuildAppOptions = {}): Promise<TestApp> {
  const clock = testClock();
  const mails: MailMessage[] = [];
  const base = postgresBase();
  let databaseUrl: string;
  let cleanup: () => Promise<void>;
  if (base) {
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const url = new URL(base);
    url.searchParams.set('schema', schema);
    databaseUrl = url.toString();
    cleanup = async () => {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      try {
        // Under the migration lock: another file's migrator reads every schema's catalog.
        await client.query('begin');
        await client.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
        await client.query(`drop schema if exists ${schema} cascade`);
        await client.query('commit');
      } finally {
        await client.end();
      }
    };
  } else {
    const dir = mkdtempSync(join(tmpdir(), 'growth-api-'));
    databaseUrl = `sqlite:${join(dir, 'test.db')}`;
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  }
  // Uploads of this app go to their own temp folder, removed on close.
  const dataDir = mkdtempSync(join(tmpdir(), 'growth-data-'));
  const app = await buildApp({
    databaseUrl,
    webDir: join(tmpdir(), 'growth-no-web-build'),
    now: clock.now,
    publicUrl: 'http://console.test',
    // The scheduler's timer stays off: tests run due jobs with app.scheduler.runDueJobs(now).
    schedulerIntervalMs: 0,
    dataDir,
    resolveHost: testResolveHost,
    mailer: {
      async send(message) {
        mails.push(message);
      },
    },
    ...options,
  });
  return {
    app,
    clock,
    mails,
    databaseUrl,
    async close() {
      await app.close();
      await cleanup();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * What a concurrency test that uses `appServers` runs on, for its name: two servers on one
 * PostgreSQL database, or the one server an embedded SQLite file has (several servers need
 * PostgreSQL). The suite runs on both wherever PostgreSQL can be started (scripts/test.mjs).
 */
export const SERVERS_UNDER_TEST = process.env.TEST_DATABASE_URL?.startsWith('postgres')
  ? 'two servers on PostgreSQL'
  : 'one server on SQLite';

/**
 * The servers a concurrency test sends to: the test app and, on PostgreSQL, a second app on the
 * same database (as two servers behind a load balancer). `close` stops the second one.
 */
export async function appServers(
  t: TestApp,
): Promise<{ servers: FastifyInstance[]; close(): Promise<void> }> {
  if (!t.databaseUrl.startsWith('postgres')) return { servers: [t.app], close: async () => undefined };
  const second = await buildApp({
    databaseUrl: t.databaseUrl,
    webDir: '/nonexistent',
    now: t.clock.now,
    publicUrl: 'http://console.test',
    schedulerIntervalMs: 0,
  });
  return { servers: [t.app, second], close: () => second.close() };
}
