// npm run bench:ingest: SDK events per second accepted through HTTP (a real server process on a
// SQLite file) vs bare batched INSERTs of the same rows into the same file; then the dashboard
// queries (DAU/WAU/MAU over 30 days, 30-day retention of 30 cohorts) over 1 million events from
// the rollups vs the same questions on the raw events table. The 1M-event query data set is loaded
// in-process through the same ingest function the HTTP route uses (validateSdkEvent +
// ingestEvents), which is said in the output; the throughput figure is through HTTP only.
// Last line: one JSON object.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { configureSqlite, createDb } from '../src/server/db/createDb';
import { EVENT_COLUMNS, ingestEvents } from '../src/server/sdk/ingestEvents';
import { isRefusal, validateSdkEvent, type IngestEvent } from '../src/server/sdk/validateSdkEvent';
import { activeUsers } from '../src/server/insights/activeUsers';
import { retention } from '../src/server/insights/retention';
import { localDayNumber } from '../src/engine/rules/timeZone';
import { rebuildRollups } from '../src/server/sdk/rebuildRollups';
import { benchEvents, type BenchEvent } from './ingestData';
import { rawActiveUsers, rawRetention } from './ingestRawQueries';
import { api, freePort, median } from './benchHttp';

const HTTP_EVENTS = Number(process.env.BENCH_HTTP_EVENTS ?? 200_000);
const QUERY_EVENTS = Number(process.env.BENCH_QUERY_EVENTS ?? 1_000_000);
const BATCH = 500;
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
// The projects' time zone: GMT+08:00, the default of a zh-CN console (days cut at local midnight).
const ZONE = process.env.BENCH_ZONE ?? 'Asia/Shanghai';
const root = resolve(import.meta.dirname, '..');
const log = (line: string) => console.log(line);

async function startServer(databaseUrl: string, dir: string): Promise<{ base: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(join(root, 'node_modules', '.bin', 'tsx'), ['src/server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SCHEDULER_INTERVAL_MS: '0',
      DATA_DIR: dir,
      WEB_DIR: join(dir, 'no-web'),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline || child.exitCode !== null) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
  return { base, child };
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

const dir = mkdtempSync(join(tmpdir(), 'bench-ingest-'));
const databaseUrl = `sqlite:${join(dir, 'bench.db')}`;
const now = new Date();
let server: ChildProcess | undefined;

try {
  // 1. Through HTTP: a real server process, the client in this one.
  const started = await startServer(databaseUrl, dir);
  server = started.child;
  const base = started.base;
  await api(base, 'POST', '/api/auth/sign-up', {
    companyName: 'Bench',
    email: 'bench@example.com',
    password: 'bench-pass',
    confirmPassword: 'bench-pass',
    agreement: true,
  });
  const { token } = await api<{ token: string }>(base, 'POST', '/api/auth/login', {
    email: 'bench@example.com',
    password: 'bench-pass',
  });
  const auth = { authorization: `Bearer ${token}` };
  const httpProject = await api<{ id: string }>(
    base,
    'POST',
    '/api/projects',
    { name: 'Bench HTTP', domainPrefix: 'benchhttp', timezone: ZONE },
    auth,
  );
  const queryProject = await api<{ id: string }>(
    base,
    'POST',
    '/api/projects',
    { name: 'Bench queries', domainPrefix: 'benchq', timezone: ZONE },
    auth,
  );
  const { accessKey } = await api<{ accessKey: string }>(base, 'GET', '/api/access-key', undefined, {
    ...auth,
    'x-project-id': httpProject.id,
  });

  const httpEvents = [
    ...benchEvents({
      end: now,
      days: 30,
      newPerDay: 2000,
      limit: HTTP_EVENTS + 5 * BATCH,
      tag: 'h',
      zone: ZONE,
    }),
  ];
  const bodies = batches(httpEvents, BATCH).map((b) => JSON.stringify({ events: b }));
  const warm = bodies.splice(0, 5);
  const send = async (body: string) => {
    const response = await fetch(`${base}/api/sdk/v1/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-access-key': accessKey },
      body,
    });
    const json = (await response.json()) as { data: { accepted: number; rejected: unknown[] } };
    if (response.status !== 200 || json.data.rejected.length > 0)
      throw new Error(`batch refused: ${JSON.stringify(json).slice(0, 300)}`);
    return json.data.accepted;
  };
  for (const body of warm) await send(body);
  let next = 0;
  let accepted = 0;
  const httpStart = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < bodies.length) {
        const body = bodies[next];
        next += 1;
        const stored = await send(body); // not `accepted += await`: that reads accepted before the wait
        accepted += stored;
      }
    }),
  );
  const httpSeconds = (performance.now() - httpStart) / 1000;
  const eventsPerS = Math.round(accepted / httpSeconds);
  log(
    `HTTP: ${accepted} events in ${bodies.length} batches of ${BATCH}, ${CONCURRENCY} in flight: ${httpSeconds.toFixed(2)} s, ${eventsPerS} events/s (validation, raw rows and rollups in one transaction per batch)`,
  );
  server.kill('SIGTERM');
  await new Promise((r) => server?.once('exit', r));
  server = undefined;

  // 2. Bare batched INSERTs of the same number of rows into the same file and table.
  const bareEvents = [
    ...benchEvents({ end: now, days: 30, newPerDay: 2000, limit: accepted, tag: 'b', seed: 7, zone: ZONE }),
  ];
  const sqlite = new SqliteDatabase(join(dir, 'bench.db'));
  // The same connection settings as the server's, so only the path in between is measured.
  configureSqlite(sqlite);
  const columns = EVENT_COLUMNS;
  const rowSql = `(${columns.map(() => '?').join(',')})`;
  const statements = new Map<number, SqliteDatabase.Statement>();
  const statementFor = (n: number) => {
    let s = statements.get(n);
    if (!s) {
      s = sqlite.prepare(
        `insert into sdk_events (${columns.join(',')}) values ${Array(n).fill(rowSql).join(',')}`,
      );
      statements.set(n, s);
    }
    return s;
  };
  const receivedAt = now.toISOString();
  const insertBatch = sqlite.transaction((batch: BenchEvent[]) => {
    for (let i = 0; i < batch.length; i += 250) {
      const part = batch.slice(i, i + 250);
      const params: unknown[] = [];
      for (const e of part) {
        params.push(
          httpProject.id,
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
        );
      }
      statementFor(part.length).run(...params);
    }
  });
  const bareBatches = batches(bareEvents, BATCH);
  const bareStart = performance.now();
  for (const batch of bareBatches) insertBatch(batch);
  const bareSeconds = (performance.now() - bareStart) / 1000;
  const barePerS = Math.round(bareEvents.length / bareSeconds);
  sqlite.close();
  log(
    `bare: ${bareEvents.length} rows as prepared 250-row INSERTs, one transaction per ${BATCH}: ${bareSeconds.toFixed(2)} s, ${barePerS} rows/s`,
  );

  // 3. The 1M-event query data set, loaded in-process through the route's own ingest functions.
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

  // 4. Dashboards: the last 30 days.
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
  // 5. A time zone change: the 1M-event project's day columns and rollups rebuilt from its raw
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

  console.log(
    JSON.stringify({
      events_per_s: eventsPerS,
      bare_per_s: barePerS,
      ratio: Math.round((eventsPerS / barePerS) * 1000) / 1000,
      dau_ms: dau.ms,
      retention_ms: ret.ms,
      raw_dau_ms: rawDau.ms,
      raw_retention_ms: rawRet.ms,
      rebuild_ms: rebuildMs,
    }),
  );
} finally {
  server?.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
}
