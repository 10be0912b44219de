import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/testApp';
import { call, countRows, type ErrorData } from './helpers/api';
import { createProject, signUpOwner, type SignedIn } from './helpers/accounts';
import { accessKey, sdkEvent, sendEvents } from './helpers/sdk';
import { createLink, createTemplate, openLink, UA } from './helpers/links';
import { buildApp } from '../../src/server/app';
import { localDayNumber } from '../../src/engine/rules/timeZone';
import { rollupTimeZone } from '../../src/server/sdk/ingestEvents';
import { MIGRATION_LOCK, migrateLocked } from '../../src/server/db/createDb';
import { migrations } from '../../src/server/db/migrations/migrations';
import type { Database } from '../../src/server/db/tables';

// Analytics days are the project's local days. The clock stands at 2026-03-01T08:00Z;
// in February New York is on EST (GMT-05:00).

interface Active {
  tz: string;
  items: { date: string; dau: number; wau: number; mau: number }[];
}
interface Project {
  id: string;
  timezone: string;
}

/** Events of three devices around local midnights (the same instants whatever the project). */
function midnightEvents(prefix: string) {
  return [
    // 2026-02-10 23:59:59 in Shanghai (15:59:59Z) and 2026-02-11 00:00:00 (16:00Z).
    sdkEvent({ eventId: `${prefix}-1`, deviceId: 'S1', platform: 'ios', time: '2026-02-10T15:59:59Z' }),
    sdkEvent({ eventId: `${prefix}-2`, deviceId: 'S2', platform: 'android', time: '2026-02-10T16:00:00Z' }),
    // 2026-02-12 00:30 in Shanghai; 2026-02-11 11:30 in New York.
    sdkEvent({ eventId: `${prefix}-3`, deviceId: 'S1', platform: 'ios', time: '2026-02-11T16:30:00Z' }),
    // 2026-02-10 23:59:59 in New York (04:59:59Z on the 11th) and 2026-02-11 00:00:00 (05:00Z).
    sdkEvent({
      eventId: `${prefix}-4`,
      name: 'page_view',
      deviceId: 'N1',
      platform: 'web',
      time: '2026-02-11T04:59:59Z',
    }),
    sdkEvent({
      eventId: `${prefix}-5`,
      name: 'page_view',
      deviceId: 'N1',
      platform: 'web',
      time: '2026-02-11T05:00:00Z',
    }),
  ];
}

