// npm run bench:ingest: SDK events per second accepted through HTTP by the product (a real server
// process, `src/server/main.ts`, on a SQLite file) against an anchor on the same file taking the
// same HTTP traffic: bench/ingestBareServer.ts, a bare Fastify route on the same path that parses
// the same bodies and stores the same rows by bare prepared multi-row INSERTs, with the product's
// connection settings (configureSqlite) and the product's commit grouping (IngestQueue's rule,
// copied: the batches submitted in one turn of the event loop, and those arriving while a
// transaction runs, go together into one transaction of at most 5,000 events). Both sides answer
// after the commit. Two kinds of traffic, each in rounds that alternate product / anchor (3 of
// each by default), medians reported:
//  - 500-event batches (the route's maximum), 4 requests in flight;
//  - SDK-sized batches: 20 to 50 events a request (seeded sizes), 50 requests in flight, each the
//    next events of the generated fleet (a few devices' sessions of one day).
// Each round line gives both sides' events/s, server CPU per event (from /proc) and commits
// (batches and events per commit, counted inside the product by bench/ingestCommitProbe.ts and by
// the anchor itself). The previous release's anchor (bare INSERTs in this process, no HTTP, one
// transaction per 500 rows) is still run once and printed beside, for one release.
// Then the dashboard queries (DAU/WAU/MAU over 30 days, 30-day retention of 30 cohorts) over 1
// million events from the rollups vs the same questions on the raw events table. The 1M-event
// query data set is loaded in-process through the same ingest function the HTTP route uses
// (validateSdkEvent + ingestEvents), which is said in the output.
// With BENCH_DB=both (the default) or postgres, the HTTP rounds follow on PostgreSQL with one and
// two product instances (bench/ingestPg.ts), on the same bodies.
// Last line: one JSON object (PostgreSQL's figures under pg_ and pg2_ keys).
import type { ChildProcess } from 'node:child_process';
import { Agent } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { configureSqlite, createDb } from '../src/server/db/createDb';
import { ingestEvents } from '../src/server/sdk/ingestEvents';
import { isRefusal, validateSdkEvent, type IngestEvent } from '../src/server/sdk/validateSdkEvent';
import { activeUsers } from '../src/server/insights/activeUsers';
import { retention } from '../src/server/insights/retention';
import { localDayNumber } from '../src/engine/rules/timeZone';
import { rebuildRollups } from '../src/server/sdk/rebuildRollups';
import { benchEvents, type BenchEvent } from './ingestData';
import { rawActiveUsers, rawRetention } from './ingestRawQueries';
import { eventInserts } from './ingestInsert';
import { freePort, median } from './benchHttp';
import { startProduct, waitFor } from './benchServer';
import { ingestOnPostgres, type IngestTraffic } from './ingestPg';
import { benchDb, PgCluster } from './pgBench';
import {
  PAUSE_MS,
  SMALL_MAX,
  SMALL_MIN,
  bodyOf,
  describe,
  round,
  smallBodies,
  stopped,
  take,
  type Body,
  type Target,
  benchAccount,
  startAnchor,
} from './ingestLoad';

/** Events per round and side in 500-event batches. */
const HTTP_EVENTS = Number(process.env.BENCH_HTTP_EVENTS ?? 100_000);
/** Events per round and side in SDK-sized batches. */
const SMALL_EVENTS = Number(process.env.BENCH_SMALL_EVENTS ?? 30_000);
const QUERY_EVENTS = Number(process.env.BENCH_QUERY_EVENTS ?? 1_000_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const BATCH = 500;
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const SMALL_CONCURRENCY = Number(process.env.BENCH_SMALL_CONCURRENCY ?? 50);
// Before the first round, on each side: JIT, statement caches, SQLite page cache. Not counted.
const WARM_BATCHES = 5;
const WARM_SMALL = 200;
// The projects' time zone: GMT+08:00, the default of a zh-CN console (days cut at local midnight).
const ZONE = process.env.BENCH_ZONE ?? 'Asia/Shanghai';
const log = (line: string) => console.log(line);

/** The product server, wrapped by the commit probe (its commits are counted on `probePort`). */
function startProbedProduct(databaseUrl: string, dir: string, port: number, probePort: number): ChildProcess {
  return startProduct(
    databaseUrl,
    dir,
    port,
    { BENCH_PROBE_PORT: String(probePort) },
    'bench/ingestCommitProbe.ts',
  );
}

function batches<T>(items: Iterable<T>, size: number): T[][] {
  const out: T[][] = [];
  let current: T[] = [];
  for (const item of items) {
    current.push(item);
    if (current.length === size) {
      out.push(current);
      current = [];
    }
  }
  if (current.length) out.push(current);
  return out;
}

async function timed<T>(runs: number, fn: () => Promise<T>): Promise<{ ms: number; result: T }> {
  let result = await fn(); // warm-up (statement preparation, page cache)
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const start = performance.now();
    result = await fn();
    times.push(performance.now() - start);
  }
  return { ms: Math.round(median(times) * 10) / 10, result };
}

