// The PostgreSQL runs of npm run bench:ingest (BENCH_DB=postgres or both): the product with one app
// instance and with two (two server processes on one fresh database, request n to instance
// n mod 2), against the anchor (bench/ingestBareServer.ts given the database's URL: the same rows
// by the same 250-row INSERTs, the same commit grouping, on the same database and table) with the
// same request bodies as the SQLite rounds. Each side writes a project of its own (one instance,
// two instances and the anchor: the same event ids in all three). Rounds alternate one instance,
// two instances, anchor; medians. Around each window: the app processes' CPU and the database's
// (bench/pgBench.ts), the statements sent (the product under bench/pgQueryProbe.ts, then
// ingestCommitProbe.ts for its commits; the anchor counts its own), sampled waits. Then one more
// window of 500-event batches per side for the database's counters (fresh events).
import type { ChildProcess } from 'node:child_process';
import { Agent } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, median } from './benchHttp';
import { startProduct, waitFor } from './benchServer';
import { benchEvents } from './ingestData';
import {
  benchAccount,
  bodyOf,
  describe,
  round,
  startAnchor,
  stopped,
  type Body,
  type Round,
  type Target,
} from './ingestLoad';
import { censusPg, measurePg, perOperation, probeUrls, type PgCluster } from './pgBench';

export interface IngestTraffic {
  bigWarm: Body[];
  bigRounds: Body[][];
  smallWarm: Body[];
  smallRounds: Body[][];
  concurrency: number;
  smallConcurrency: number;
  zone: string;
}

interface Measured {
  round: Round;
  events: number;
  per: Record<string, number>;
}

