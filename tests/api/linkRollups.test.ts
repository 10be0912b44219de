import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/testApp';
import { call } from './helpers/api';
import { createProject, signUpOwner, type SignedIn } from './helpers/accounts';
import { accessKey } from './helpers/sdk';
import { createLink, createTemplate, openLink, UA } from './helpers/links';
import { localDate, timeZoneOffsetMs } from '../../src/engine/rules/timeZone';
import { dateRange } from '../../src/server/links/dateRange';
import { MIGRATION_LOCK, migrateLocked } from '../../src/server/db/createDb';
import { migrations } from '../../src/server/db/migrations/migrations';
import { backfillLinkRollups } from '../../src/server/links/m0024LinkRollups';
import type { Database } from '../../src/server/db/tables';

// The link report, the event table's totals and the links list read the link rollups; these tests
// hold them to the raw clicks and attributions, counted here row by row in JavaScript.

type Counts = { clicks: number; installs: number; opens: number; registrations: number };
interface Report {
  tz: string;
  totals: Counts;
  series: ({ time: string } & Counts)[];
  byPlatform: ({ platform: string } & Counts)[];
  byChannel: ({ channel: string } & Counts)[];
  bySource: ({ source: string } & Counts)[];
}
/** A raw event: a click (bots included) or a matched attribution, as stored. */
interface RawEvent {
  at: string;
  field: keyof Counts;
  bot: boolean;
  platform: string;
  channel: string;
  source: string;
}

const zero = (): Counts => ({ clicks: 0, installs: 0, opens: 0, registrations: 0 });
const FIELD: Record<string, keyof Counts> = { install: 'installs', open: 'opens', register: 'registrations' };

function sourceOf(params: string | null): string {
  const value = params ? (JSON.parse(params) as Record<string, unknown>).gc_src : undefined;
  return value === 'banner' || value === 'script' ? value : 'other';
}

async function rawEvents(t: TestApp, linkRowId: string): Promise<RawEvent[]> {
  const db = t.app.ctx.db;
  const clicks = await db
    .selectFrom('clicks')
    .select(['created_at', 'is_bot', 'platform', 'channel', 'params'])
    .where('link_id', '=', linkRowId)
    .execute();
  const attributed = await db
    .selectFrom('attributions as a')
    .leftJoin('clicks as c', 'c.id', 'a.click_id')
    .select(['a.created_at', 'a.type', 'a.platform', 'a.channel', 'c.params'])
    .where('a.link_id', '=', linkRowId)
    .where('a.matched', '=', 1)
    .execute();
  return [
    ...clicks.map((c) => ({
      at: c.created_at,
      field: 'clicks' as const,
      bot: Number(c.is_bot) === 1,
      platform: c.platform,
      channel: c.channel,
      source: sourceOf(c.params),
    })),
    ...attributed.map((a) => ({
      at: a.created_at,
      field: FIELD[a.type],
      bot: false,
      platform: a.platform,
      channel: a.channel ?? 'direct',
      source: sourceOf(a.params),
    })),
  ];
}

/** The report the raw rows make: each event in the bucket of its local day or hour. */
function expectedReport(
  events: RawEvent[],
  query: { from: string; to: string; tz: string },
  hourly: boolean,
) {
  const range = dateRange(query, new Date('2026-03-01T08:00:00Z'), 92);
  const inRange = events.filter((e) => !e.bot && e.at >= range.startIso && e.at < range.endIso);
  const totals = zero();
  const series = new Map<string, Counts>();
  const group = (map: Map<string, Counts>, key: string, e: RawEvent) => {
    const counts = map.get(key) ?? zero();
    counts[e.field] += 1;
    map.set(key, counts);
  };
  const platforms = new Map<string, Counts>();
  const channels = new Map<string, Counts>();
  const sources = new Map<string, Counts>(['banner', 'script', 'other'].map((s) => [s, zero()]));
  for (const e of inRange) {
    const ms = Date.parse(e.at);
    const time = hourly
      ? new Date(ms + timeZoneOffsetMs(range.tz, ms)).toISOString().slice(0, 13)
      : localDate(ms, range.tz);
    totals[e.field] += 1;
    group(series, time, e);
    group(platforms, e.platform, e);
    group(channels, e.channel, e);
    group(sources, e.source, e);
  }
  return { totals, series, platforms, channels, sources };
}