describe('project time zones: settings and defaults', () => {
  let t: TestApp;
  let owner: SignedIn;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUpOwner(t.app, 'tz-owner@example.com');
  });
  afterAll(async () => t.close());

  it('defaults to GMT+08:00 in Chinese, else the zone the console sends (UTC without one)', async () => {
    const zh = await call<Project>(t.app, 'POST', '/api/projects', {
      token: owner.token,
      body: { name: 'Zh', domainPrefix: 'tz-zh' },
      lang: 'zh-cn',
    });
    expect(zh.body.data.timezone).toBe('Asia/Shanghai');
    const en = await call<Project>(t.app, 'POST', '/api/projects', {
      token: owner.token,
      body: { name: 'En', domainPrefix: 'tz-en' },
      lang: 'en',
    });
    expect(en.body.data.timezone).toBe('UTC');
    const named = await call<Project>(t.app, 'POST', '/api/projects', {
      token: owner.token,
      body: { name: 'Named', domainPrefix: 'tz-ny', timezone: 'america/new_york' },
      lang: 'en',
    });
    expect(named.body.data.timezone).toBe('America/New_York');
    const fixed = await call<Project>(t.app, 'POST', '/api/projects', {
      token: owner.token,
      body: { name: 'Fixed', domainPrefix: 'tz-gmt', timezone: 'GMT-05:00' },
    });
    expect(fixed.body.data.timezone).toBe('GMT-05:00');
    const list = await call<(Project & { name: string })[]>(t.app, 'GET', '/api/projects', {
      token: owner.token,
    });
    expect(Object.fromEntries(list.body.data.map((p) => [p.name, p.timezone]))).toEqual({
      Zh: 'Asia/Shanghai',
      En: 'UTC',
      Named: 'America/New_York',
      Fixed: 'GMT-05:00',
    });
  });

  it('refuses unknown zones with a localized field error and stores nothing', async () => {
    const before = await countRows(t.app);
    for (const timezone of ['Mars/Olympus', 'GMT+8', 'GMT+15:00', '+08:00', '', 'Asia/Shanghai\u0000']) {
      const answer = await call<ErrorData>(t.app, 'POST', '/api/projects', {
        token: owner.token,
        body: { name: 'Bad', domainPrefix: 'tz-bad', timezone },
        lang: 'en',
      });
      expect(answer.status, timezone).toBe(400);
      expect(answer.body.data.errors?.map((e) => e.path)).toContain('/timezone');
    }
    const zh = await call<ErrorData>(t.app, 'POST', '/api/projects', {
      token: owner.token,
      body: { name: 'Bad', domainPrefix: 'tz-bad', timezone: 'Mars/Olympus' },
      lang: 'zh-cn',
    });
    expect(zh.body.data.errors?.find((e) => e.path === '/timezone')?.message).toContain('时区');
    const en = await call<ErrorData>(t.app, 'POST', '/api/projects', {
      token: owner.token,
      body: { name: 'Bad', domainPrefix: 'tz-bad', timezone: 'Mars/Olympus' },
      lang: 'en',
    });
    expect(en.body.data.errors?.find((e) => e.path === '/timezone')?.message).toContain('time zone');
    const projectId = await createProject(t.app, owner, 'Keep', 'tz-keep', 'Asia/Shanghai');
    const rows = await countRows(t.app);
    const update = await call<ErrorData>(t.app, 'PUT', `/api/projects/${projectId}`, {
      token: owner.token,
      projectId,
      body: { name: 'Keep', domainPrefix: 'tz-keep', timezone: 'Europe/Nowhere' },
      lang: 'en',
    });
    expect(update.status).toBe(400);
    expect(update.body.data.errors?.map((e) => e.path)).toEqual(['/timezone']);
    expect(await countRows(t.app)).toEqual(rows);
    const bad = await call<ErrorData>(t.app, 'GET', '/api/analytics/events?tz=Mars/Olympus', {
      token: owner.token,
      projectId,
      lang: 'en',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.data.errors?.map((e) => e.path)).toEqual(['/querystring/tz']);
    expect(before.projects + 1).toBe(rows.projects);
  });
});