export async function ingestOnPostgres(
  cluster: PgCluster,
  traffic: IngestTraffic,
  log: (line: string) => void,
): Promise<Record<string, number>> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-ingest-pg-'));
  const children: ChildProcess[] = [];
  try {
    const database = await cluster.createDatabase('ingest');
    const instances: { base: string; child: ChildProcess; commits: string; queries: string }[] = [];
    for (let i = 0; i < 2; i++) {
      const port = await freePort();
      const commitPort = await freePort();
      const queryPort = await freePort();
      const child = startProduct(
        database,
        dir,
        port,
        {
          BENCH_PROBE_PORT: String(commitPort),
          BENCH_PG_PROBE_PORT: String(queryPort),
          BENCH_PG_PROBE_NEXT: 'bench/ingestCommitProbe.ts',
        },
        'bench/pgQueryProbe.ts',
      );
      children.push(child);
      const base = `http://127.0.0.1:${port}`;
      await waitFor(`${base}/api/health`, child);
      instances.push({
        base,
        child,
        commits: `http://127.0.0.1:${commitPort}/`,
        queries: `http://127.0.0.1:${queryPort}/`,
      });
    }
    const project = await benchAccount(instances[0].base, traffic.zone);
    const oneProject = await project('Bench PG one', 'benchpg1');
    const twoProject = await project('Bench PG two', 'benchpg2');
    const anchorProject = await project('Bench PG anchor', 'benchpgbare');
    const anchorPort = await freePort();
    const anchor = startAnchor(database, anchorPort, anchorProject.id, anchorProject.accessKey, traffic.zone);
    children.push(anchor);
    const anchorBase = `http://127.0.0.1:${anchorPort}`;
    await waitFor(`${anchorBase}/stats`, anchor);
    const agent = () => new Agent({ keepAlive: true, maxSockets: traffic.smallConcurrency });
    const events = (base: string) => new URL(`${base}/api/sdk/v1/events`);
    const one: Target = {
      name: 'product, one instance',
      urls: [events(instances[0].base)],
      accessKey: oneProject.accessKey,
      pids: [instances[0].child.pid as number],
      statsUrls: [instances[0].commits],
      agent: agent(),
    };
    const two: Target = {
      name: 'product, two instances',
      urls: instances.map((i) => events(i.base)),
      accessKey: twoProject.accessKey,
      pids: instances.map((i) => i.child.pid as number),
      statsUrls: instances.map((i) => i.commits),
      agent: agent(),
    };
    const bare: Target = {
      name: 'anchor',
      urls: [events(anchorBase)],
      accessKey: anchorProject.accessKey,
      pids: [anchor.pid as number],
      statsUrls: [`${anchorBase}/stats`],
      agent: agent(),
    };
    const queriesOf = new Map<Target, () => Promise<{ queries: number; ms: number }>>([
      [one, probeUrls([instances[0].queries])],
      [two, probeUrls(instances.map((i) => i.queries))],
      [bare, probeUrls([`${anchorBase}/pg-queries`])],
    ]);
    const count = (bodies: Body[]) => bodies.reduce((n, b) => n + b.events, 0);

    // Warm-up of every side, not counted.
    for (const target of [one, two, bare]) {
      await round(target, traffic.bigWarm, traffic.concurrency);
      await round(target, traffic.smallWarm, traffic.smallConcurrency);
    }
    const measure = async (target: Target, bodies: Body[], concurrency: number): Promise<Measured> => {
      let per: Record<string, number> = {};
      const measured = await round(target, bodies, concurrency, async (window) => {
        const seen = await measurePg(
          cluster,
          {
            appPids: target.pids,
            queries: queriesOf.get(target) as () => Promise<{ queries: number; ms: number }>,
          },
          window,
        );
        per = perOperation(seen, count(bodies));
      });
      return { round: measured, events: count(bodies), per };
    };
    const line = (m: Measured) =>
      `${describe(m.round)}; CPU/event app ${m.per.app_cpu_us} µs + db ${m.per.db_cpu_us} µs, ` +
      `${m.per.statements} statements/event, lock wait ${m.per.lock_wait_ms} ms/event`;
    const compare = async (label: string, rounds: Body[][], concurrency: number) => {
      const out: { one: Measured; two: Measured; bare: Measured }[] = [];
      for (const [i, bodies] of rounds.entries()) {
        const m1 = await measure(one, bodies, concurrency);
        const m2 = await measure(two, bodies, concurrency);
        const mb = await measure(bare, bodies, concurrency);
        out.push({ one: m1, two: m2, bare: mb });
        log(`PostgreSQL ${label}, round ${i + 1}: product, one instance ${line(m1)}`);
        log(`  product, two instances ${line(m2)}`);
        log(`  anchor ${line(mb)}`);
      }
      return out;
    };
    const big = await compare('500-event batches', traffic.bigRounds, traffic.concurrency);
    const small = await compare('SDK-sized batches', traffic.smallRounds, traffic.smallConcurrency);

    // The database's counters per event: one more window of fresh 500-event batches per side.
    const census = [
      ...benchEvents({
        end: new Date(),
        days: 30,
        newPerDay: 2000,
        limit: 20_000,
        tag: 'pgc',
        seed: 43,
        zone: traffic.zone,
      }),
    ];
    const censusBodies: Body[] = [];
    for (let i = 0; i < census.length; i += 500) censusBodies.push(bodyOf(census.slice(i, i + 500)));
    const [c1, c2, cb] = await censusPg(
      cluster,
      [one, two, bare].map((target) => async () => {
        await round(target, censusBodies, traffic.concurrency);
        return census.length;
      }),
    );
    for (const [name, c] of [
      ['one instance', c1],
      ['two instances', c2],
      ['anchor', cb],
    ] as const)
      log(
        `PostgreSQL counters per event (${name}, one more window of ${census.length} events in 500-event batches): ` +
          `${c.commits} commits, rows fetched ${c.rows_fetched} inserted ${c.rows_inserted} updated ${c.rows_updated}, ` +
          `WAL ${c.wal_records} records ${c.wal_bytes} B ${c.wal_syncs} syncs (WAL: the whole cluster)`,
      );
    log(
      `PostgreSQL: one cluster, one fresh database for the product's two instances and the anchor (projects of their own in the same ` +
        `table); not measured: server starts and migrations, sign-up and projects, the warm-up of every side, the pause after each round, ` +
        `the census windows`,
    );
    for (const child of children) await stopped(child);

    type Sides = { one: Measured; two: Measured; bare: Measured };
    const med = (rounds: Sides[], pick: (s: Sides) => number) => median(rounds.map(pick));
    const ratio = (n: number) => Math.round(n * 1000) / 1000;
    return {
      pg_events_per_s: med(big, (s) => s.one.round.perSecond),
      pg_bare_per_s: med(big, (s) => s.bare.round.perSecond),
      pg_ratio: ratio(med(big, (s) => s.one.round.perSecond / s.bare.round.perSecond)),
      pg_p99_ms: med(big, (s) => s.one.round.p99),
      pg_bare_p99_ms: med(big, (s) => s.bare.round.p99),
      pg_cpu_us_per_event_app: med(big, (s) => s.one.per.app_cpu_us),
      pg_cpu_us_per_event_db: med(big, (s) => s.one.per.db_cpu_us),
      pg_bare_cpu_us_per_event_app: med(big, (s) => s.bare.per.app_cpu_us),
      pg_bare_cpu_us_per_event_db: med(big, (s) => s.bare.per.db_cpu_us),
      pg_statements_per_event: med(big, (s) => s.one.per.statements),
      pg_wal_bytes_per_event: c1.wal_bytes,
      pg_bare_wal_bytes_per_event: cb.wal_bytes,
      pg2_events_per_s: med(big, (s) => s.two.round.perSecond),
      pg2_ratio: ratio(med(big, (s) => s.two.round.perSecond / s.bare.round.perSecond)),
      pg2_p99_ms: med(big, (s) => s.two.round.p99),
      pg2_cpu_us_per_event_app: med(big, (s) => s.two.per.app_cpu_us),
      pg2_cpu_us_per_event_db: med(big, (s) => s.two.per.db_cpu_us),
      pg_small_events_per_s: med(small, (s) => s.one.round.perSecond),
      pg_small_bare_per_s: med(small, (s) => s.bare.round.perSecond),
      pg_small_ratio: ratio(med(small, (s) => s.one.round.perSecond / s.bare.round.perSecond)),
      pg_small_p99_ms: med(small, (s) => s.one.round.p99),
      pg_small_bare_p99_ms: med(small, (s) => s.bare.round.p99),
      pg_small_cpu_us_per_event_app: med(small, (s) => s.one.per.app_cpu_us),
      pg_small_cpu_us_per_event_db: med(small, (s) => s.one.per.db_cpu_us),
      pg2_small_events_per_s: med(small, (s) => s.two.round.perSecond),
      pg2_small_ratio: ratio(med(small, (s) => s.two.round.perSecond / s.bare.round.perSecond)),
    };
  } finally {
    for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
}
