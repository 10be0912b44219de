// The PostgreSQL runs of npm run bench:redirect (BENCH_DB=postgres or both): the redirector with
// one app instance and with two (two processes of redirectServer.ts on one fresh database; the
// second serves the links the first made), given the mix, against the bare node:http 302 (which
// touches no database) in the same alternation, medians of the rounds. With two instances the mix
// is split by alternation (request n to instance n mod 2), each instance with half the connections.
// On PostgreSQL the clicks go in through the product's PostgreSQL writer, KyselyClickWriter (the
// click queue hands it a batch when 500 clicks are waiting and every second; it writes the batch in
// one transaction of 50-row INSERTs on the app's own pool, in the app's process, during the round):
// so most of the loading is inside the round's window. What is still waiting at the round's end is
// written after it (timed and its CPU printed, outside the window, as on SQLite), and
// `pg_stored_rps` counts it: clicks / (round + time until they are all in the table).
// Around every window: the app processes' CPU and the database's (bench/pgBench.ts), the statements
// the app sent, sampled waits. Then one more window per side for the database's counters.
import type { ChildProcess } from 'node:child_process';
import { censusPg, measurePg, perOperation, PgCluster, type PgWindow } from './pgBench';
import type { PgQueryCounts } from './pgQueryCount';
import {
  CONNECTIONS,
  DURATION,
  ROUNDS,
  clicksStored,
  cpuSeconds,
  load,
  median,
  mixRequests,
  start,
  type Measured,
  type Request,
} from './redirectTraffic';

function pgQueries(child: ChildProcess): Promise<PgQueryCounts> {
  return new Promise((resolve) => {
    child.once('message', (answer: PgQueryCounts) => resolve(answer));
    child.send({ cmd: 'pg-queries' });
  });
}

interface Instance {
  child: ChildProcess;
  port: number;
}

/** One window of the mix over `instances` (requests alternating, connections split). */
async function mixLoad(instances: Instance[], mixes: Request[][]): Promise<Measured> {
  const parts = await Promise.all(
    instances.map((instance, i) =>
      load(instance.port, DURATION, {
        pid: instance.child.pid,
        requests: mixes[i],
        connections: CONNECTIONS / instances.length,
      }),
    ),
  );
  return {
    rps: parts.reduce((sum, p) => sum + p.rps, 0),
    total: parts.reduce((sum, p) => sum + p.total, 0),
    // The larger of the instances' p99s (their latencies are not merged).
    p99: Math.max(...parts.map((p) => p.p99)),
    cpuUs: parts.reduce((sum, p) => sum + p.cpuUs * p.total, 0) / parts.reduce((sum, p) => sum + p.total, 0),
  };
}

interface Side {
  instances: Instance[];
  mixes: Request[][];
}

interface Measured2 {
  window: PgWindow<Measured>;
  per: Record<string, number>;
  /** Writing the clicks still waiting after the window: time, and CPU per click of app and database. */
  settleMs: number;
  settleAppUs: number;
  settleDbUs: number;
}