describe('analytics count local days of the project zone', () => {
  let t: TestApp;
  let owner: SignedIn;
  let shanghai: string;
  let newYork: string;
  let fixed: string;
  const get = <T>(projectId: string, url: string) =>
    call<T>(t.app, 'GET', url, { token: owner.token, projectId, lang: 'en' });
  const active = async (projectId: string) => {
    const answer = await get<Active>(projectId, '/api/analytics/active?from=2026-02-10&to=2026-02-12');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data;
  };

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUpOwner(t.app, 'local-days@example.com');
    shanghai = await createProject(t.app, owner, 'Shanghai', 'sha', 'GMT+08:00');
    newYork = await createProject(t.app, owner, 'New York', 'nyc', 'America/New_York');
    fixed = await createProject(t.app, owner, 'Fixed', 'gmt5', 'GMT-05:00');
    for (const projectId of [shanghai, newYork, fixed]) {
      const key = await accessKey(t.app, owner, projectId);
      const sent = await sendEvents(t.app, key, midnightEvents(projectId));
      expect(sent.body.data.accepted).toBe(5);
    }
  });
  afterAll(async () => t.close());

  it('DAU per local day in GMT+08:00 and GMT-05:00', async () => {
    const sha = await active(shanghai);
    expect(sha.tz).toBe('GMT+08:00');
    // Shanghai: S1 and N1 on Feb 10 (N1's 04:59Z and 05:00Z are Feb 11 12:59/13:00 there: Feb 11),
    // S2 and N1 on Feb 11, S1 on Feb 12.
    expect(sha.items.map((i) => [i.date, i.dau])).toEqual([
      ['2026-02-10', 1],
      ['2026-02-11', 2],
      ['2026-02-12', 1],
    ]);
    for (const projectId of [newYork, fixed]) {
      const ny = await active(projectId);
      // New York: S1 (02:59) and S2 (11:00) on Feb 10, N1 23:59:59 on Feb 10 and 00:00 on Feb 11,
      // S1 again at 11:30 on Feb 11.
      expect(ny.items.map((i) => [i.date, i.dau, i.wau])).toEqual([
        ['2026-02-10', 3, 3],
        ['2026-02-11', 2, 3],
        ['2026-02-12', 0, 3],
      ]);
    }
    expect((await active(newYork)).tz).toBe('America/New_York');
  });

  it('event counts, retention, audience and summary follow the same days', async () => {
    const counts = await get<{ tz: string; series: { date: string; key: string; count: number }[] }>(
      newYork,
      '/api/analytics/sdk-events?from=2026-02-10&to=2026-02-11&groupBy=name',
    );
    expect(counts.body.data.tz).toBe('America/New_York');
    expect(counts.body.data.series.map((p) => [p.date, p.key, p.count])).toEqual([
      ['2026-02-10', 'open', 2],
      ['2026-02-10', 'page_view', 1],
      ['2026-02-11', 'open', 1],
      ['2026-02-11', 'page_view', 1],
    ]);
    const retention = await get<{ cohorts: { date: string; size: number; retained: number[] }[] }>(
      shanghai,
      '/api/analytics/retention?from=2026-02-10&to=2026-02-11&days=2',
    );
    expect(retention.body.data.cohorts.map((c) => [c.date, c.size, c.retained])).toEqual([
      ['2026-02-10', 1, [1, 0, 1]],
      ['2026-02-11', 2, [2, 0, 0]],
    ]);
    const summary = await get<{ activeDevices: number; newDevices: number; events: number }>(
      shanghai,
      '/api/analytics/summary?from=2026-02-11&to=2026-02-11',
    );
    expect(summary.body.data).toMatchObject({ activeDevices: 2, newDevices: 2, events: 3 });
    const audience = await get<{ total: number; items: { key: string; devices: number }[] }>(
      newYork,
      '/api/analytics/audience?from=2026-02-11&to=2026-02-11&by=platform',
    );
    expect(audience.body.data.total).toBe(2);
    expect(audience.body.data.items.map((i) => i.key).sort()).toEqual(['ios', 'web']);
  });

  it('"today" is the local today: the default range ends on the project day', async () => {
    // 2026-03-01T08:00Z is March 1st in Shanghai and in New York (03:00); at 20:00Z Shanghai is
    // already on March 2nd.
    t.clock.advance(12 * 3_600_000);
    try {
      const sha = await get<Active>(shanghai, '/api/analytics/active');
      const ny = await get<Active>(newYork, '/api/analytics/active');
      expect(sha.body.data.items.at(-1)?.date).toBe('2026-03-02');
      expect(ny.body.data.items.at(-1)?.date).toBe('2026-03-01');
    } finally {
      t.clock.advance(-12 * 3_600_000);
    }
  });

  it('a new time zone recounts every figure, the same as counting in it from the start', async () => {
    const before = await active(shanghai);
    const put = await call<Project>(t.app, 'PUT', `/api/projects/${shanghai}`, {
      token: owner.token,
      projectId: shanghai,
      body: { name: 'Shanghai', domainPrefix: 'sha', timezone: 'America/New_York' },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.data.timezone).toBe('America/New_York');
    const after = await active(shanghai);
    expect(after.tz).toBe('America/New_York');
    expect(after.items).toEqual((await active(newYork)).items);
    expect(await rollups(t, shanghai)).toEqual(await rollups(t, newYork));
    // And back: the first figures again.
    await call(t.app, 'PUT', `/api/projects/${shanghai}`, {
      token: owner.token,
      projectId: shanghai,
      body: { name: 'Shanghai', domainPrefix: 'sha', timezone: 'GMT+08:00' },
    });
    expect(await active(shanghai)).toEqual(before);
    // Saving the same zone (a rename) leaves the figures alone.
    const rename = await call<Project>(t.app, 'PUT', `/api/projects/${shanghai}`, {
      token: owner.token,
      projectId: shanghai,
      body: { name: 'Shanghai 2', domainPrefix: 'sha' },
    });
    expect(rename.body.data.timezone).toBe('GMT+08:00');
    expect(await active(shanghai)).toEqual(before);
  });
});

