// The PostgreSQL runs of npm run bench:draw (BENCH_DB=postgres or both): the product with one app
// instance and with two (two server processes on one database; participant n draws on instance
// n mod 2), against bench/drawBareServer.ts on a database of its own on the same cluster (the same
// statements as on SQLite: session lookup, then the conditional stock UPDATE and the reward INSERT
// in one transaction, through createDb's pool). Each round runs one instance, two instances and
// the anchor in turn; the figures are medians of the rounds. Around every window the bench reads
// the app processes' CPU and the database's (bench/pgBench.ts), the statements each side sent
// (the product runs under bench/pgQueryProbe.ts, the anchor counts its own) and what the backends
// waited on (sampled). Then one more window per side, each followed by 10.5 s for the database's
// counters (pg_stat_database, pg_stat_wal) to settle: commits, rows and WAL per draw.
// Afterwards the product's database is checked: no prize won beyond its stock, reward rows equal
// to the counters. Both databases are fresh and dropped at the end.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createDb } from '../src/server/db/createDb';
import { freePort, median } from './benchHttp';
import { startProduct, waitFor } from './benchServer';
import { checkStock, seedDrawAnchor, setUpDrawCampaign } from './drawCampaign';
import { round, type Round } from './drawLoad';
import { censusPg, measurePg, perOperation, probeUrls, type PgCluster, type PgWindow } from './pgBench';

const root = resolve(import.meta.dirname, '..');

interface Side {
  name: string;
  urls: URL[];
  tokens: string[];
  pids: number[];
  probes: string[];
}

interface Measured {
  round: Round;
  window: PgWindow<Round>;
  per: Record<string, number>;
}