export async function redirectOnPostgres(
  cluster: PgCluster,
  log: (line: string) => void,
): Promise<Record<string, number>> {
  const database = await cluster.createDatabase('redirect');
  const first = await start('app', undefined, { BENCH_DATABASE_URL: database });
  const started = [first.child];
  try {
    const { path, mixPaths, strategyPath } = first.ready;
    const second = await start('app', undefined, {
      BENCH_DATABASE_URL: database,
      BENCH_REDIRECT_PATHS: JSON.stringify({ path, mixPaths, strategyPath }),
    });
    started.push(second.child);
    const bare = await start('bare');
    started.push(bare.child);
    const a: Instance = { child: first.child, port: first.ready.port };
    const b: Instance = { child: second.child, port: second.ready.port };
    const mixFor = (port: number) => mixRequests(`bench.localhost:${port}`, mixPaths ?? [path ?? '/']);
    const mixA = mixFor(a.port);
    const mixB = mixFor(b.port);
    // Two instances: the same mix, request n to instance n mod 2.
    const one: Side = { instances: [a], mixes: [mixA] };
    const two: Side = {
      instances: [a, b],
      mixes: [mixA.filter((_, i) => i % 2 === 0), mixB.filter((_, i) => i % 2 === 1)],
    };
    const bareMix = mixFor(bare.ready.port);
    const queriesOf = (side: Side) => async () => {
      let queries = 0;
      let ms = 0;
      for (const instance of side.instances) {
        const counts = await pgQueries(instance.child);
        queries += counts.queries;
        ms += counts.ms;
      }
      return { queries, ms };
    };
    const pidsOf = (side: Side) => side.instances.map((i) => i.child.pid as number);
    const appCpuUs = (side: Side) => pidsOf(side).reduce((sum, pid) => sum + cpuSeconds(pid) * 1e6, 0);

    // Warm-up of every path (JIT, link caches, the first click batches); not measured.
    await load(a.port, 2, { requests: mixA });
    await load(b.port, 2, { requests: mixB });
    await clicksStored(a.child);
    await clicksStored(b.child);
    await load(bare.ready.port, 2, { requests: bareMix });
    let answered = 0;
    const before = await clicksStored(a.child);

    const measure = async (side: Side): Promise<Measured2> => {
      const window = await measurePg(cluster, { appPids: pidsOf(side), queries: queriesOf(side) }, () =>
        mixLoad(side.instances, side.mixes),
      );
      answered += window.result.total;
      const started = performance.now();
      const app = appCpuUs(side);
      const db = await cluster.cpu();
      for (const instance of side.instances) await clicksStored(instance.child);
      const settleMs = performance.now() - started;
      return {
        window,
        per: perOperation(window, window.result.total),
        settleMs,
        settleAppUs: (appCpuUs(side) - app) / window.result.total,
        settleDbUs: PgCluster.cpuBetween(db, await cluster.cpu()) / window.result.total,
      };
    };
    const describe = (m: Measured2) =>
      `${Math.round(m.window.result.rps)} req/s p99 ${m.window.result.p99} ms, CPU/req app ${m.per.app_cpu_us} µs + db ${m.per.db_cpu_us} µs, ` +
      `${m.per.statements} statements/click; the clicks still waiting all in the table ${(m.settleMs / 1000).toFixed(1)} s after the round ` +
      `(CPU/click app ${m.settleAppUs.toFixed(1)} µs + db ${m.settleDbUs.toFixed(1)} µs)`;
    const rounds: { one: Measured2; two: Measured2; bare: PgWindow<Measured> }[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const m1 = await measure(one);
      const m2 = await measure(two);
      const mb = await measurePg(
        cluster,
        { appPids: [bare.child.pid as number], queries: async () => ({ queries: 0, ms: 0 }) },
        () => load(bare.ready.port, DURATION, { pid: bare.child.pid, requests: bareMix }),
      );
      rounds.push({ one: m1, two: m2, bare: mb });
      log(`PostgreSQL round ${r + 1}: redirector, one instance (mix) ${describe(m1)}`);
      log(`  redirector, two instances (mix, the larger p99) ${describe(m2)}`);
      const bp = perOperation(mb, mb.result.total);
      log(
        `  bare (mix) ${Math.round(mb.result.rps)} req/s p99 ${mb.result.p99} ms, CPU/req ${bp.app_cpu_us} µs (db ${bp.db_cpu_us} µs)`,
      );
    }
    // The database's counters per click: one more window per side, clicks all stored, each read
    // after the counters settle.
    const [c1, c2] = await censusPg(
      cluster,
      [one, two].map((side) => async () => {
        const measured = await mixLoad(side.instances, side.mixes);
        answered += measured.total;
        for (const instance of side.instances) await clicksStored(instance.child);
        return measured.total;
      }),
    );
    for (const [name, c] of [
      ['one instance', c1],
      ['two instances', c2],
    ] as const)
      log(
        `PostgreSQL counters per click (${name}, one more window, clicks all stored): ${c.commits} commits, ` +
          `rows inserted ${c.rows_inserted}, WAL ${c.wal_records} records ${c.wal_bytes} B ${c.wal_syncs} syncs (WAL: the whole cluster)`,
      );
    const stored = (await clicksStored(a.child)) - before;
    log(
      `PostgreSQL: one cluster, a fresh database for both instances; ${stored} of ${answered} answered clicks stored; ` +
        `clicks written by KyselyClickWriter (500-click batches, one transaction of 50-row INSERTs each) in the app's process; ` +
        `outside the windows: server starts, link set-up, 2 s warm-up of each instance and the bare server, ` +
        `the writing of the clicks still waiting after each round (timed above; counted in pg_stored_rps), the census windows`,
    );
    if (stored < answered) throw new Error(`PostgreSQL: only ${stored} of ${answered} clicks were stored`);

    const med = (pick: (r: (typeof rounds)[number]) => number) => median(rounds.map(pick));
    const fixed = (n: number, digits = 3) => Number(n.toFixed(digits));
    return {
      pg_rps: Math.round(med((r) => r.one.window.result.rps)),
      pg_bare_rps: Math.round(med((r) => r.bare.result.rps)),
      pg_ratio: fixed(med((r) => r.one.window.result.rps / r.bare.result.rps)),
      pg_p99_ms: med((r) => r.one.window.result.p99),
      pg_bare_p99_ms: med((r) => r.bare.result.p99),
      pg_cpu_us_per_req_app: med((r) => r.one.per.app_cpu_us),
      pg_cpu_us_per_req_db: med((r) => r.one.per.db_cpu_us),
      pg_bare_cpu_us_per_req: med((r) => perOperation(r.bare, r.bare.result.total).app_cpu_us),
      pg_statements_per_click: med((r) => r.one.per.statements),
      pg_settle_s: fixed(
        med((r) => r.one.settleMs / 1000),
        2,
      ),
      pg_stored_rps: Math.round(med((r) => r.one.window.result.total / (DURATION + r.one.settleMs / 1000))),
      pg_wal_bytes_per_click: c1.wal_bytes,
      pg2_rps: Math.round(med((r) => r.two.window.result.rps)),
      pg2_ratio: fixed(med((r) => r.two.window.result.rps / r.bare.result.rps)),
      pg2_p99_ms: med((r) => r.two.window.result.p99),
      pg2_cpu_us_per_req_app: med((r) => r.two.per.app_cpu_us),
      pg2_cpu_us_per_req_db: med((r) => r.two.per.db_cpu_us),
      pg2_stored_rps: Math.round(med((r) => r.two.window.result.total / (DURATION + r.two.settleMs / 1000))),
      pg2_wal_bytes_per_click: c2.wal_bytes,
    };
  } finally {
    for (const child of started) child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
  }
}