/** A project's rollups and stored event days, without its id (to compare two projects). */
async function rollups(t: TestApp, projectId: string) {
  const db = t.app.ctx.db;
  const [events, devices, deviceDays, gaps, counts] = await Promise.all([
    db
      .selectFrom('sdk_events')
      .select(['time', 'day'])
      .where('project_id', '=', projectId)
      .orderBy('time')
      .execute(),
    db
      .selectFrom('sdk_devices')
      .select(['device_id', 'first_day', 'last_day', 'last_time', 'platform'])
      .where('project_id', '=', projectId)
      .orderBy('device_id')
      .execute(),
    db
      .selectFrom('sdk_device_days')
      .select(['device_id', 'day', 'cohort_day', 'prev_day', 'events', 'platform'])
      .where('project_id', '=', projectId)
      .orderBy('device_id')
      .orderBy('day')
      .execute(),
    db
      .selectFrom('sdk_active_gaps')
      .select(['day', 'gap', 'devices'])
      .where('project_id', '=', projectId)
      .where('devices', '!=', 0)
      .orderBy('day')
      .orderBy('gap')
      .execute(),
    db
      .selectFrom('sdk_event_counts')
      .select(['day', 'name', 'platform', 'events', 'test_events'])
      .where('project_id', '=', projectId)
      .orderBy('day')
      .orderBy('name')
      .orderBy('platform')
      .execute(),
  ]);
  const numbers = <T extends Record<string, unknown>>(rows: T[]) =>
    rows.map((r) =>
      Object.fromEntries(
        Object.entries(r).map(([k, v]) => [k, typeof v === 'string' && /^-?\d+$/.test(v) ? Number(v) : v]),
      ),
    );
  return {
    events: numbers(events),
    devices: numbers(devices),
    deviceDays: numbers(deviceDays),
    gaps: numbers(gaps),
    counts: numbers(counts),
  };
}

