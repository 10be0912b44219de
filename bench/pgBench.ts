// What the HTTP benchmarks share for their PostgreSQL runs: which databases a run measures
// (BENCH_DB), the local cluster (started by scripts/postgres.mjs when down), a fresh database per
// run (dropped afterwards), the CPU time of the cluster's processes, the database's own counters
// (pg_stat_database, pg_stat_wal) and a sampler of what the backends wait on.
//
// CPU of the database: every process whose parent is the postmaster (found as the parent of one
// of our backends) is read from /proc/<pid>/stat (utime + stime). Counted are the backends
// connected to the run's own databases and the cluster's background processes (checkpointer,
// background writer, WAL writer, autovacuum launcher, ...: pg_stat_activity rows without a
// database); backends of other databases (other people's tests on the same cluster) are not.
// A backend that exits inside a window (an autovacuum worker) takes its CPU with it.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import pg from 'pg';
import { ensurePostgres } from '../scripts/postgres.mjs';
import type { PgQueryCounts } from './pgQueryCount';

/** Which databases a run measures: BENCH_DB=sqlite|postgres|both (default both). */
export interface BenchDbChoice {
  sqlite: boolean;
  postgres: boolean;
  /** PostgreSQL was not asked for by name: a run without a cluster says so and goes on. */
  postgresOptional: boolean;
}

export function benchDb(): BenchDbChoice {
  const value = (process.env.BENCH_DB ?? 'both').toLowerCase();
  if (!['sqlite', 'postgres', 'both'].includes(value))
    throw new Error(`BENCH_DB must be sqlite, postgres or both, got "${value}"`);
  return { sqlite: value !== 'postgres', postgres: value !== 'sqlite', postgresOptional: value === 'both' };
}

const CLOCK_TICKS = 100;

/** A process's CPU time so far (user + system, from /proc), in microseconds; NaN once it is gone. */
export function processCpuUs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // Fields 14 and 15 of stat (utime, stime) are the 12th and 13th after the command name.
    return ((Number(fields[11]) + Number(fields[12])) * 1e6) / CLOCK_TICKS;
  } catch {
    return NaN;
  }
}

function parentOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return Number(fields[1]);
}

/** Counters of pg_stat_database for the run's databases (summed) and of pg_stat_wal (cluster). */
export interface PgCounters {
  xactCommit: number;
  xactRollback: number;
  tupReturned: number;
  tupFetched: number;
  tupInserted: number;
  tupUpdated: number;
  tupDeleted: number;
  blksRead: number;
  blksHit: number;
  walRecords: number;
  walBytes: number;
  walSync: number;
}

/** What the sampler saw: backend-samples by state, and the sampling interval. */
export interface WaitSamples {
  samples: number;
  intervalMs: number;
  /** Backend-samples running a statement and not waiting. */
  active: number;
  /** Backend-samples waiting on a heavyweight lock (a row or a transaction id). */
  lock: number;
  /** Backend-samples waiting on a lightweight lock or I/O (WAL flush, buffers). */
  lwlockOrIo: number;
  /** Backend-samples idle in a transaction (waiting for the app's next statement). */
  idleInTransaction: number;
}

/**
 * The local cluster as the benches use it: a connection for looking on (to the base database,
 * never one of the measured ones), the databases it made (dropped by `close`), CPU of its processes.
 */
export class PgCluster {
  private readonly databases = new Set<string>();
  private postmaster = 0;

  private constructor(
    /** The base URL (the test role on its own database). */
    readonly url: string,
    private readonly monitor: pg.Client,
  ) {}