const byKey = <T extends Record<string, unknown>>(rows: T[], key: keyof T) =>
  Object.fromEntries(rows.map(({ [key]: k, ...counts }) => [String(k), counts]));

describe('link rollups', () => {
  let t: TestApp;
  let owner: SignedIn;
  let projectId: string;
  let link: { id: string; linkId: string };
  let events: RawEvent[];
  const CLICKS = 1_300;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUpOwner(t.app, 'rollups@example.com');
    projectId = await createProject(t.app, owner, 'Rollups', 'rollup', 'UTC');
    const templateId = await createTemplate(t.app, owner, projectId);
    link = await createLink(t.app, owner, projectId, {
      name: 'r',
      templateId,
      redirectMode: 'custom',
      redirects: { default: 'https://example.com/landing' },
    });
    const agents = [UA.iphoneSafari, UA.huaweiChrome, UA.desktopChrome, UA.twitterbot, UA.wechat];
    const queries = ['channel=mail&gc_src=banner', 'utm_source=ads&gc_src=script', '', 'channel=mail'];
    // Every 7 min 13 s from Feb 21, 00:00 UTC: about six and a half days, across local midnights
    // of every zone below.
    t.clock.advance(Date.parse('2026-02-21T00:00:00Z') - t.clock.now().getTime());
    for (let i = 0; i < CLICKS; i += 1) {
      t.clock.advance(433_000);
      const query = queries[i % queries.length];
      const hit = await openLink(
        t.app,
        'rollup',
        `/${link.linkId}${query ? `?${query}` : ''}`,
        agents[i % 5],
        {
          ip: `198.51.100.${i % 200}`,
        },
      );
      expect(hit.status).toBeLessThan(400);
    }
    await t.app.deepLinks.clicks.flush();
    // Installs, opens and registrations of some clicks, ten minutes after them.
    const key = await accessKey(t.app, owner, projectId);
    const clicks = await t.app.ctx.db
      .selectFrom('clicks')
      .select(['id', 'created_at'])
      .where('link_id', '=', link.id)
      .where('is_bot', '=', 0)
      .orderBy('created_at')
      .execute();
    const types = ['install', 'open', 'register'];
    for (let i = 0; i < clicks.length; i += 37) {
      t.clock.advance(Date.parse(clicks[i].created_at) + 600_000 - t.clock.now().getTime());
      const answer = await t.app.inject({
        method: 'POST',
        url: '/api/sdk/v1/attribution',
        headers: { 'x-access-key': key },
        payload: {
          type: types[i % 3],
          deviceId: `d${i}`,
          platform: i % 2 ? 'ios' : 'android',
          clickId: clicks[i].id,
        },
        remoteAddress: '192.0.2.7',
      });
      expect(answer.json().data.matched).toBe(true);
    }
    t.clock.advance(Date.parse('2026-03-01T08:00:00Z') - t.clock.now().getTime());
    events = await rawEvents(t, link.id);
  });
  afterAll(async () => t.close());

  const get = <T>(url: string) => call<T>(t.app, 'GET', url, { token: owner.token, projectId, lang: 'en' });

  it('the report from rollups equals the raw rows counted, in every zone and both granularities', async () => {
    const zones = ['UTC', 'Asia/Shanghai', 'Asia/Kolkata', 'Asia/Kathmandu', 'America/New_York'];
    const ranges = [
      { from: '2026-02-20', to: '2026-03-01', hourly: false },
      { from: '2026-02-24', to: '2026-02-26', hourly: true },
      { from: '2026-02-25', to: '2026-02-25', hourly: false },
    ];
    let compared = 0;
    for (const tz of zones)
      for (const { from, to, hourly } of ranges) {
        const answer = await get<Report>(
          `/api/links/${link.id}/report?from=${from}&to=${to}&tz=${encodeURIComponent(tz)}&granularity=${hourly ? 'hour' : 'day'}`,
        );
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        const report = answer.body.data;
        const expected = expectedReport(events, { from, to, tz }, hourly);
        const label = `${tz} ${from}..${to} ${hourly ? 'hour' : 'day'}`;
        expect(report.totals, label).toEqual(expected.totals);
        expect(report.totals.clicks, label).toBeGreaterThan(0);
        // Every bucket is listed, the empty ones with zeros.
        expect(
          Object.fromEntries(
            report.series
              .filter((p) => p.clicks + p.installs + p.opens + p.registrations > 0)
              .map(({ time, ...c }) => [time, c]),
          ),
          label,
        ).toEqual(Object.fromEntries(expected.series));
        expect(new Set(report.series.map((p) => p.time)).size, label).toBe(report.series.length);
        expect(byKey(report.byPlatform, 'platform'), label).toEqual(Object.fromEntries(expected.platforms));
        expect(byKey(report.byChannel, 'channel'), label).toEqual(Object.fromEntries(expected.channels));
        expect(report.bySource.map((s) => s.source)).toEqual(['banner', 'script', 'other']);
        expect(byKey(report.bySource, 'source'), label).toEqual(Object.fromEntries(expected.sources));
        compared += 1;
      }
    expect(compared).toBe(15);
  });

  it('the series sums its quarter hours into local days and hours, across a daylight saving change too', async () => {
    // A link's `all` rows of every quarter hour from Oct 30 to Nov 5, 2025 (New York leaves
    // daylight saving on Nov 2): the database sums a steady zone's buckets, the server those of a
    // range with a change; either way each quarter hour lands in the bucket of its local time.
    const templateId = await createTemplate(t.app, owner, projectId);
    const other = await createLink(t.app, owner, projectId, {
      name: 'dst',
      templateId,
      redirectMode: 'custom',
      redirects: { default: 'https://example.com/landing' },
    });
    const first = Date.parse('2025-10-30T00:00:00Z') / 900_000;
    const slots = Array.from({ length: 7 * 96 }, (_, i) => first + i);
    const countsOfSlot = (slot: number): Counts => ({
      clicks: (slot % 5) + 1,
      installs: slot % 3 === 0 ? 1 : 0,
      opens: slot % 7 === 0 ? 2 : 0,
      registrations: slot % 11 === 0 ? 1 : 0,
    });
    const db = t.app.ctx.db;
    for (let i = 0; i < slots.length; i += 200)
      await db
        .insertInto('link_rollups')
        .values(
          slots.slice(i, i + 200).map((slot) => ({
            link_id: other.id,
            dim: 'all',
            slot,
            dim_value: '',
            bots: 1,
            ...countsOfSlot(slot),
          })),
        )
        .execute();
    let compared = 0;
    for (const tz of ['America/New_York', 'Asia/Kolkata', 'UTC'])
      for (const hourly of [false, true]) {
        const query = { from: '2025-10-31', to: '2025-11-03', tz };
        const range = dateRange(query, new Date('2026-03-01T08:00:00Z'), 92);
        const totals = zero();
        const series = new Map<string, Counts>();
        for (const slot of slots) {
          const ms = slot * 900_000;
          if (ms < Date.parse(range.startIso) || ms >= Date.parse(range.endIso)) continue;
          const time = hourly
            ? new Date(ms + timeZoneOffsetMs(tz, ms)).toISOString().slice(0, 13)
            : localDate(ms, tz);
          const bucket = series.get(time) ?? zero();
          for (const [field, n] of Object.entries(countsOfSlot(slot)) as [keyof Counts, number][]) {
            bucket[field] += n;
            totals[field] += n;
          }
          series.set(time, bucket);
        }
        const answer = await get<Report>(
          `/api/links/${other.id}/report?from=${query.from}&to=${query.to}&tz=${encodeURIComponent(tz)}&granularity=${hourly ? 'hour' : 'day'}`,
        );
        const label = `${tz} ${hourly ? 'hour' : 'day'}`;
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        expect(answer.body.data.totals, label).toEqual(totals);
        expect(Object.fromEntries(answer.body.data.series.map(({ time, ...c }) => [time, c])), label).toEqual(
          Object.fromEntries(series),
        );
        compared += 1;
      }
    expect(compared).toBe(6);
  });

  it("the event table's totals and deep pages agree with the rows, robots' hits included", async () => {
    type Page = { items: { id: string; time: string }[]; total: number };
    const db = t.app.ctx.db;
    const newest = (from?: string, to?: string) => {
      let query = db.selectFrom('clicks').select('id').where('link_id', '=', link.id);
      if (from) query = query.where('created_at', '>=', from);
      if (to) query = query.where('created_at', '<', to);
      return query.orderBy('created_at', 'desc').orderBy('id').execute();
    };
    const all = await newest();
    expect(all.length).toBe(CLICKS);
    // Page 12 of 100 starts at row 1 100: past the first thousand, the read seeks its slot.
    for (const page of [1, 11, 12, 13, 14]) {
      const answer = await get<Page>(`/api/links/${link.id}/clicks?page=${page}&pageSize=100`);
      expect(answer.body.data.total).toBe(CLICKS);
      expect(answer.body.data.items.map((i) => i.id)).toEqual(
        all.slice((page - 1) * 100, page * 100).map((r) => r.id),
      );
    }
    // In a range of Kolkata days (cut at 18:30 UTC).
    const range = dateRange(
      { from: '2026-02-22', to: '2026-02-27', tz: 'Asia/Kolkata' },
      new Date(),
      100_000,
    );
    const inRange = await newest(range.startIso, range.endIso);
    expect(inRange.length).toBeGreaterThan(1_000);
    for (const page of [1, 11, 12]) {
      const answer = await get<Page>(
        `/api/links/${link.id}/clicks?page=${page}&pageSize=100&from=2026-02-22&to=2026-02-27&tz=Asia/Kolkata`,
      );
      expect(answer.body.data.total).toBe(inRange.length);
      expect(answer.body.data.items.map((i) => i.id)).toEqual(
        inRange.slice((page - 1) * 100, page * 100).map((r) => r.id),
      );
    }
    for (const type of ['install', 'open', 'register'] as const) {
      const answer = await get<Page>(`/api/links/${link.id}/clicks?type=${type}&pageSize=100`);
      const stored = events.filter((e) => e.field === FIELD[type]).length;
      expect(stored).toBeGreaterThan(5);
      expect(answer.body.data.total).toBe(stored);
      expect(answer.body.data.items).toHaveLength(stored);
    }
  });

  it("the links list's clicks and the export's counts are the rollups' all-time totals", async () => {
    const list = await get<{ items: { id: string; clicks: number }[] }>('/api/links');
    const humans = events.filter((e) => e.field === 'clicks' && !e.bot).length;
    expect(events.filter((e) => e.bot).length).toBeGreaterThan(0);
    expect(list.body.data.items.find((l) => l.id === link.id)?.clicks).toBe(humans);
    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/links/export?start_time=2026-02-01&end_time=2026-03-01',
      headers: { authorization: `Bearer ${owner.token}`, 'x-project-id': projectId },
    });
    const row = csv.body.split('\n').find((line) => line.startsWith(link.linkId)) ?? '';
    const count = (field: keyof Counts) => String(events.filter((e) => e.field === field && !e.bot).length);
    expect(row.trim().split(',').slice(-4)).toEqual([
      count('clicks'),
      count('installs'),
      count('opens'),
      count('registrations'),
    ]);
  });

  it('recounting the rollups from the rows changes nothing', async () => {
    const db = t.app.ctx.db;
    const snapshot = () =>
      db
        .selectFrom('link_rollups')
        .selectAll()
        .where('link_id', '=', link.id)
        .orderBy('dim')
        .orderBy('slot')
        .orderBy('dim_value')
        .execute()
        .then((rows) =>
          rows.map((r) =>
            Object.values(r).map((v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v)),
          ),
        );
    const kept = await snapshot();
    expect(kept.length).toBeGreaterThan(100);
    await backfillLinkRollups(db, t.app.ctx.dbKind, [link.id]);
    expect(await snapshot()).toEqual(kept);
  });
});