describe('link reports, channels and event statistics cut days in the project zone', () => {
  let t: TestApp;
  let owner: SignedIn;
  let projectId: string;
  let link: { id: string; linkId: string };

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUpOwner(t.app, 'links-tz@example.com');
    projectId = await createProject(t.app, owner, 'Links', 'ltz', 'Asia/Shanghai');
    const templateId = await createTemplate(t.app, owner, projectId);
    link = await createLink(t.app, owner, projectId, { name: 'l', templateId, redirectMode: 'template' });
    // Clicks at 15:59, 16:01, 18:29 and 18:31 UTC on Feb 28: Shanghai 23:59 (Feb 28), then 00:01,
    // 02:29, 02:31 (Mar 1); Kolkata (GMT+05:30) 21:29, 21:31, 23:59 (Feb 28), 00:01 (Mar 1).
    t.clock.advance(Date.parse('2026-02-28T15:59:00Z') - t.clock.now().getTime());
    for (const step of [0, 2, 148, 2]) {
      t.clock.advance(step * 60_000);
      const hit = await openLink(t.app, 'ltz', `/${link.linkId}?channel=mail`, UA.iphoneSafari);
      expect(hit.status).toBe(302);
    }
    await t.app.deepLinks.clicks.flush();
    t.clock.advance(Date.parse('2026-03-01T08:00:00Z') - t.clock.now().getTime());
  });
  afterAll(async () => t.close());

  const get = <T>(url: string) => call<T>(t.app, 'GET', url, { token: owner.token, projectId, lang: 'en' });

  it('the link report groups by local day and hour, in the project zone unless tz says otherwise', async () => {
    type Report = { tz: string; series: { time: string; clicks: number }[] };
    const local = await get<Report>(`/api/links/${link.id}/report?from=2026-02-28&to=2026-03-01`);
    expect(local.status, JSON.stringify(local.body)).toBe(200);
    expect(local.body.data.tz).toBe('Asia/Shanghai');
    expect(local.body.data.series.map((p) => [p.time, p.clicks])).toEqual([
      ['2026-02-28', 1],
      ['2026-03-01', 3],
    ]);
    const utc = await get<Report>(`/api/links/${link.id}/report?from=2026-02-28&to=2026-03-01&tz=UTC`);
    expect(utc.body.data.tz).toBe('UTC');
    expect(utc.body.data.series.map((p) => p.clicks)).toEqual([4, 0]);
    const kolkata = await get<Report>(
      `/api/links/${link.id}/report?from=2026-02-28&to=2026-03-01&tz=Asia/Kolkata`,
    );
    expect(kolkata.body.data.series.map((p) => p.clicks)).toEqual([3, 1]);
    const hours = await get<Report>(
      `/api/links/${link.id}/report?from=2026-02-28&to=2026-03-01&granularity=hour`,
    );
    expect(hours.body.data.series.filter((p) => p.clicks > 0).map((p) => [p.time, p.clicks])).toEqual([
      ['2026-02-28T23', 1],
      ['2026-03-01T00', 1],
      ['2026-03-01T02', 2],
    ]);
  });

  it('channel analytics and event statistics use the project zone', async () => {
    const channels = await get<{ tz: string; series: { time: string; clicks: number }[] }>(
      '/api/analytics/channels?from=2026-02-28&to=2026-03-01',
    );
    expect(channels.body.data.tz).toBe('Asia/Shanghai');
    expect(channels.body.data.series.map((p) => p.clicks)).toEqual([1, 3]);
    const events = await get<{
      tz: string;
      items: { event: string; series: { time: string; count: number }[] }[];
    }>('/api/analytics/events?from=2026-03-01&to=2026-03-01&event=click');
    expect(events.body.data.tz).toBe('Asia/Shanghai');
    expect(events.body.data.items[0].series).toEqual([{ time: '2026-03-01', count: 3 }]);
  });

  it('the links export cuts creation days and writes times in the project zone', async () => {
    // The link was made at 2026-03-01T08:00Z: 16:00 in Shanghai.
    const answer = await t.app.inject({
      method: 'GET',
      url: '/api/links/export?start_time=2026-03-01&end_time=2026-03-01',
      headers: { authorization: `Bearer ${owner.token}`, 'x-project-id': projectId },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toContain('2026-03-01T16:00:00+08:00');
    const none = await t.app.inject({
      method: 'GET',
      url: '/api/links/export?start_time=2026-03-02&end_time=2026-03-02',
      headers: { authorization: `Bearer ${owner.token}`, 'x-project-id': projectId },
    });
    expect(none.body).not.toContain(link.linkId);
  });
});

