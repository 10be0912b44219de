import type { FastifyBaseLogger } from 'fastify';
import type { Insertable, Kysely } from 'kysely';
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

// Rows per INSERT: 19 columns x 100 rows stays far below SQLite's and PostgreSQL's bind limits.
const ROWS_PER_INSERT = 100;

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
      const batch = this.pending.splice(0, ROWS_PER_INSERT);
      const rows = batch.map(row);
      try {
        await this.options.db.insertInto('clicks').values(rows).execute();
      } catch {
        // One bad row (its link deleted meanwhile) must not lose the others: retry one by one.
        for (const single of rows) {
          try {
            await this.options.db.insertInto('clicks').values(single).execute();
          } catch (error) {
            this.options.log.warn({ err: error, link: single.link_id }, 'click not stored');
          }
        }
      }
    }
  }

  /** Stops the timer and writes what is left. */
  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
  }
}