describe('m0024: the link rollups are filled from the clicks and attributions stored before', () => {
  /** A database brought up to m0023 only, on SQLite or on the PostgreSQL server of the run. */
  async function scratchDb() {
    const base = process.env.TEST_DATABASE_URL;
    if (base && /^postgres(ql)?:\/\//.test(base)) {
      const schema = `m24_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: base });
      await admin.connect();
      await admin.query(`create schema ${schema}`);
      const db = new Kysely<Database>({
        dialect: new PostgresDialect({
          pool: new pg.Pool({ connectionString: base, max: 2, options: `-c search_path=${schema}` }),
        }),
      });
      return {
        db,
        schema,
        async close() {
          await db.destroy();
          // Under the migration lock: another file's migrator reads every schema's catalog.
          await admin.query('begin');
          await admin.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
          await admin.query(`drop schema if exists ${schema} cascade`);
          await admin.query('commit');
          await admin.end();
        },
      };
    }
    const dir = mkdtempSync(join(tmpdir(), 'growth-m24-'));
    const database = new SqliteDatabase(join(dir, 'm24.db'));
    database.pragma('foreign_keys = ON');
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
    return {
      db,
      schema: undefined,
      async close() {
        await db.destroy();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }

  it('counts every stored click and matched attribution once, by slot and dimension', async () => {
    const scratch = await scratchDb();
    try {
      const { db, schema } = scratch;
      const { error } = await db.connection().execute(async (conn) => {
        if (schema) await sql`select pg_advisory_lock(${MIGRATION_LOCK})`.execute(conn);
        try {
          const migrator = new Migrator({
            db: conn,
            provider: { getMigrations: async () => migrations },
            allowUnorderedMigrations: true,
            ...(schema ? { migrationTableSchema: schema } : {}),
          });
          return await migrator.migrateTo('0023_play_risk');
        } finally {
          if (schema) await sql`select pg_advisory_unlock(${MIGRATION_LOCK})`.execute(conn);
        }
      });
      expect(error).toBeUndefined();
      const time = '2026-02-01T00:00:00.000Z';
      await db.insertInto('organisations').values({ id: 'o1', name: 'Old', created_at: time }).execute();
      await db
        .insertInto('projects')
        .values({
          id: 'p1',
          organisation_id: 'o1',
          name: 'Old',
          domain_prefix: 'old',
          created_at: time,
          updated_at: time,
        } as never)
        .execute();
      await db
        .insertInto('link_templates')
        .values({
          id: 't1',
          project_id: 'p1',
          name: 'T',
          config: '{}',
          created_by: null,
          created_at: time,
          updated_at: time,
        })
        .execute();
      for (const id of ['L1', 'L2'])
        await db
          .insertInto('links')
          .values({
            ...{ id, project_id: 'p1', link_id: `${id}abcd`, name: id, template_id: 't1' },
            ...{
              redirect_mode: 'template',
              config: '{}',
              created_by: null,
              created_at: time,
              updated_at: time,
            },
          })
          .execute();
      const click = (id: string, link: string, at: string, over: Record<string, unknown> = {}) => ({
        ...{
          id,
          project_id: 'p1',
          link_id: link,
          created_at: at,
          platform: 'ios',
          os: 'iOS',
          os_version: '17',
        },
        ...{ brand: 'Apple', model: 'iPhone', browser: 'Safari', is_bot: 0, country: 'CN', referrer: null },
        ...{
          channel: 'mail',
          ip_hash: null,
          fingerprint: null,
          user_agent: 'UA',
          params: null,
          outcome: 'store',
        },
        ...over,
      });
      await db
        .insertInto('clicks')
        .values([
          click('c1', 'L1', '2026-02-10T18:29:59.999Z', { params: '{"gc_src":"banner"}' }),
          click('c2', 'L1', '2026-02-10T18:30:00.000Z', { platform: 'android', channel: 'ads' }),
          click('c3', 'L1', '2026-02-10T18:44:00.000Z', { is_bot: 1 }),
          click('c4', 'L2', '2026-02-11T00:00:00.000Z', { params: '{"gc_src":"script"}' }),
        ])
        .execute();
      const attribution = (
        id: string,
        type: string,
        clickId: string | null,
        matched: number,
        link: string | null,
      ) => ({
        ...{ id, project_id: 'p1', link_id: link, click_id: clickId, type, matched, device_id: id },
        ...{
          platform: 'android',
          os: null,
          os_version: null,
          model: null,
          ip_hash: null,
          channel: clickId ? 'mail' : null,
        },
        ...{ user_agent: null, created_at: '2026-02-10T19:00:00.000Z' },
      });
      await db
        .insertInto('attributions')
        .values([
          attribution('a1', 'install', 'c1', 1, 'L1'),
          attribution('a2', 'register', 'c1', 1, 'L1'),
          attribution('a3', 'install', null, 0, null),
        ])
        .execute();

      await migrateLocked(db, schema === undefined ? 'sqlite' : 'postgres', schema);

      const rows = async () =>
        (
          await db
            .selectFrom('link_rollups')
            .selectAll()
            .orderBy('link_id')
            .orderBy('dim')
            .orderBy('slot')
            .orderBy('dim_value')
            .execute()
        ).map((r) => [
          r.link_id,
          r.dim,
          Number(r.slot),
          r.dim_value,
          ...[r.clicks, r.bots, r.installs, r.opens, r.registrations].map(Number),
        ]);
      const slot = (iso: string) => Math.floor(Date.parse(iso) / 900_000);
      const s1 = slot('2026-02-10T18:15:00Z');
      const s2 = slot('2026-02-10T18:30:00Z');
      const s3 = slot('2026-02-10T19:00:00Z');
      const s4 = slot('2026-02-11T00:00:00Z');
      // The breakdowns per UTC day: the first quarter hour of the day.
      const d10 = slot('2026-02-10T00:00:00Z');
      const expected = [
        ['L1', 'all', s1, '', 1, 0, 0, 0, 0],
        ['L1', 'all', s2, '', 1, 1, 0, 0, 0],
        ['L1', 'all', s3, '', 0, 0, 1, 0, 1],
        ['L1', 'channel', s1, 'mail', 1, 0, 0, 0, 0],
        ['L1', 'channel', s2, 'ads', 1, 0, 0, 0, 0],
        ['L1', 'channel', s3, 'mail', 0, 0, 1, 0, 1],
        ['L1', 'channel:day', d10, 'ads', 1, 0, 0, 0, 0],
        ['L1', 'channel:day', d10, 'mail', 1, 0, 1, 0, 1],
        ['L1', 'platform', s1, 'ios', 1, 0, 0, 0, 0],
        ['L1', 'platform', s2, 'android', 1, 0, 0, 0, 0],
        ['L1', 'platform', s3, 'android', 0, 0, 1, 0, 1],
        ['L1', 'platform:day', d10, 'android', 1, 0, 1, 0, 1],
        ['L1', 'platform:day', d10, 'ios', 1, 0, 0, 0, 0],
        ['L1', 'source', s1, 'banner', 1, 0, 0, 0, 0],
        ['L1', 'source', s2, 'other', 1, 0, 0, 0, 0],
        ['L1', 'source', s3, 'banner', 0, 0, 1, 0, 1],
        ['L1', 'source:day', d10, 'banner', 1, 0, 1, 0, 1],
        ['L1', 'source:day', d10, 'other', 1, 0, 0, 0, 0],
        ['L1', 'total', 0, '', 2, 1, 1, 0, 1],
        ['L2', 'all', s4, '', 1, 0, 0, 0, 0],
        ['L2', 'channel', s4, 'mail', 1, 0, 0, 0, 0],
        ['L2', 'channel:day', s4, 'mail', 1, 0, 0, 0, 0],
        ['L2', 'platform', s4, 'ios', 1, 0, 0, 0, 0],
        ['L2', 'platform:day', s4, 'ios', 1, 0, 0, 0, 0],
        ['L2', 'source', s4, 'script', 1, 0, 0, 0, 0],
        ['L2', 'source:day', s4, 'script', 1, 0, 0, 0, 0],
        ['L2', 'total', 0, '', 1, 0, 0, 0, 0],
      ];
      expect(await rows()).toEqual(expected);
      // Filled again, the same rows.
      await backfillLinkRollups(db, schema === undefined ? 'sqlite' : 'postgres');
      expect(await rows()).toEqual(expected);
      // A deleted link takes its rollups along.
      await db.deleteFrom('links').where('id', '=', 'L2').execute();
      expect((await rows()).filter((r) => r[0] === 'L2')).toEqual([]);
    } finally {
      await scratch.close();
    }
  });
});