describe('a time zone change while events keep arriving (two servers on one database)', () => {
  let t: TestApp;
  let owner: SignedIn;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUpOwner(t.app, 'race@example.com');
  });
  afterAll(async () => t.close());

  it('a change waits for ingests that already read the zone, which write in it', async () => {
    const projectId = await createProject(t.app, owner, 'Gate', 'gate', 'Asia/Shanghai');
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    let zoneRead!: () => void;
    const read = new Promise<void>((resolve) => (zoneRead = resolve));
    // An ingest transaction stopped right after reading the zone (where storeEvents computes days).
    const ingest = t.app.ctx.db.transaction().execute(async (trx) => {
      const zone = await rollupTimeZone(trx, projectId);
      zoneRead();
      await gate;
      return zone;
    });
    await read;
    let changed = false;
    const change = call(t.app, 'PUT', `/api/projects/${projectId}`, {
      token: owner.token,
      projectId,
      body: { name: 'Gate', domainPrefix: 'gate', timezone: 'America/New_York' },
    }).then((answer) => {
      changed = true;
      return answer;
    });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(changed).toBe(false);
    open();
    expect(await ingest).toBe('Asia/Shanghai');
    expect((await change).status).toBe(200);
  });

  it('counts every event once, in the zone its rollups end up in', async () => {
    const second = await buildApp({
      databaseUrl: t.databaseUrl,
      webDir: '/nonexistent',
      now: t.clock.now,
      publicUrl: 'http://console.test',
      schedulerIntervalMs: 0,
    });
    try {
      const projectId = await createProject(t.app, owner, 'Race', 'race', 'Asia/Shanghai');
      const key = await accessKey(t.app, owner, projectId);
      const batches = Array.from({ length: 24 }, (_, b) =>
        Array.from({ length: 40 }, (_, i) =>
          sdkEvent({
            eventId: `r-${b}-${i}`,
            deviceId: `d-${(b * 7 + i) % 60}`,
            platform: i % 2 ? 'ios' : 'android',
            // Spread over 20 days, at all hours, so most events move to another day.
            time: new Date(Date.parse('2026-02-05T00:00:00Z') + (b * 40 + i) * 1_777_777).toISOString(),
          }),
        ),
      );
      // A device back after more than 31 days (no previous day: gap 0), then the next day (gap 1).
      batches.push(
        ['2025-12-10T12:00:00Z', '2026-02-20T12:00:00Z', '2026-02-21T12:00:00Z'].map((time, i) =>
          sdkEvent({ eventId: `far-${i}`, deviceId: 'far', platform: 'web', time }),
        ),
      );
      const zones = ['America/New_York', 'GMT+08:00', 'GMT-05:00'];
      const sends = batches.map((events, b) => sendEvents(b % 2 ? second : t.app, key, events));
      const changes = zones.map((timezone, i) =>
        call(i % 2 ? second : t.app, 'PUT', `/api/projects/${projectId}`, {
          token: owner.token,
          projectId,
          body: { name: 'Race', domainPrefix: 'race', timezone },
        }),
      );
      const answers = await Promise.all(sends);
      answers.forEach((answer, b) => expect(answer.body.data.accepted).toBe(batches[b].length));
      for (const change of await Promise.all(changes)) expect(change.status).toBe(200);

      const project = await t.app.ctx.db
        .selectFrom('projects')
        .select(['time_zone', 'rollup_time_zone'])
        .where('id', '=', projectId)
        .executeTakeFirstOrThrow();
      expect(project.time_zone).toBe(project.rollup_time_zone);
      const zone = project.time_zone;
      const now = await rollups(t, projectId);
      expect(now.events).toHaveLength(963);
      for (const e of now.events) expect(e.day).toBe(localDayNumber(Date.parse(String(e.time)), zone));
      const sum = (rows: Record<string, unknown>[], key: string) =>
        rows.reduce((n, r) => n + Number(r[key]), 0);
      expect(sum(now.counts, 'events')).toBe(963);
      expect(sum(now.deviceDays, 'events')).toBe(963);
      expect(now.deviceDays.filter((d) => d.device_id === 'far').map((d) => d.prev_day === null)).toEqual([
        true,
        true,
        false,
      ]);
      expect(sum(now.gaps, 'devices')).toBe(now.deviceDays.length);
      const expectedDays = new Set(now.events.map((e) => `${String(e.day)}`));
      expect(new Set(now.counts.map((c) => String(c.day)))).toEqual(expectedDays);

      // The same as a project that received everything in that zone.
      const control = await createProject(t.app, owner, 'Control', 'control', zone);
      const controlKey = await accessKey(t.app, owner, control);
      const all = batches.flat().map((e) => ({ ...e, eventId: `c-${String(e.eventId)}` }));
      for (let i = 0; i < all.length; i += 480)
        expect((await sendEvents(t.app, controlKey, all.slice(i, i + 480))).body.data.accepted).toBe(
          Math.min(480, all.length - i),
        );
      expect(all).toHaveLength(963);
      const expected = await rollups(t, control);
      expect(now.deviceDays.map(({ platform: _p, ...r }) => r)).toEqual(
        expected.deviceDays.map(({ platform: _p, ...r }) => r),
      );
      expect(now.gaps).toEqual(expected.gaps);
      expect(now.counts).toEqual(expected.counts);
    } finally {
      await second.close();
    }
  });
});