  /** Starts the cluster when it is down (scripts/postgres.mjs); null when optional and impossible. */
  static async open(choice: BenchDbChoice): Promise<PgCluster | null> {
    let url: string;
    try {
      url = ensurePostgres();
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (!choice.postgresOptional) throw new Error(`PostgreSQL: ${reason}`, { cause: error });
      console.log(`PostgreSQL runs skipped: ${reason} (BENCH_DB=postgres makes them mandatory)`);
      return null;
    }
    const monitor = new pg.Client({ connectionString: url, application_name: 'bench-monitor' });
    await monitor.connect();
    const cluster = new PgCluster(url, monitor);
    const { rows } = await monitor.query<{ pid: number }>('select pg_backend_pid() as pid');
    cluster.postmaster = parentOf(rows[0].pid);
    return cluster;
  }

  /** A fresh database owned by the test role; its URL. Dropped by `close`. */
  async createDatabase(tag: string): Promise<string> {
    const name = `bench_${tag}_${process.pid}_${randomBytes(3).toString('hex')}`;
    const owner = new URL(this.url).username;
    try {
      // As the cluster's owner (the test role may not create databases), as scripts/postgres.mjs does.
      execFileSync(
        'runuser',
        ['-u', 'postgres', '--', 'psql', '-X', '-q', '-c', `create database ${name} owner ${owner}`],
        { cwd: '/tmp', stdio: ['ignore', 'ignore', 'pipe'] },
      );
    } catch {
      await this.monitor.query(`create database ${name}`);
    }
    this.databases.add(name);
    const url = new URL(this.url);
    url.pathname = `/${name}`;
    return url.toString();
  }

  /** Drops the databases made by this run (their connections closed by force). */
  async close(): Promise<void> {
    for (const name of this.databases) {
      try {
        await this.monitor.query(`drop database if exists ${name} with (force)`);
      } catch {
        execFileSync(
          'runuser',
          ['-u', 'postgres', '--', 'psql', '-X', '-q', '-c', `drop database if exists ${name} with (force)`],
          { cwd: '/tmp', stdio: ['ignore', 'ignore', 'pipe'] },
        );
      }
    }
    this.databases.clear();
    await this.monitor.end();
  }

  /** The pids counted as the database's: backends of our databases and background processes. */
  private async countedPids(): Promise<Set<number>> {
    const { rows } = await this.monitor.query<{ pid: number }>(
      `select pid from pg_stat_activity
        where (datname = any($1::text[]) or datname is null) and pid <> pg_backend_pid()`,
      [[...this.databases]],
    );
    return new Set(rows.map((r) => r.pid));
  }

  /** CPU of the counted postgres processes so far, per pid, in microseconds. */
  async cpu(): Promise<Map<number, number>> {
    const counted = await this.countedPids();
    const out = new Map<number, number>();
    for (const entry of readdirSync('/proc')) {
      const pid = Number(entry);
      if (!Number.isInteger(pid) || !counted.has(pid)) continue;
      try {
        if (parentOf(pid) !== this.postmaster) continue;
      } catch {
        continue;
      }
      const us = processCpuUs(pid);
      if (!Number.isNaN(us)) out.set(pid, us);
    }
    return out;
  }

  /** The database's CPU between two `cpu()` readings (a process new since `before` counts whole). */
  static cpuBetween(before: Map<number, number>, after: Map<number, number>): number {
    let sum = 0;
    for (const [pid, us] of after) sum += us - (before.get(pid) ?? 0);
    return sum;
  }