async function stopped(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

export async function drawOnPostgres(
  cluster: PgCluster,
  sizes: { participants: number; draws: number; rounds: number; warmUp: number },
  log: (line: string) => void,
): Promise<Record<string, number>> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-draw-pg-'));
  const children: ChildProcess[] = [];
  try {
    const productDb = await cluster.createDatabase('draw');
    const anchorDb = await cluster.createDatabase('drawbare');
    // Two instances of the product on one database, each under the query probe.
    const instances: { base: string; child: ChildProcess; probe: string }[] = [];
    for (let i = 0; i < 2; i++) {
      const port = await freePort();
      const probePort = await freePort();
      const child = startProduct(
        productDb,
        dir,
        port,
        { BENCH_PG_PROBE_PORT: String(probePort) },
        'bench/pgQueryProbe.ts',
      );
      children.push(child);
      const base = `http://127.0.0.1:${port}`;
      await waitFor(`${base}/api/health`, child);
      instances.push({ base, child, probe: `http://127.0.0.1:${probePort}/` });
    }
    const { campaign, productTokens } = await setUpDrawCampaign(instances[0].base, sizes.participants);
    const anchorTokens = await seedDrawAnchor(anchorDb, sizes.participants);
    const anchorPort = await freePort();
    const anchor = spawn(
      process.execPath,
      ['--import', 'tsx', 'bench/drawBareServer.ts', anchorDb, String(anchorPort)],
      { cwd: root, env: { ...process.env, NODE_ENV: 'production' }, stdio: ['ignore', 'inherit', 'inherit'] },
    );
    children.push(anchor);
    const anchorBase = `http://127.0.0.1:${anchorPort}`;
    await waitFor(`${anchorBase}/`, anchor);

    const drawUrl = (base: string) => new URL(`${base}/api/play/v1/campaigns/${campaign.id}/actions/draw`);
    const one: Side = {
      name: 'one instance',
      urls: [drawUrl(instances[0].base)],
      tokens: productTokens,
      pids: [instances[0].child.pid as number],
      probes: [instances[0].probe],
    };
    const two: Side = {
      name: 'two instances',
      urls: instances.map((i) => drawUrl(i.base)),
      tokens: productTokens,
      pids: instances.map((i) => i.child.pid as number),
      probes: instances.map((i) => i.probe),
    };
    const bare: Side = {
      name: 'bare',
      urls: [new URL(`${anchorBase}/draw/c`)],
      tokens: anchorTokens,
      pids: [anchor.pid as number],
      probes: [`${anchorBase}/pg-queries`],
    };
    // Warm-up of every side (JIT, statement caches, the database's buffers), not counted.
    for (const side of [two, bare]) await round(side.urls, side.tokens, sizes.warmUp, 7, side.pids);

    const measure = async (side: Side, offset: number): Promise<Measured> => {
      const window = await measurePg(cluster, { appPids: side.pids, queries: probeUrls(side.probes) }, () =>
        round(side.urls, side.tokens, sizes.draws, offset, side.pids),
      );
      return { round: window.result, window, per: perOperation(window, sizes.draws) };
    };
    const describe = (m: Measured) =>
      `${m.round.perSecond} draws/s p50 ${m.round.p50} p99 ${m.round.p99} ms, CPU/draw app ${m.per.app_cpu_us} µs + db ${m.per.db_cpu_us} µs, ` +
      `${m.per.statements} statements (${m.per.query_ms} ms from send to answer), ` +
      `lock wait ${m.per.lock_wait_ms} ms, idle in transaction ${m.per.idle_in_transaction_ms} ms ${JSON.stringify(m.round.statuses)}`;
    const rounds: { one: Measured; two: Measured; bare: Measured }[] = [];
    for (let r = 0; r < sizes.rounds; r++) {
      const offset = r * sizes.draws;
      const m1 = await measure(one, offset);
      const m2 = await measure(two, offset);
      const mb = await measure(bare, offset);
      rounds.push({ one: m1, two: m2, bare: mb });
      log(`PostgreSQL round ${r + 1}: product, one instance: ${describe(m1)}`);
      log(`  product, two instances: ${describe(m2)}`);
      log(`  bare: ${describe(mb)}`);
    }
    // The database's own counters per draw: one more window per side, each read after the
    // counters settle (outside the timed rounds; see censusPg).
    const censusOffset = sizes.rounds * sizes.draws;
    const [c1, c2, cb] = await censusPg(
      cluster,
      [one, two, bare].map((side) => async () => {
        await round(side.urls, side.tokens, sizes.draws, censusOffset, side.pids);
        return sizes.draws;
      }),
    );
    for (const [name, c] of [
      ['one instance', c1],
      ['two instances', c2],
      ['bare', cb],
    ] as const)
      log(
        `PostgreSQL counters per draw (${name}, one more window): ${c.commits} commits, ${c.rollbacks} rollbacks, ` +
          `rows fetched ${c.rows_fetched} inserted ${c.rows_inserted} updated ${c.rows_updated}, ` +
          `WAL ${c.wal_records} records ${c.wal_bytes} B ${c.wal_syncs} syncs (WAL: the whole cluster)`,
      );
    for (const child of [...instances.map((i) => i.child), anchor]) await stopped(child);
    const check = (await createDb(productDb)).db;
    const oversold = await checkStock(check, campaign.id, log);
    await check.destroy();
    log(
      `PostgreSQL: one cluster (synchronous_commit on), the product's database and the anchor's, both fresh; ` +
        `CPU of the database = the cluster's processes serving them (their backends and the background ` +
        `writers, WAL writer and checkpointer) over each window; not measured: server starts and migrations, ` +
        `set-up, the ${sizes.warmUp} warm-up draws per side, the census windows (counters only)`,
    );

    const med = (pick: (m: { one: Measured; two: Measured; bare: Measured }) => number) =>
      median(rounds.map(pick));
    const ratio = (n: number) => Math.round(n * 1000) / 1000;
    const oneRate = med((m) => m.one.round.perSecond);
    const twoRate = med((m) => m.two.round.perSecond);
    const bareRate = med((m) => m.bare.round.perSecond);
    return {
      pg_draws_per_s: oneRate,
      pg_bare_per_s: bareRate,
      pg_ratio: ratio(med((m) => m.one.round.perSecond / m.bare.round.perSecond)),
      pg_p50_ms: med((m) => m.one.round.p50),
      pg_p99_ms: med((m) => m.one.round.p99),
      pg_bare_p50_ms: med((m) => m.bare.round.p50),
      pg_bare_p99_ms: med((m) => m.bare.round.p99),
      pg_cpu_us_per_draw_app: med((m) => m.one.per.app_cpu_us),
      pg_cpu_us_per_draw_db: med((m) => m.one.per.db_cpu_us),
      pg_bare_cpu_us_per_draw_app: med((m) => m.bare.per.app_cpu_us),
      pg_bare_cpu_us_per_draw_db: med((m) => m.bare.per.db_cpu_us),
      pg_statements_per_draw: med((m) => m.one.per.statements),
      pg_bare_statements_per_draw: med((m) => m.bare.per.statements),
      pg_lock_wait_ms_per_draw: med((m) => m.one.per.lock_wait_ms),
      pg_bare_lock_wait_ms_per_draw: med((m) => m.bare.per.lock_wait_ms),
      pg2_draws_per_s: twoRate,
      pg2_ratio: ratio(med((m) => m.two.round.perSecond / m.bare.round.perSecond)),
      pg2_vs_pg: ratio(twoRate / oneRate),
      pg2_p50_ms: med((m) => m.two.round.p50),
      pg2_p99_ms: med((m) => m.two.round.p99),
      pg2_cpu_us_per_draw_app: med((m) => m.two.per.app_cpu_us),
      pg2_cpu_us_per_draw_db: med((m) => m.two.per.db_cpu_us),
      pg2_lock_wait_ms_per_draw: med((m) => m.two.per.lock_wait_ms),
      pg_commits_per_draw: c1.commits,
      pg_bare_commits_per_draw: cb.commits,
      pg_wal_bytes_per_draw: c1.wal_bytes,
      pg_bare_wal_bytes_per_draw: cb.wal_bytes,
      pg_oversold: oversold,
    };
  } finally {
    for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    rmSync(dir, { recursive: true, force: true });
  }
}