describe('m0006: projects made before get GMT+08:00 and their rollups rebuilt', () => {
  /** A database brought up to m0005 only, on SQLite or on the PostgreSQL server of the run. */
  async function scratchDb() {
    const base = process.env.TEST_DATABASE_URL;
    if (base && /^postgres(ql)?:\/\//.test(base)) {
      const schema = `m6_${randomBytes(6).toString('hex')}`;
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
    const dir = mkdtempSync(join(tmpdir(), 'growth-m6-'));
    const db = new Kysely<Database>({
      dialect: new SqliteDialect({ database: new SqliteDatabase(join(dir, 'm6.db')) }),
    });
    return {
      db,
      schema: undefined,
      async close() {
        await db.destroy();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }

  it('recounts stored UTC days as Shanghai days at the first start', async () => {
    const scratch = await scratchDb();
    try {
      const { db, schema } = scratch;
      // Under the migration lock on PostgreSQL, as every migrator of the run: another file must
      // not drop its schema while this migrator reads the catalog.
      const { error } = await db.connection().execute(async (conn) => {
        if (schema) await sql`select pg_advisory_lock(${MIGRATION_LOCK})`.execute(conn);
        try {
          const migrator = new Migrator({
            db: conn,
            provider: { getMigrations: async () => migrations },
            allowUnorderedMigrations: true,
            ...(schema ? { migrationTableSchema: schema } : {}),
          });
          return await migrator.migrateTo('0005_sdk_activity');
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
          access_key: 'k1',
          created_at: time,
          updated_at: time,
        } as never)
        .execute();
      // Two events of one device, 16:30 UTC on Feb 10 and 01:00 UTC on Feb 11: one UTC day apart,
      // the same Shanghai day (Feb 11). Stored as m0005 did: UTC days and UTC rollups.
      const utcDay = (iso: string) => Math.floor(Date.parse(iso) / 86_400_000);
      const events = ['2026-02-10T16:30:00.000Z', '2026-02-11T01:00:00.000Z'];
      await db
        .insertInto('sdk_events')
        .values(
          events.map((at, i) => ({
            project_id: 'p1',
            event_id: `e${i}`,
            name: 'open',
            category: 'standard',
            device_id: 'd1',
            user_id: null,
            platform: 'ios',
            time: at,
            day: utcDay(at),
            data: null,
            link_id: null,
            activity_id: null,
            source: null,
            sdk_version: null,
            app_version: null,
            os: null,
            os_version: null,
            country: null,
            language: null,
            test_device: 0,
            received_at: at,
          })),
        )
        .execute();
      await db
        .insertInto('sdk_event_counts')
        .values(
          events.map((at) => ({
            project_id: 'p1',
            day: utcDay(at),
            name: 'open',
            platform: 'ios',
            category: 'standard',
            events: 1,
            test_events: 0,
          })),
        )
        .execute();

      await migrateLocked(db, schema === undefined ? 'sqlite' : 'postgres', schema);

      const project = await db
        .selectFrom('projects')
        .select(['time_zone', 'rollup_time_zone'])
        .executeTakeFirstOrThrow();
      expect(project).toEqual({ time_zone: 'Asia/Shanghai', rollup_time_zone: 'Asia/Shanghai' });
      const feb11 = utcDay('2026-02-11T00:00:00.000Z');
      const days = await db.selectFrom('sdk_events').select('day').orderBy('time').execute();
      expect(days.map((r) => Number(r.day))).toEqual([feb11, feb11]);
      const counts = await db.selectFrom('sdk_event_counts').select(['day', 'events']).execute();
      expect(counts.map((r) => [Number(r.day), Number(r.events)])).toEqual([[feb11, 2]]);
      const deviceDays = await db
        .selectFrom('sdk_device_days')
        .select(['day', 'cohort_day', 'events'])
        .execute();
      expect(deviceDays.map((r) => [Number(r.day), Number(r.cohort_day), Number(r.events)])).toEqual([
        [feb11, feb11, 2],
      ]);
      const gaps = await db.selectFrom('sdk_active_gaps').select(['day', 'gap', 'devices']).execute();
      expect(gaps.map((r) => [Number(r.day), Number(r.gap), Number(r.devices)])).toEqual([[feb11, 0, 1]]);
    } finally {
      await scratch.close();
    }
  });
});