  /** pg_stat_database of our databases (summed) and pg_stat_wal (the whole cluster). */
  async counters(): Promise<PgCounters> {
    const db = await this.monitor.query<Record<string, string>>(
      `select coalesce(sum(xact_commit), 0) as xact_commit, coalesce(sum(xact_rollback), 0) as xact_rollback,
              coalesce(sum(tup_returned), 0) as tup_returned, coalesce(sum(tup_fetched), 0) as tup_fetched,
              coalesce(sum(tup_inserted), 0) as tup_inserted, coalesce(sum(tup_updated), 0) as tup_updated,
              coalesce(sum(tup_deleted), 0) as tup_deleted, coalesce(sum(blks_read), 0) as blks_read,
              coalesce(sum(blks_hit), 0) as blks_hit
         from pg_stat_database where datname = any($1::text[])`,
      [[...this.databases]],
    );
    const wal = await this.monitor.query<Record<string, string>>(
      'select wal_records, wal_bytes, wal_sync from pg_stat_wal',
    );
    const d = db.rows[0];
    const w = wal.rows[0];
    return {
      xactCommit: Number(d.xact_commit),
      xactRollback: Number(d.xact_rollback),
      tupReturned: Number(d.tup_returned),
      tupFetched: Number(d.tup_fetched),
      tupInserted: Number(d.tup_inserted),
      tupUpdated: Number(d.tup_updated),
      tupDeleted: Number(d.tup_deleted),
      blksRead: Number(d.blks_read),
      blksHit: Number(d.blks_hit),
      walRecords: Number(w.wal_records),
      walBytes: Number(w.wal_bytes),
      walSync: Number(w.wal_sync),
    };
  }

  /**
   * The database's counters once every backend has reported: an idle backend that reported less
   * than a second before reports its last counts 10 s later (PostgreSQL 15's idle stats timeout),
   * so the bench waits 10.5 s before reading them (outside every window).
   */
  async settledCounters(): Promise<PgCounters> {
    await new Promise((r) => setTimeout(r, 10_500));
    return this.counters();
  }

  /**
   * Samples pg_stat_activity of our databases every `intervalMs` until the returned stop() is
   * called: what the backends were doing (running, waiting on a row lock, on WAL or I/O, idle in a
   * transaction). Counted per backend and sample; time ≈ samples × interval.
   */
  sampleWaits(intervalMs = 20): () => Promise<WaitSamples> {
    const seen: WaitSamples = {
      samples: 0,
      intervalMs,
      active: 0,
      lock: 0,
      lwlockOrIo: 0,
      idleInTransaction: 0,
    };
    let stopped = false;
    const loop = (async () => {
      while (!stopped) {
        const { rows } = await this.monitor.query<{ state: string | null; wait: string | null }>(
          `select state, wait_event_type as wait from pg_stat_activity
            where datname = any($1::text[]) and backend_type = 'client backend' and pid <> pg_backend_pid()`,
          [[...this.databases]],
        );
        seen.samples += 1;
        for (const r of rows) {
          if (r.state === 'active' && r.wait === 'Lock') seen.lock += 1;
          else if (r.state === 'active' && (r.wait === 'LWLock' || r.wait === 'IO')) seen.lwlockOrIo += 1;
          else if (r.state === 'active') seen.active += 1;
          else if (r.state?.startsWith('idle in transaction')) seen.idleInTransaction += 1;
        }
        await new Promise((r) => setTimeout(r, intervalMs));
      }
    })();
    return async () => {
      stopped = true;
      await loop;
      return seen;
    };
  }
}

/** `after - before`, field by field. */
export function countersBetween(before: PgCounters, after: PgCounters): PgCounters {
  const out = { ...after };
  for (const key of Object.keys(out) as (keyof PgCounters)[]) out[key] = after[key] - before[key];
  return out;
}

/** Per operation: transactions, rows read/written and WAL, rounded for printing. */
export function countersPer(delta: PgCounters, operations: number): Record<string, number> {
  const per = (n: number) => Math.round((n / operations) * 10_000) / 10_000;
  return {
    commits: per(delta.xactCommit),
    rollbacks: per(delta.xactRollback),
    rows_fetched: per(delta.tupFetched),
    rows_inserted: per(delta.tupInserted),
    rows_updated: per(delta.tupUpdated),
    wal_records: per(delta.walRecords),
    wal_bytes: Math.round(delta.walBytes / operations),
    wal_syncs: per(delta.walSync),
  };
}