/** Alternating rounds (product, anchor, product, ...) of one kind of traffic; answers the medians. */
async function compare(
  label: string,
  targets: { product: Target; anchor: Target },
  rounds: Body[][],
  concurrency: number,
): Promise<{ product: number; anchor: number; ratio: number }> {
  const productRates: number[] = [];
  const anchorRates: number[] = [];
  for (const [i, bodies] of rounds.entries()) {
    const p = await round(targets.product, bodies, concurrency);
    const a = await round(targets.anchor, bodies, concurrency);
    productRates.push(p.perSecond);
    anchorRates.push(a.perSecond);
    log(
      `${label}, round ${i + 1}: product ${describe(p)} | anchor ${describe(a)} | ratio ${(p.perSecond / a.perSecond).toFixed(3)}`,
    );
  }
  const product = median(productRates);
  const anchor = median(anchorRates);
  const ratio = Math.round((product / anchor) * 1000) / 1000;
  log(
    `${label}, medians of ${rounds.length} rounds: product ${product} events/s, anchor ${anchor} events/s, ratio ${ratio}`,
  );
  return { product, anchor, ratio };
}

const dir = mkdtempSync(join(tmpdir(), 'bench-ingest-'));
const dbFile = join(dir, 'bench.db');
const databaseUrl = `sqlite:${dbFile}`;
const now = new Date();
const children: ChildProcess[] = [];

// 3. The traffic, made and serialized before any round: the generated fleet (seeded), cut into
// 500-event batches, and a second fleet cut into SDK-sized batches.
const fleet = (tag: string, seed: number, limit: number) => [
  ...benchEvents({ end: now, days: 30, newPerDay: 2000, limit, tag, seed, zone: ZONE }),
];
const big = batches(fleet('h', 42, WARM_BATCHES * BATCH + ROUNDS * HTTP_EVENTS), BATCH).map(bodyOf);
const bigWarm = big.splice(0, WARM_BATCHES);
const bigRounds = Array.from({ length: ROUNDS }, () => take(big, HTTP_EVENTS));
const small = smallBodies(fleet('s', 11, WARM_SMALL * SMALL_MAX + ROUNDS * SMALL_EVENTS), 5);
const smallWarm = small.splice(0, WARM_SMALL);
const smallRounds = Array.from({ length: ROUNDS }, () => take(small, SMALL_EVENTS));
const count = (bodies: Body[]) => bodies.reduce((n, b) => n + b.events, 0);

// BENCH_DB (sqlite, postgres, both: the default) says which databases run; the PostgreSQL runs
// (bench/ingestPg.ts) come after the SQLite ones, on the same request bodies, their figures under
// pg_ and pg2_ keys.
const choice = benchDb();
const pgTraffic: IngestTraffic = {
  bigWarm,
  bigRounds,
  smallWarm,
  smallRounds,
  concurrency: CONCURRENCY,
  smallConcurrency: SMALL_CONCURRENCY,
  zone: ZONE,
};
async function postgresFigures(): Promise<Record<string, number>> {
  const cluster = await PgCluster.open(choice);
  if (!cluster) return {};
  try {
    return await ingestOnPostgres(cluster, pgTraffic, log);
  } finally {
    await cluster.close();
  }
}
if (!choice.sqlite) {
  log(JSON.stringify(await postgresFigures()));
  rmSync(dir, { recursive: true, force: true });
  process.exit(0);
}

