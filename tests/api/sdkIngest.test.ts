import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../src/server/app';
import { createTestApp, type TestApp } from './helpers/testApp';
import { call } from './helpers/api';
import { createProject, signUpOwner, type SignedIn } from './helpers/accounts';
import { accessKey, sdkEvent, sendEvents } from './helpers/sdk';

interface LogRow {
  eventId: string;
  name: string;
  category: string;
  deviceId: string;
  testDevice: boolean;
  data: Record<string, unknown> | null;
  linkId: string | null;
  source: string | null;
  userId: string | null;
  activityId: string | null;
  platform: string;
  time: string;
}

describe('SDK event ingestion', () => {
  let t: TestApp;
  let owner: SignedIn;
  let projectId: string;
  let key: string;

  const eventCount = async () =>
    Number(
      (
        await t.app.ctx.db
          .selectFrom('sdk_events')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('project_id', '=', projectId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const summary = async () =>
    (
      await call<{ activeDevices: number; newDevices: number; events: number }>(
        t.app,
        'GET',
        '/api/analytics/summary?from=2026-02-25&to=2026-03-01',
        { token: owner.token, projectId },
      )
    ).body.data;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUpOwner(t.app, 'owner@example.com');
    projectId = await createProject(t.app, owner, 'Alpha', 'alpha');
    key = await accessKey(t.app, owner, projectId);
    const defined = await call(t.app, 'POST', '/api/events', {
      token: owner.token,
      projectId,
      body: { key: 'order_paid', name: 'Order paid' },
    });
    expect(defined.status, JSON.stringify(defined.body)).toBe(200);
  });
  afterAll(async () => t.close());

  it('a missing or wrong access key answers 401 accessKeyInvalid and stores nothing', async () => {
    const wrong = await sendEvents(t.app, 'not-the-key', [sdkEvent({})], { lang: 'en' });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ code: 401, msg: 'Invalid access key', data: { error: 'accessKeyInvalid' } });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/sdk/v1/events',
      payload: { events: [sdkEvent({})] },
    });
    expect(response.statusCode).toBe(401);
    expect(await eventCount()).toBe(0);
  });

  it('stores a batch; bad events are refused one by one with a reason, the rest kept', async () => {
    const batch = [
      sdkEvent({
        eventId: 'a-1',
        name: 'install',
        deviceId: 'dev-a',
        data: { campaign: 'spring' },
        linkId: 'AbC123',
        source: 'tiktok',
      }),
      sdkEvent({
        eventId: 'a-2',
        name: 'order_paid',
        deviceId: 'dev-a',
        userId: 'u-1',
        data: { amount: 9.9 },
        activityId: 'camp-1',
      }),
      sdkEvent({ eventId: 'a-3', name: 'not_defined', deviceId: 'dev-b' }),
      sdkEvent({ eventId: 'a-4', deviceId: undefined }),
      sdkEvent({ eventId: 'a-5', time: '2025-10-01T00:00:00Z' }),
      sdkEvent({ eventId: 'a-6', time: '2026-03-03T00:00:00Z' }),
      sdkEvent({ eventId: 'a-7', name: 'open', deviceId: 'dev-b', platform: 'ios' }),
      'not an object',
      sdkEvent({
        eventId: 'a-9',
        name: 'open',
        category: 'standard',
        deviceId: 'dev-b',
        platform: 'ios',
        time: 'yesterday',
      }),
    ];
    const answer = await sendEvents(t.app, key, batch, { lang: 'en' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data.accepted).toBe(3);
    expect(answer.body.data.duplicates).toBe(0);
    const byIndex = Object.fromEntries(answer.body.data.rejected.map((r) => [r.index, r]));
    expect(Object.keys(byIndex).map(Number)).toEqual([2, 3, 4, 5, 7, 8]);
    expect(byIndex[2]).toMatchObject({
      eventId: 'a-3',
      reason: 'sdk.unknownEvent',
      message: 'Unknown custom event "not_defined": define the event key in event management first',
    });
    expect(byIndex[3]).toMatchObject({ eventId: 'a-4', reason: 'sdk.eventInvalid' });
    expect(byIndex[3].errors?.map((e) => e.path)).toEqual(['/deviceId']);
    expect(byIndex[4]).toMatchObject({ reason: 'sdk.eventTooOld' });
    expect(byIndex[5]).toMatchObject({ reason: 'sdk.eventInFuture' });
    expect(byIndex[7]).toMatchObject({ eventId: null, reason: 'sdk.eventInvalid' });
    expect(byIndex[8].errors?.map((e) => e.path)).toEqual(['/time']);
    expect(await eventCount()).toBe(3);

    // Messages follow X-Lang (zh-CN by default).
    const zh = await sendEvents(t.app, key, [sdkEvent({ name: 'nope_key' })]);
    expect(zh.body.data.rejected[0].message).toBe(
      '未知的自定义事件“nope_key”：请先在事件管理中定义该事件 key',
    );
  });

  it('a time Date cannot read is refused alone (it used to fail the whole batch); offsets are stored as UTC', async () => {
    // A project of its own: the tests below count this project's events.
    const leapProject = await createProject(t.app, owner, 'Leap', 'leap');
    const answer = await sendEvents(
      t.app,
      await accessKey(t.app, owner, leapProject),
      [
        // A leap second and an offset without minutes pass RFC 3339 checks but not Date.parse.
        sdkEvent({ eventId: 'leap-1', time: '2026-02-28T23:59:60Z' }),
        sdkEvent({ eventId: 'leap-2', time: '2026-03-01T10:00:00+05' }),
        sdkEvent({ eventId: 'leap-3', time: '2026-03-01 15:00:00+08:00' }),
        sdkEvent({ eventId: 'leap-4', time: '2026-03-01T07:00:00.123Z' }),
      ],
      { lang: 'en' },
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data.accepted).toBe(2);
    expect(answer.body.data.rejected.map((r) => [r.eventId, r.reason, r.errors?.map((e) => e.path)])).toEqual(
      [
        ['leap-1', 'sdk.eventInvalid', ['/time']],
        ['leap-2', 'sdk.eventInvalid', ['/time']],
      ],
    );
    const stored = await t.app.ctx.db
      .selectFrom('sdk_events')
      .select(['event_id', 'time'])
      .where('project_id', '=', leapProject)
      .orderBy('event_id')
      .execute();
    expect(stored).toEqual([
      { event_id: 'leap-3', time: '2026-03-01T07:00:00.000Z' },
      { event_id: 'leap-4', time: '2026-03-01T07:00:00.123Z' },
    ]);
  });

  it('retries never double count: the same ids again, and twice within one batch', async () => {
    const before = await summary();
    expect(before).toMatchObject({ activeDevices: 2, newDevices: 2, events: 3 });
    const again = await sendEvents(t.app, key, [
      sdkEvent({ eventId: 'a-1', name: 'install', deviceId: 'dev-a' }),
      sdkEvent({ eventId: 'a-7', name: 'open', deviceId: 'dev-b', platform: 'ios' }),
      sdkEvent({ eventId: 'b-1', deviceId: 'dev-c' }),
      sdkEvent({ eventId: 'b-1', deviceId: 'dev-c' }),
    ]);
    expect(again.body.data).toEqual({ accepted: 1, duplicates: 3, rejected: [] });
    expect(await eventCount()).toBe(4);
    expect(await summary()).toMatchObject({ activeDevices: 3, newDevices: 3, events: 4 });
    const deviceDays = await t.app.ctx.db
      .selectFrom('sdk_device_days')
      .select(['device_id', 'events'])
      .where('project_id', '=', projectId)
      .orderBy('device_id')
      .execute();
    expect(deviceDays.map((d) => [d.device_id, Number(d.events)])).toEqual([
      ['dev-a', 2],
      ['dev-b', 1],
      ['dev-c', 1],
    ]);
  });

  it('concurrent batches on two servers sharing the database count every event once', async () => {
    const other = await buildApp({
      databaseUrl: t.databaseUrl,
      webDir: join(tmpdir(), 'growth-no-web-build'),
      now: t.clock.now,
      schedulerIntervalMs: 0,
      publicUrl: 'http://console.test',
    });
    try {
      const shared = Array.from({ length: 60 }, (_, i) =>
        sdkEvent({
          eventId: `c-${i}`,
          deviceId: `cd-${i % 6}`,
          time: `2026-0${i % 4 < 2 ? 2 : 3}-01T0${i % 7}:00:00Z`,
        }),
      );
      const answers = await Promise.all([
        sendEvents(t.app, key, shared),
        sendEvents(other, key, shared),
        sendEvents(t.app, key, shared.slice(30)),
        sendEvents(other, key, [...shared.slice(0, 10), ...shared.slice(0, 10)]),
      ]);
      const accepted = answers.reduce((sum, a) => sum + a.body.data.accepted, 0);
      const seen = answers.reduce((sum, a) => sum + a.body.data.accepted + a.body.data.duplicates, 0);
      expect(accepted).toBe(60);
      expect(seen).toBe(60 + 60 + 30 + 20);
      const days = await t.app.ctx.db
        .selectFrom('sdk_device_days')
        .select((eb) => eb.fn.sum<number>('events').as('n'))
        .where('project_id', '=', projectId)
        .where('device_id', 'like', 'cd-%')
        .executeTakeFirstOrThrow();
      expect(Number(days.n)).toBe(60);
      const firsts = await t.app.ctx.db
        .selectFrom('sdk_device_days')
        .select(['device_id', 'cohort_day', 'day'])
        .where('project_id', '=', projectId)
        .where('device_id', 'like', 'cd-%')
        .execute();
      // Every device was active on Feb 1 and Mar 1: its cohort is Feb 1 on both rows.
      expect(new Set(firsts.map((r) => Number(r.cohort_day))).size).toBe(1);
      expect(firsts).toHaveLength(12);
    } finally {
      await other.close();
    }
  });

  it('refuses an empty batch or more than 500 events as a whole', async () => {
    expect((await sendEvents(t.app, key, [])).status).toBe(400);
    const big = Array.from({ length: 501 }, (_, i) => sdkEvent({ eventId: `big-${i}` }));
    const answer = await sendEvents(t.app, key, big);
    expect(answer.status).toBe(400);
    expect(await eventCount()).toBe(64);
    const full = await sendEvents(t.app, key, big.slice(0, 500));
    expect(full.body.data.accepted).toBe(500);
  });

  it('event logs: SPEC columns, newest first, standard/custom filter, latest N, test devices flagged', async () => {
    const added = await call(t.app, 'POST', '/api/test-devices', {
      token: owner.token,
      projectId,
      body: { name: 'QA phone', deviceId: 'qa-phone' },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const dup = await call(t.app, 'POST', '/api/test-devices', {
      token: owner.token,
      projectId,
      body: { name: 'Again', deviceId: 'qa-phone' },
      lang: 'en',
    });
    expect(dup.status).toBe(409);
    expect(dup.body.msg).toBe('This device ID is already a test device');
    await sendEvents(t.app, key, [
      sdkEvent({ eventId: 'qa-1', deviceId: 'qa-phone', time: '2026-03-01T07:59:00Z' }),
    ]);

    const latest = await call<{ items: LogRow[] }>(t.app, 'GET', '/api/event-logs?limit=2', {
      token: owner.token,
      projectId,
    });
    expect(latest.status).toBe(200);
    expect(latest.body.data.items).toHaveLength(2);
    expect(latest.body.data.items[0]).toMatchObject({
      eventId: 'qa-1',
      deviceId: 'qa-phone',
      testDevice: true,
    });

    const custom = await call<{ items: LogRow[] }>(t.app, 'GET', '/api/event-logs?category=custom', {
      token: owner.token,
      projectId,
    });
    expect(custom.body.data.items).toEqual([
      expect.objectContaining({
        eventId: 'a-2',
        name: 'order_paid',
        category: 'custom',
        userId: 'u-1',
        activityId: 'camp-1',
        data: { amount: 9.9 },
        testDevice: false,
      }),
    ]);
    const standard = await call<{ items: LogRow[] }>(
      t.app,
      'GET',
      '/api/event-logs?category=standard&limit=1000',
      {
        token: owner.token,
        projectId,
      },
    );
    expect(standard.body.data.items.every((i) => i.category === 'standard')).toBe(true);
    const install = standard.body.data.items.find((i) => i.eventId === 'a-1');
    expect(install).toMatchObject({
      linkId: 'AbC123',
      source: 'tiktok',
      platform: 'android',
      data: { campaign: 'spring' },
    });

    const tooLong = await call(t.app, 'GET', '/api/event-logs?from=2026-02-01&to=2026-02-11', {
      token: owner.token,
      projectId,
      lang: 'en',
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toEqual({
      code: 400,
      msg: 'The date range can be at most 10 days',
      data: { error: 'rangeTooLong' },
    });
  });
});