/** Lock waits of a window in milliseconds per operation (backend-samples × interval ÷ operations). */
export function waitsPer(waits: WaitSamples, operations: number): Record<string, number> {
  const ms = (n: number) => Math.round(((n * waits.intervalMs) / operations) * 1000) / 1000;
  return {
    lock_wait_ms: ms(waits.lock),
    lwlock_io_ms: ms(waits.lwlockOrIo),
    running_ms: ms(waits.active),
    idle_in_transaction_ms: ms(waits.idleInTransaction),
  };
}

/** What a measured window on PostgreSQL saw, besides the bench's own figures. */
export interface PgWindow<T> {
  result: T;
  /** CPU of the app's processes (the instances, or the anchor), in microseconds. */
  appCpuUs: number;
  /** CPU of the database's processes (see the file's header), in microseconds. */
  dbCpuUs: number;
  /** Statements the app sent (the probes' counts) and their time from sending to answer, summed. */
  queries: number;
  queryMs: number;
  waits: WaitSamples;
}

/** Statement counts summed over the processes whose probes answer at `urls` (bench/pgQueryProbe.ts). */
export function probeUrls(urls: readonly string[]): () => Promise<PgQueryCounts> {
  return async () => {
    let queries = 0;
    let ms = 0;
    for (const url of urls) {
      const counts = (await (await fetch(url)).json()) as PgQueryCounts;
      queries += counts.queries;
      ms += counts.ms;
    }
    return { queries, ms };
  };
}

/**
 * Runs `run` (one measured window) and reads around it: the app's CPU (`appPids`), the database's
 * CPU, the statements the app sent (`queries`: its processes' bench/pgQueryCount.ts counts, summed)
 * and the backends' waits (sampled).
 */
export async function measurePg<T>(
  cluster: PgCluster,
  watch: { appPids: readonly number[]; queries: () => Promise<PgQueryCounts> },
  run: () => Promise<T>,
): Promise<PgWindow<T>> {
  const appCpu = () => watch.appPids.reduce((sum, pid) => sum + processCpuUs(pid), 0);
  const queriesBefore = await watch.queries();
  const dbBefore = await cluster.cpu();
  const appBefore = appCpu();
  const stopSampling = cluster.sampleWaits();
  const result = await run();
  const waits = await stopSampling();
  const appCpuUs = appCpu() - appBefore;
  const dbCpuUs = PgCluster.cpuBetween(dbBefore, await cluster.cpu());
  const queriesAfter = await watch.queries();
  return {
    result,
    appCpuUs,
    dbCpuUs,
    queries: queriesAfter.queries - queriesBefore.queries,
    queryMs: queriesAfter.ms - queriesBefore.ms,
    waits,
  };
}

/** A window's figures per operation: CPU of app and database, statements, waits. */
export function perOperation(window: PgWindow<unknown>, operations: number): Record<string, number> {
  const round2 = (n: number) => Math.round(n * 10_000) / 10_000;
  return {
    app_cpu_us: Math.round(window.appCpuUs / operations),
    db_cpu_us: Math.round(window.dbCpuUs / operations),
    statements: round2(window.queries / operations),
    query_ms: Math.round((window.queryMs / operations) * 1000) / 1000,
    ...waitsPer(window.waits, operations),
  };
}

/**
 * The database's counters per window, for windows run one after another with nothing between them
 * (each read after the counters settle, so this costs 10.5 s a window: the benches run it once per
 * side after their timed rounds). Answers each window's counters per operation.
 */
export async function censusPg(
  cluster: PgCluster,
  /** Each window runs and answers its operations. */
  windows: readonly (() => Promise<number>)[],
): Promise<Record<string, number>[]> {
  const out: Record<string, number>[] = [];
  let before = await cluster.settledCounters();
  for (const window of windows) {
    const operations = await window();
    const after = await cluster.settledCounters();
    out.push(countersPer(countersBetween(before, after), operations));
    before = after;
  }
  return out;
}