/** The last line's figures: SQLite's under their own keys, then PostgreSQL's. */
const figures: Record<string, number> = {};
try {
  // 1. The product: a real server process on the SQLite file; the clients in this one.
  const port = await freePort();
  const probePort = await freePort();
  const product = startProbedProduct(databaseUrl, dir, port, probePort);
  children.push(product);
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/api/health`, product);
  const project = await benchAccount(base, ZONE);
  const httpProject = await project('Bench HTTP', 'benchhttp');
  // The anchor's rows go to a project of their own in the same file and table: the same event ids
  // as the product's, so both sides receive byte-identical bodies.
  const anchorProject = await project('Bench anchor', 'benchanchor');
  const queryProject = await project('Bench queries', 'benchq');

  // 2. The anchor: a bare Fastify route on the same file, with the same settings and grouping.
  const anchorPort = await freePort();
  const anchor = startAnchor(dbFile, anchorPort, anchorProject.id, anchorProject.accessKey, ZONE);
  children.push(anchor);
  await waitFor(`http://127.0.0.1:${anchorPort}/stats`, anchor);
  const targets = {
    product: {
      name: 'product',
      urls: [new URL(`${base}/api/sdk/v1/events`)],
      accessKey: httpProject.accessKey,
      pids: [product.pid as number],
      statsUrls: [`http://127.0.0.1:${probePort}/`],
      agent: new Agent({ keepAlive: true, maxSockets: SMALL_CONCURRENCY }),
    },
    anchor: {
      name: 'anchor',
      urls: [new URL(`http://127.0.0.1:${anchorPort}/api/sdk/v1/events`)],
      accessKey: anchorProject.accessKey,
      pids: [anchor.pid as number],
      statsUrls: [`http://127.0.0.1:${anchorPort}/stats`],
      agent: new Agent({ keepAlive: true, maxSockets: SMALL_CONCURRENCY }),
    },
  } satisfies Record<string, Target>;

  log(
    `product: src/server/main.ts (NODE_ENV=production; its SDK route: access key, validation, raw rows, rollups, request log) on ${dbFile}; ` +
      `anchor: bench/ingestBareServer.ts (bare Fastify route, same path and body check, bare prepared 250-row INSERTs of the same rows) on the same file; ` +
      `both with configureSqlite (WAL, synchronous=NORMAL, foreign keys, busy timeout, 64 MiB page cache)`,
  );
  log(
    `commit grouping, both sides (the product's IngestQueue; the anchor has a copy of its rule): an idle queue starts a transaction at the end of the event loop's turn ` +
      `with the batches submitted in it, batches that arrive meanwhile go together into the next one, at most 5,000 events a commit; ` +
      `each answer is sent after its batch's commit; the round lines give the commits each side made`,
  );
  log(
    `traffic: both sides get the same request bodies, ${ROUNDS} rounds each, alternating product / anchor; ` +
      `500-event batches: ${count(bigRounds[0])} events a round, ${CONCURRENCY} in flight; ` +
      `SDK-sized batches: ${SMALL_MIN}-${SMALL_MAX} events a request (seeded), ${count(smallRounds[0])} events (${smallRounds[0].length} requests) a round, ${SMALL_CONCURRENCY} in flight`,
  );
  log(
    `not measured: server starts and migrations, sign-up and projects, generating and serializing the bodies, ` +
      `warm-up (${WARM_BATCHES} 500-event batches and ${WARM_SMALL} small ones to each side before the first round), ` +
      `the ${PAUSE_MS} ms pause after each round (the product's request log rows still queued, at most 199, are written then), ` +
      `server shutdown, the previous release's anchor and the query part (timed on their own below)`,
  );

  // Warm-up of both, not counted.
  for (const target of [targets.product, targets.anchor]) {
    await round(target, bigWarm, CONCURRENCY);
    await round(target, smallWarm, SMALL_CONCURRENCY);
  }

  const big500 = await compare('500-event batches', targets, bigRounds, CONCURRENCY);
  const sdkSized = await compare(
    `${SMALL_MIN}-${SMALL_MAX}-event batches`,
    targets,
    smallRounds,
    SMALL_CONCURRENCY,
  );
  await stopped(product);
  await stopped(anchor);

  // 4. The previous release's anchor, for one release: bare batched INSERTs of as many rows as a
  // 500-event round, in this process (no HTTP), one transaction per 500 rows.
  const bareEvents = fleet('b', 7, count(bigRounds[0]));
  const sqlite = new SqliteDatabase(dbFile);
  // The same connection settings as the server's, so only the path in between is measured.
  configureSqlite(sqlite);
  const statementFor = eventInserts(sqlite);
  const receivedAt = now.toISOString();
  const insertBatch = sqlite.transaction((batch: BenchEvent[]) => {
    for (let i = 0; i < batch.length; i += 250) {
      const part = batch.slice(i, i + 250);
      const params: unknown[] = [];
      for (const e of part) {
        params.push(
          anchorProject.id,
          e.eventId,
          e.name,
          'standard',
          e.deviceId,
          null,
          e.platform,
          e.time,
          localDayNumber(Date.parse(e.time), ZONE),
          e.data ? JSON.stringify(e.data) : null,
          null,
          null,
          null,
          e.sdkVersion,
          e.appVersion,
          e.os,
          null,
          e.country,
          e.language,
          0,
          receivedAt,
          'sdk',
        );
      }
      statementFor(part.length).run(...params);
    }
  });
  const bareBatches = batches(bareEvents, BATCH);
  const bareStart = performance.now();
  for (const batch of bareBatches) insertBatch(batch);
  const bareSeconds = (performance.now() - bareStart) / 1000;
  const oldBarePerS = Math.round(bareEvents.length / bareSeconds);
  sqlite.close();
  const oldRatio = Math.round((big500.product / oldBarePerS) * 1000) / 1000;
  log(
    `previous release's anchor (kept for one release): ${bareEvents.length} rows as prepared 250-row INSERTs in this process, no HTTP, ` +
      `one transaction per ${BATCH}: ${bareSeconds.toFixed(2)} s, ${oldBarePerS} rows/s; product median / it = ${oldRatio}`,
  );

  // 5. The 1M-event query data set, loaded in-process through the route's own ingest functions.
  const { db } = await createDb(databaseUrl);
  const loadStart = performance.now();
  let loaded = 0;
  let pending: IngestEvent[] = [];
  const nowMs = now.getTime();
  const none = new Set<string>();
  for (const e of benchEvents({
    end: now,
    days: 30,
    newPerDay: 950,
    limit: QUERY_EVENTS,
    tag: 'q',
    seed: 99,
    zone: ZONE,
  })) {
    const valid = validateSdkEvent(e, nowMs, none, none);
    if (isRefusal(valid)) throw new Error(`generated event refused: ${valid.reason}`);
    pending.push(valid);
    if (pending.length === BATCH) {
      loaded += (await ingestEvents(db, queryProject.id, pending, receivedAt)).inserted;
      pending = [];
    }
  }
  if (pending.length) loaded += (await ingestEvents(db, queryProject.id, pending, receivedAt)).inserted;
  const loadSeconds = (performance.now() - loadStart) / 1000;
  log(
    `query data set: ${loaded} events loaded in-process through validateSdkEvent + ingestEvents (the HTTP route's functions) in ${loadSeconds.toFixed(1)} s (${Math.round(loaded / loadSeconds)} events/s without HTTP)`,
  );
  const counts = await db
    .selectFrom('sdk_device_days')
    .select((eb) => [eb.fn.countAll().as('rows'), eb.fn.count('device_id').distinct().as('devices')])
    .where('project_id', '=', queryProject.id)
    .executeTakeFirstOrThrow();
  log(`rollups: ${counts.rows} device-days of ${counts.devices} devices`);

  // 6. Dashboards: the last 30 days.
  const today = localDayNumber(nowMs, ZONE);
  const from = today - 30;
  const to = today - 1;
  const dau = await timed(5, () => activeUsers(db, queryProject.id, from, to));
  const rawDau = await timed(3, () => rawActiveUsers(db, queryProject.id, from, to, ZONE));
  const ret = await timed(5, () => retention(db, queryProject.id, from, to, 30, today));
  const rawRet = await timed(3, () => rawRetention(db, queryProject.id, from, to, 30, today));
  const sameActive = JSON.stringify(dau.result) === JSON.stringify(rawDau.result);
  const sameRetention = JSON.stringify(ret.result) === JSON.stringify(rawRet.result);
  log(
    `DAU/WAU/MAU for 30 days: ${dau.ms} ms from rollups, ${rawDau.ms} ms from raw events (same answer: ${sameActive})`,
  );
  log(
    `30-day retention of 30 cohorts: ${ret.ms} ms from rollups, ${rawRet.ms} ms from raw events (same answer: ${sameRetention})`,
  );
  // 7. A time zone change: the 1M-event project's day columns and rollups rebuilt from its raw
  // events (what PUT /api/projects/:id does before answering), then the same questions again.
  const rebuildStart = performance.now();
  await db.transaction().execute((trx) => rebuildRollups(trx, queryProject.id, 'America/New_York'));
  const rebuildMs = Math.round(performance.now() - rebuildStart);
  const nyToday = localDayNumber(nowMs, 'America/New_York');
  const nyDau = await activeUsers(db, queryProject.id, nyToday - 30, nyToday - 1);
  const nyRaw = await rawActiveUsers(db, queryProject.id, nyToday - 30, nyToday - 1, 'America/New_York');
  const sameAfterRebuild = JSON.stringify(nyDau) === JSON.stringify(nyRaw);
  log(
    `time zone change (Asia/Shanghai -> America/New_York): ${loaded} events recounted in ${(rebuildMs / 1000).toFixed(1)} s (DAU/WAU/MAU same as raw events: ${sameAfterRebuild})`,
  );
  await db.destroy();
  if (!sameActive || !sameRetention || !sameAfterRebuild)
    throw new Error('rollup answers differ from the raw-table answers');

  Object.assign(figures, {
    events_per_s: big500.product,
    bare_per_s: big500.anchor,
    ratio: big500.ratio,
    dau_ms: dau.ms,
    retention_ms: ret.ms,
    raw_dau_ms: rawDau.ms,
    raw_retention_ms: rawRet.ms,
    rebuild_ms: rebuildMs,
    small_events_per_s: sdkSized.product,
    small_bare_per_s: sdkSized.anchor,
    small_batch_ratio: sdkSized.ratio,
    old_bare_per_s: oldBarePerS,
    old_ratio: oldRatio,
  });
} finally {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
}
if (choice.postgres) Object.assign(figures, await postgresFigures());
console.log(JSON.stringify(figures));
