// npm run bench:link-report: the link report (GET /api/links/:id/report) and the link's event
// table (GET /api/links/:id/clicks) over HTTP against a real server, with 10 million clicks on the
// link, on an SQLite file and on PostgreSQL (schema bench_linkrep, dropped afterwards).
//
// Data: BENCH_CLICKS clicks (default 10 000 000) spread evenly over the last BENCH_DAYS days (90)
// up to now, 35% iOS, 40% Android, 18% desktop, 7% other, 5% robots' hits, eight channels, 20%
// from web SDK banners and 10% from scripts (`gc_src`), a fingerprint of 1 000 003 visitors; every
// 50th human click brings an install, an open or a registration ten minutes later. Filled by bulk
// SQL (a recursive CTE on SQLite, generate_series on PostgreSQL; the clicks' two secondary indexes
// are made after the rows, as m0003 makes them), then the link rollups are computed by the
// product's own backfill (m0024's `backfillLinkRollups`).
//
// Measured: every period the report page offers (today, yesterday, the last 3, 7, 14, 30 and 90
// days, this and last month) by day, the ones of up to 3 days by the hour too, in the project's
// zone (Asia/Shanghai) and the 90 days and 3 days in Asia/Kolkata (+05:30: quarter-hour cuts);
// the event table's first page of the 90 days and a deep page (page 5 000 of 20 rows). Each case
// BENCH_REPEATS calls (30), median and p99, after one untimed call of every case. Each report's
// answer is checked against the anchor's.
//
// Anchor: the report as it was computed before the rollups (bench/linkReportRaw.ts: grouping the
// raw clicks and attributions of the range) on the same data, in this process through Kysely
// (no HTTP), BENCH_ANCHOR_REPEATS times (3) for the 90 and 7 days; and the event table's old read
// (offset page plus a count of every row).
//
// Last line: one JSON object { clicks, sqlite_report_ms, sqlite_report_p99_ms,
// sqlite_anchor_report_ms, sqlite_speedup, sqlite_events_page_ms, sqlite_events_deep_page_ms,
// sqlite_anchor_events_page_ms, postgres_... the same, goal_ms }: `*_report_ms` is the slowest
// case's median (the 90 days), `*_report_p99_ms` the highest p99 of any case.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import dayjs from 'dayjs';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { createDb, MIGRATION_LOCK, type DbKind } from '../src/server/db/createDb';
import type { Database } from '../src/server/db/tables';
import { dateRange } from '../src/server/links/dateRange';
import { backfillLinkRollups } from '../src/server/links/m0024LinkRollups';
import { localDate } from '../src/engine/rules/timeZone';
import { presetRange, type DatePresetKey } from '../src/web/features/linkAnalytics/dateRangePresets';
import { api, freePort } from './benchHttp';
import { exitOf, startProduct, waitFor } from './benchServer';
import { rawClickPage, rawLinkReport } from './linkReportRaw';

const CLICKS = Number(process.env.BENCH_CLICKS ?? 10_000_000);
const DAYS = Number(process.env.BENCH_DAYS ?? 90);
const REPEATS = Number(process.env.BENCH_REPEATS ?? 30);
const ANCHOR_REPEATS = Number(process.env.BENCH_ANCHOR_REPEATS ?? 3);
const PG_BASE = process.env.BENCH_PG_URL ?? 'postgres://growth_test:growth_test@127.0.0.1:5432/growth_test';
const SCHEMA = process.env.BENCH_PG_SCHEMA ?? 'bench_linkrep';
const ZONE = 'Asia/Shanghai';
const GOAL_MS = 300;
/** Rows per fill statement. */
const FILL_CHUNK = 1_000_000;
const log = (line: string) => console.log(line);

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const round = (ms: number) => Math.round(ms * 10) / 10;

interface Case {
  name: string;
  from: string;
  to: string;
  tz: string;
  granularity: 'day' | 'hour';
}

