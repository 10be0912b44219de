import type { FastifyBaseLogger } from 'fastify';
import { CompiledQuery, type Insertable, type Kysely } from 'kysely';
import type { Database } from '../db/tables';
import type { ClicksTable } from '../links/linkTables';
import type { DeviceInfo } from './deviceOf';
import { deviceFingerprint, ipHash } from '../attribution/fingerprint';

/** A click as the redirector saw it; hashing and row building wait for the flush. */
export interface PendingClick {
  id: string;
  projectId: string;
  linkRowId: string;
  time: string;
  device: DeviceInfo;
  ip: string;
  userAgent: string;
  referrer: string | null;
  country: string | null;
  channel: string;
  params: Record<string, string> | null;
  outcome: string;
}

export interface ClickQueueOptions {
  db: Kysely<Database>;
  log: FastifyBaseLogger;
  /** Flush at least this often (default 1000 ms). */
  intervalMs?: number;
  /** Flush as soon as this many clicks wait (default 500). */
  batchSize?: number;
  /** Clicks kept while the database is unreachable; the oldest go first (default 100 000). */
  maxPending?: number;
}

// Rows per INSERT: small enough that one statement never holds the event loop for long, far
// below SQLite's and PostgreSQL's bind limits (19 columns each).
const ROWS_PER_INSERT = 50;

const COLUMNS: (keyof ClicksTable)[] = [
  'id',
  'project_id',
  'link_id',
  'created_at',
  'platform',
  'os',
  'os_version',
  'brand',
  'model',
  'browser',
  'is_bot',
  'country',
  'referrer',
  'channel',
  'ip_hash',
  'fingerprint',
  'user_agent',
  'params',
  'outcome',
];

function parametersOf(rows: Insertable<ClicksTable>[]): unknown[] {
  const out: unknown[] = [];
  for (const r of rows) for (const column of COLUMNS) out.push(r[column] ?? null);
  return out;
}

function sameValues(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((value, i) => value === b[i]);
}

function row(click: PendingClick): Insertable<ClicksTable> {
  const d = click.device;
  return {
    id: click.id,
    project_id: click.projectId,
    link_id: click.linkRowId,
    created_at: click.time,
    platform: d.platform,
    os: d.os,
    os_version: d.osVersion,
    brand: d.brand,
    model: d.model,
    browser: d.browser,
    is_bot: d.bot ? 1 : 0,
    country: click.country,
    referrer: click.referrer,
    channel: click.channel,
    ip_hash: click.ip ? ipHash(click.ip) : null,
    fingerprint: click.ip ? deviceFingerprint(click.ip, d.os, d.osVersion) : null,
    user_agent: click.userAgent.slice(0, 512) || null,
    params: click.params ? JSON.stringify(click.params) : null,
    outcome: click.outcome,
  };
}

/**
 * Clicks wait in memory and are written in batches (every second, at 500 waiting, and on close),
 * so the redirect never waits on the database.
 */
export class ClickQueue {
  private pending: PendingClick[] = [];
  private flushing: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;
  private scheduled = false;
  private readonly batchSize: number;
  private readonly maxPending: number;

  constructor(private readonly options: ClickQueueOptions) {
    this.batchSize = options.batchSize ?? 500;
    this.maxPending = options.maxPending ?? 100_000;
    this.timer = setInterval(() => void this.flush(), options.intervalMs ?? 1000);
    this.timer.unref();
  }

  get size(): number {
    return this.pending.length;
  }

  push(click: PendingClick): void {
    this.pending.push(click);
    if (this.pending.length > this.maxPending) {
      const dropped = this.pending.splice(0, this.pending.length - this.maxPending);
      this.options.log.warn({ dropped: dropped.length }, 'click queue full: oldest clicks dropped');
    }
    if (this.pending.length >= this.batchSize && !this.scheduled) {
      this.scheduled = true;
      setImmediate(() => {
        this.scheduled = false;
        void this.flush();
      });
    }
  }

  /** Writes every waiting click; resolves when they are stored (or logged as lost). */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.writePending());
    return this.flushing;
  }

  private async writePending(): Promise<void> {
    while (this.pending.length > 0) {
      const batch = this.pending.splice(0, this.batchSize).map(row);
      try {
        // One transaction per batch (one commit, not one per row), in small statements with a
        // turn of the event loop between them: SQLite's driver is synchronous, and redirects
        // must not wait behind a long write.
        await this.options.db.transaction().execute(async (trx) => {
          for (let i = 0; i < batch.length; i += ROWS_PER_INSERT) {
            await this.insert(trx, batch.slice(i, i + ROWS_PER_INSERT));
            await new Promise<void>((resolve) => setImmediate(resolve));
          }
        });
      } catch {
        // One bad row (its link deleted meanwhile) must not lose the others: retry one by one.
        for (const single of batch) {
          try {
            await this.options.db.insertInto('clicks').values(single).execute();
          } catch (error) {
            this.options.log.warn({ err: error, link: single.link_id }, 'click not stored');
          }
        }
      }
    }
  }

  // The INSERT text of n rows is built once by Kysely (dialect placeholders) and reused with
  // fresh values: building it again for every batch cost as much as the write itself.
  private readonly insertSql = new Map<number, string>();

  private insert(db: Kysely<Database>, rows: Insertable<ClicksTable>[]) {
    let text = this.insertSql.get(rows.length);
    if (text === undefined) {
      const compiled = db.insertInto('clicks').values(rows).compile();
      if (!sameValues(compiled.parameters, parametersOf(rows))) return db.executeQuery(compiled);
      text = compiled.sql;
      this.insertSql.set(rows.length, text);
    }
    return db.executeQuery(CompiledQuery.raw(text, parametersOf(rows)));
  }

  /** Stops the timer and writes what is left. */
  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
  }
}