/** Every period, granularity and zone the report page offers (see the file's head). */
function cases(now: Date): Case[] {
  const today = dayjs(localDate(now.getTime(), ZONE));
  const presets: DatePresetKey[] = [
    'today',
    'yesterday',
    'last3Days',
    'last7Days',
    'last14Days',
    'last30Days',
    'last90Days',
    'thisMonth',
    'lastMonth',
  ];
  const out: Case[] = [];
  for (const key of presets) {
    const range = presetRange(key, today);
    out.push({ name: `${key} by day`, ...range, tz: ZONE, granularity: 'day' });
    if (['today', 'yesterday', 'last3Days'].includes(key))
      out.push({ name: `${key} by hour`, ...range, tz: ZONE, granularity: 'hour' });
  }
  const kolkata = dayjs(localDate(now.getTime(), 'Asia/Kolkata'));
  out.push({
    name: 'last90Days by day, Kolkata',
    ...presetRange('last90Days', kolkata),
    tz: 'Asia/Kolkata',
    granularity: 'day',
  });
  out.push({
    name: 'last3Days by hour, Kolkata',
    ...presetRange('last3Days', kolkata),
    tz: 'Asia/Kolkata',
    granularity: 'hour',
  });
  return out;
}

/** The values of a click `i` (0-based) as SQL over `i`, the same on both databases. */
function clickColumns(kind: DbKind, startSec: number, stepSec: number, projectId: string, linkId: string) {
  const h = (mult: number, mod: number) => `((i * ${mult}) % ${mod})`;
  const time =
    kind === 'postgres'
      ? `to_char(to_timestamp(${startSec} + i * ${stepSec}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
      : `strftime('%Y-%m-%dT%H:%M:%fZ', ${startSec} + i * ${stepSec}, 'unixepoch')`;
  const pad = kind === 'postgres' ? `lpad(cast(i as text), 10, '0')` : `printf('%010d', i)`;
  const bot = `case when ${h(7919, 100)} < 5 then 1 else 0 end`;
  const platform = `case when ${h(2654435761, 100)} < 35 then 'ios' when ${h(2654435761, 100)} < 75 then 'android' when ${h(2654435761, 100)} < 93 then 'desktop' else 'other' end`;
  const channels = ['wechat', 'weibo', 'douyin', 'newsletter', 'google', 'facebook', 'partner-42', 'direct'];
  const channel = `case ${h(31, 8)} ${channels.map((c, n) => `when ${n} then '${c}'`).join(' ')} end`;
  const params = `case when ${h(13, 10)} < 2 then '{"gc_src":"banner","utm_source":"web"}' when ${h(13, 10)} = 2 then '{"gc_src":"script"}' else '{"utm_source":"mail","utm_campaign":"spring"}' end`;
  const fingerprint =
    kind === 'postgres'
      ? `md5(cast(${h(48271, 1000003)} as text))`
      : `hex(${h(48271, 1000003)} * 2654435761)`;
  return {
    names:
      'id, project_id, link_id, created_at, platform, os, os_version, brand, model, browser, is_bot, country, referrer, channel, ip_hash, fingerprint, user_agent, params, outcome',
    values: `'b' || ${pad}, '${projectId}', '${linkId}', ${time}, ${platform}, 'OS', '1', null, null, 'Browser', ${bot}, 'CN', null, ${channel}, null, ${fingerprint}, 'Mozilla/5.0 (bench)', ${params}, 'store'`,
    bot,
    platform,
    channel,
    time,
    pad,
  };
}

/** Fills the link with CLICKS clicks and their attributions by bulk SQL; answers seconds taken. */
async function fill(db: Kysely<Database>, kind: DbKind, projectId: string, linkId: string, now: Date) {
  const started = performance.now();
  const endSec = Math.floor(now.getTime() / 1000) - 60;
  const stepSec = (DAYS * 86_400) / CLICKS;
  const startSec = endSec - DAYS * 86_400;
  const c = clickColumns(kind, startSec, stepSec, projectId, linkId);
  await sql`drop index if exists clicks_link_time_idx`.execute(db);
  await sql`drop index if exists clicks_fingerprint_idx`.execute(db);
  for (let first = 0; first < CLICKS; first += FILL_CHUNK) {
    const last = Math.min(CLICKS, first + FILL_CHUNK) - 1;
    const series =
      kind === 'postgres'
        ? `select ${c.values} from generate_series(${first}::bigint, ${last}::bigint) as s(i)`
        : `with recursive n(i) as (select ${first} union all select i + 1 from n where i < ${last}) select ${c.values} from n`;
    await db.transaction().execute(async (trx) => {
      await sql.raw(`insert into clicks (${c.names}) ${series}`).execute(trx);
    });
    log(`  ${last + 1} clicks (${((performance.now() - started) / 1000).toFixed(0)} s)`);
  }
  await sql`create index clicks_link_time_idx on clicks (link_id, created_at)`.execute(db);
  await sql`create index clicks_fingerprint_idx on clicks (project_id, fingerprint, created_at)`.execute(db);
  // Every 50th human click: an install, open or registration ten minutes later, from its click.
  const attributedTime =
    kind === 'postgres'
      ? `to_char(to_timestamp(${startSec} + i * ${stepSec} + 600) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
      : `strftime('%Y-%m-%dT%H:%M:%fZ', ${startSec} + i * ${stepSec} + 600, 'unixepoch')`;
  const type = `case (i / 50) % 3 when 0 then 'install' when 1 then 'open' else 'register' end`;
  const every =
    kind === 'postgres'
      ? `generate_series(0::bigint, ${CLICKS - 1}::bigint, 50) as s(i)`
      : `(with recursive n(i) as (select 0 union all select i + 50 from n where i + 50 < ${CLICKS}) select i from n)`;
  await sql
    .raw(
      `insert into attributions (id, project_id, link_id, click_id, type, matched, device_id, platform, os, os_version, model, ip_hash, channel, user_agent, created_at)
       select 'a' || ${c.pad}, '${projectId}', '${linkId}', 'b' || ${c.pad}, ${type}, 1, 'd' || ${c.pad},
         case when i % 100 < 50 then 'ios' else 'android' end, null, null, null, null, ${c.channel}, null, ${attributedTime}
       from ${every} where ${c.bot} = 0 and ${attributedTime} < '${now.toISOString()}'`,
    )
    .execute(db);
  if (kind === 'sqlite') await sql`analyze`.execute(db);
  else await sql`analyze clicks; analyze attributions`.execute(db);
  return (performance.now() - started) / 1000;
}

/** The two answers with their rows in one order (ties of the sort may list equal rows apart). */
function canonical(report: Record<string, unknown>) {
  const sorted = (rows: unknown, key: string) =>
    [...(rows as Record<string, string>[])].sort((a, b) => (a[key] < b[key] ? -1 : a[key] > b[key] ? 1 : 0));
  return JSON.stringify({
    ...report,
    byPlatform: sorted(report.byPlatform, 'platform'),
    byChannel: sorted(report.byChannel, 'channel'),
  });
}

async function timed<T>(run: () => Promise<T>, times: number): Promise<{ ms: number[]; last: T }> {
  const ms: number[] = [];
  let last: T | undefined;
  for (let i = 0; i < times; i += 1) {
    const start = performance.now();
    last = await run();
    ms.push(performance.now() - start);
  }
  return { ms, last: last as T };
}

/** Stops the product server and waits until it has exited. */
async function stopProduct(product: ChildProcess) {
  if (product.exitCode !== null || product.signalCode !== null) return;
  const exited = new Promise((r) => product.once('exit', r));
  product.kill('SIGTERM');
  await exited;
}

async function dropSchema() {
  const client = new pg.Client({ connectionString: PG_BASE });
  await client.connect();
  try {
    // Under the migration lock, as the tests drop theirs: a migrator reads every schema's catalog.
    await client.query('begin');
    await client.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await client.query(`drop schema if exists ${SCHEMA} cascade`);
    await client.query('commit');
  } finally {
    await client.end();
  }
}

async function run(kind: DbKind) {
  const dir = mkdtempSync(join(tmpdir(), 'growth-linkrep-'));
  let product: ChildProcess | undefined;
  let db: Kysely<Database> | undefined;
  try {
    if (kind === 'postgres') await dropSchema();
    const databaseUrl =
      kind === 'postgres' ? `${PG_BASE}?schema=${SCHEMA}` : `sqlite:${join(dir, 'bench.db')}`;
    let base = `http://127.0.0.1:${await freePort()}`;
    product = startProduct(databaseUrl, dir, Number(new URL(base).port));
    await waitFor(`${base}/api/health`, product);
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
    const project = await api<{ id: string }>(
      base,
      'POST',
      '/api/projects',
      { name: 'Bench', domainPrefix: 'bench', timezone: ZONE },
      auth,
    );
    const scoped = { ...auth, 'x-project-id': project.id };
    const template = await api<{ id: string }>(
      base,
      'POST',
      '/api/link-templates',
      { name: 'bench' },
      scoped,
    );
    const link = await api<{ id: string }>(
      base,
      'POST',
      '/api/links',
      {
        name: 'bench',
        templateId: template.id,
        redirectMode: 'custom',
        redirects: { default: 'https://example.com/' },
      },
      scoped,
    );

    // The server is stopped for the fill and the backfill and started again on the filled
    // database: the fill holds this process's event loop for minutes (better-sqlite3 is
    // synchronous), past the server's keep-alive timeout, and a pooled connection the server has
    // closed meanwhile would fail the first measured call (EPIPE). A new port is a new pool.
    await stopProduct(product);
    product = undefined;
    db = (await createDb(databaseUrl)).db;
    const now = new Date();
    log(`${kind}: filling ${CLICKS} clicks over ${DAYS} days`);
    const fillS = await fill(db, kind, project.id, link.id, now);
    const rollupStart = performance.now();
    await backfillLinkRollups(db, kind, [link.id]);
    const rollupS = (performance.now() - rollupStart) / 1000;
    const stored = await db
      .selectFrom('link_rollups')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('link_id', '=', link.id)
      .executeTakeFirstOrThrow();
    log(
      `${kind}: filled in ${fillS.toFixed(0)} s; rollups computed by the product's backfill in ` +
        `${rollupS.toFixed(1)} s (${stored.n} rollup rows)`,
    );
    base = `http://127.0.0.1:${await freePort()}`;
    const startStart = performance.now();
    product = startProduct(databaseUrl, dir, Number(new URL(base).port));
    await waitFor(`${base}/api/health`, product);
    const startS = (performance.now() - startStart) / 1000;
    log(`${kind}: the server started on the filled database in ${startS.toFixed(1)} s`);

    const get = async <T>(path: string) => api<T>(base, 'GET', path, undefined, scoped);
    const reportPath = (c: Case) =>
      `/api/links/${link.id}/report?from=${c.from}&to=${c.to}&tz=${encodeURIComponent(c.tz)}&granularity=${c.granularity}`;
    // Every HTTP call first, the checks against the raw rows after them: on SQLite those reads
    // hold this process's event loop for minutes (better-sqlite3 is synchronous), longer than the
    // server's keep-alive, and a kept connection the server closed meanwhile fails the next call.
    const results: { name: string; median: number; p99: number; answer: Record<string, unknown> }[] = [];
    // Not timed: one call of each case first, so the freshly started server's first reads (its
    // statements compiled, its page cache and the database's filled) are not in any case's p99.
    for (const c of cases(now)) await get(reportPath(c));
    for (const c of cases(now)) {
      const { ms, last } = await timed(() => get<Record<string, unknown>>(reportPath(c)), REPEATS);
      results.push({ name: c.name, median: percentile(ms, 50), p99: percentile(ms, 99), answer: last });
      log(
        `${kind} report ${c.name.padEnd(28)} median ${round(percentile(ms, 50))} ms, p99 ${round(percentile(ms, 99))} ms ` +
          `(${(last.totals as { clicks: number }).clicks} clicks)`,
      );
    }

    // The event table: the 90 days' first page, and page 5 000 of 20 rows.
    const ninety = cases(now).find((c) => c.name === 'last90Days by day') as Case;
    const eventsPath = (page: number) =>
      `/api/links/${link.id}/clicks?page=${page}&pageSize=20&from=${ninety.from}&to=${ninety.to}&tz=${ZONE}`;
    const first = await timed(() => get<{ total: number }>(eventsPath(1)), REPEATS);
    const deep = await timed(
      () => get<{ items: { id: string }[]; total: number }>(eventsPath(5000)),
      REPEATS,
    );
    log(
      `${kind} events page 1 median ${round(percentile(first.ms, 50))} ms p99 ${round(percentile(first.ms, 99))} ms; ` +
        `page 5 000 median ${round(percentile(deep.ms, 50))} ms p99 ${round(percentile(deep.ms, 99))} ms ` +
        `(total ${deep.last.total})`,
    );

    // The rollups' answers against the raw rows grouped the old way: the same figures.
    for (const [i, c] of cases(now).entries()) {
      const range = dateRange(c, now, 92);
      const raw = await rawLinkReport(
        db,
        kind,
        { projectId: project.id, linkRowId: link.id },
        range,
        c.granularity,
      );
      if (canonical(results[i].answer) !== canonical(raw as never))
        throw new Error(`${kind} ${c.name}: the report differs from the raw rows' figures`);
      log(`${kind} report ${c.name}: equal to the raw rows'`);
    }
    const clicksInRange = await db
      .selectFrom('clicks')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('link_id', '=', link.id)
      .where('created_at', '>=', dateRange(ninety, now, 92).startIso)
      .where('created_at', '<', dateRange(ninety, now, 92).endIso)
      .executeTakeFirstOrThrow();
    if (deep.last.total !== Number(clicksInRange.n))
      throw new Error(`${kind}: the event table says ${deep.last.total} clicks, the rows ${clicksInRange.n}`);
    log(`${kind} events: the total ${deep.last.total} equals the rows'`);

    // The anchor: the old raw report and the old event read, in this process.
    const anchor: Record<string, number> = {};
    for (const name of ['last90Days by day', 'last7Days by day']) {
      const c = cases(now).find((x) => x.name === name) as Case;
      const range = dateRange(c, now, 92);
      const { ms } = await timed(
        () => rawLinkReport(db!, kind, { projectId: project.id, linkRowId: link.id }, range, c.granularity),
        ANCHOR_REPEATS,
      );
      anchor[name] = percentile(ms, 50);
      log(`${kind} anchor (raw rows) ${name}: median ${round(anchor[name])} ms of ${ANCHOR_REPEATS}`);
    }
    const rawPage = await timed(() => rawClickPage(db!, link.id, 1, 20), ANCHOR_REPEATS);
    const rawDeep = await timed(() => rawClickPage(db!, link.id, 5000, 20), ANCHOR_REPEATS);
    log(
      `${kind} anchor event table (offset page and a count of every row): page 1 ${round(percentile(rawPage.ms, 50))} ms, ` +
        `page 5 000 ${round(percentile(rawDeep.ms, 50))} ms`,
    );
    const worst = results.find((r) => r.name === 'last90Days by day') as { median: number };
    return {
      [`${kind}_report_ms`]: round(worst.median),
      [`${kind}_report_p99_ms`]: round(Math.max(...results.map((r) => r.p99))),
      [`${kind}_anchor_report_ms`]: round(anchor['last90Days by day']),
      [`${kind}_speedup`]: Math.round(anchor['last90Days by day'] / worst.median),
      [`${kind}_events_page_ms`]: round(percentile(first.ms, 50)),
      [`${kind}_events_deep_page_ms`]: round(percentile(deep.ms, 50)),
      [`${kind}_anchor_events_page_ms`]: round(percentile(rawPage.ms, 50)),
      [`${kind}_anchor_events_deep_page_ms`]: round(percentile(rawDeep.ms, 50)),
      [`${kind}_fill_s`]: Math.round(fillS),
      [`${kind}_rollup_backfill_s`]: round(rollupS),
      [`${kind}_server_start_s`]: round(startS),
    };
  } catch (error) {
    // A failed call says whether the server was still there (its own output is above).
    if (product) log(`${kind}: the bench failed;${exitOf(product) || ' the server was still running'}`);
    throw error;
  } finally {
    await db?.destroy();
    if (product) await stopProduct(product);
    if (kind === 'postgres') await dropSchema();
    rmSync(dir, { recursive: true, force: true });
  }
}

const kinds = (process.env.BENCH_DATABASES ?? 'sqlite,postgres').split(',') as DbKind[];
const figures: Record<string, number> = {};
for (const kind of kinds) Object.assign(figures, await run(kind));
log(
  'not measured: sign-up, the fill, the rollups backfill and the server start on the filled database (printed above), ' +
    'one untimed call of each case, the check of each answer against the raw rows',
);
console.log(JSON.stringify({ clicks: CLICKS, days: DAYS, ...figures, goal_ms: GOAL_MS }));
