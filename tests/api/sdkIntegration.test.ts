import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/testApp';
import { call } from './helpers/api';
import { createProject, login, signUpOwner, type SignedIn } from './helpers/accounts';
import { accessKey, sdkEvent, sendEvents } from './helpers/sdk';
import { createTemplate } from './helpers/links';

interface Status {
  status: string;
  reasons: string[];
  appConfig: { android: { configured: boolean }; ios: { configured: boolean } };
  deepLinkConfig: { universalLinks: boolean; appLinks: boolean };
  events: { name: string; seen: boolean; count: number }[];
  testDevices: { deviceId: string; lastSeenAt: string | null }[];
  launchRecords: { name: string; deviceId: string; testDevice: boolean }[];
  sdk: { latestVersion: string | null; tooLow: boolean };
  lastRequest: {
    status: number;
    outcome: 'ok' | 'warning' | 'error';
    problem: { level: string; code: string; params: Record<string, unknown> } | null;
    error: string | null;
  } | null;
}

describe('integration status follows what was received', () => {
  let t: TestApp;
  let owner: SignedIn;
  let projectId: string;
  let key: string;
  const status = async () => {
    const answer = await call<Status>(t.app, 'GET', '/api/integration/status', {
      token: owner.token,
      projectId,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data;
  };
  const at = (minutes: number) => new Date(t.clock.now().getTime() - minutes * 60_000).toISOString();

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUpOwner(t.app, 'owner@example.com');
    projectId = await createProject(t.app, owner, 'Alpha', 'alpha');
    key = await accessKey(t.app, owner, projectId);
  });
  afterAll(async () => t.close());

  it('notIntegrated -> inProgress -> partial -> complete -> partial (old SDK) -> failed -> complete (with refused events: a warning) -> failed -> noData', async () => {
    let s = await status();
    expect(s.status).toBe('notIntegrated');
    expect(s.appConfig.android.configured).toBe(false);
    await createTemplate(t.app, owner, projectId);
    s = await status();
    expect(s.appConfig).toMatchObject({ android: { configured: true }, ios: { configured: true } });
    expect(s.deepLinkConfig).toMatchObject({ universalLinks: true, appLinks: true });
    expect(s.status).toBe('notIntegrated');

    // Only a test device so far: integration in progress.
    await call(t.app, 'POST', '/api/test-devices', {
      token: owner.token,
      projectId,
      body: { name: 'QA', deviceId: 'qa-1' },
    });
    await sendEvents(t.app, key, [sdkEvent({ name: 'install', deviceId: 'qa-1', time: at(30) })]);
    s = await status();
    expect(s.status).toBe('inProgress');
    expect(s.testDevices).toEqual([expect.objectContaining({ deviceId: 'qa-1', lastSeenAt: at(30) })]);
    expect(s.launchRecords).toEqual([
      expect.objectContaining({ name: 'install', deviceId: 'qa-1', testDevice: true }),
    ]);

    // A real Android install without an open: partial.
    await sendEvents(t.app, key, [sdkEvent({ name: 'install', deviceId: 'phone-1', time: at(20) })]);
    s = await status();
    expect(s.status).toBe('partial');
    expect(s.reasons).toEqual(['missing:android:open']);

    await sendEvents(t.app, key, [sdkEvent({ name: 'open', deviceId: 'phone-1', time: at(19) })]);
    s = await status();
    expect(s.status).toBe('complete');
    expect(s.events.find((e) => e.name === 'install')).toMatchObject({ seen: true, count: 2 });
    expect(s.sdk).toMatchObject({ latestVersion: '2.3.0', tooLow: false });

    // The latest SDK seen is below 2.0: "SDK version is too low".
    await sendEvents(t.app, key, [
      sdkEvent({ name: 'open', deviceId: 'phone-2', sdkVersion: '1.8.2', time: at(10) }),
    ]);
    s = await status();
    expect(s).toMatchObject({
      status: 'partial',
      reasons: ['sdkVersionTooLow'],
      sdk: { latestVersion: '1.8.2', tooLow: true },
    });
    await sendEvents(t.app, key, [
      sdkEvent({ name: 'open', deviceId: 'phone-2', sdkVersion: '2.0.1', time: at(5) }),
    ]);
    expect((await status()).status).toBe('complete');

    // The last call failed as a whole (every event refused): failed, until a good call follows.
    // What was refused is kept as codes and event names, for the console to say in its language.
    t.clock.advance(1000);
    await sendEvents(t.app, key, [sdkEvent({ name: 'undefined_key' })], { lang: 'zh-cn' });
    s = await status();
    expect(s.status).toBe('failed');
    expect(s.lastRequest).toEqual({
      time: expect.any(String),
      path: '/api/sdk/v1/events',
      status: 200,
      outcome: 'error',
      problem: {
        level: 'error',
        code: 'sdk.batchRefused',
        params: {
          total: 1,
          refused: 1,
          events: [{ reason: 'sdk.unknownEvent', name: 'undefined_key', count: 1 }],
          more: 0,
        },
      },
      error: null,
    });
    expect(JSON.stringify(s.lastRequest)).not.toMatch(/[\u4e00-\u9fff]/);
    t.clock.advance(1000);
    await sendEvents(t.app, key, [sdkEvent({ name: 'open', deviceId: 'phone-1', time: at(1) })]);
    expect((await status()).status).toBe('complete');

    // A good batch with undefined keys (and an invalid event) in it: stored, and a warning naming
    // the keys; the status is not "failed". A retry of it (the good events now duplicates) too.
    t.clock.advance(1000);
    const mixed = [
      sdkEvent({ name: 'open', deviceId: 'phone-1', time: at(1) }),
      sdkEvent({ name: 'vip_purchase', time: at(1) }),
      sdkEvent({ name: 'open', deviceId: 'phone-3', time: at(1) }),
      sdkEvent({ name: 'vip_purchase', time: at(1) }),
      sdkEvent({ name: 'level_up', time: at(1) }),
      sdkEvent({ name: 'open', platform: 'fridge', time: at(1) }),
    ];
    const answer = await sendEvents(t.app, key, mixed);
    expect(answer.body.data).toMatchObject({ accepted: 2, duplicates: 0 });
    s = await status();
    expect(s.status).toBe('complete');
    expect(s.lastRequest).toMatchObject({
      status: 200,
      outcome: 'warning',
      error: null,
      problem: {
        level: 'warning',
        code: 'sdk.eventsRefused',
        params: {
          total: 6,
          refused: 4,
          more: 0,
          events: [
            { reason: 'sdk.unknownEvent', name: 'vip_purchase', count: 2 },
            { reason: 'sdk.unknownEvent', name: 'level_up', count: 1 },
            { reason: 'sdk.eventInvalid', name: 'open', count: 1, paths: ['/platform'] },
          ],
        },
      },
    });
    t.clock.advance(1000);
    await sendEvents(t.app, key, mixed);
    s = await status();
    expect(s.status).toBe('complete');
    expect(s.lastRequest?.problem).toMatchObject({ level: 'warning', code: 'sdk.eventsRefused' });

    // A refused call keeps its answer's error key; the request log shows the same problems.
    await call(t.app, 'PUT', '/api/dev-config', {
      token: owner.token,
      projectId,
      body: { tokenCallbackUrl: '', ipWhitelist: ['198.51.100.0/24'] },
    });
    t.clock.advance(1000);
    expect((await sendEvents(t.app, key, [sdkEvent({ time: at(1) })])).status).toBe(403);
    s = await status();
    expect(s.status).toBe('failed');
    expect(s.lastRequest).toMatchObject({
      status: 403,
      outcome: 'error',
      problem: { level: 'error', code: 'ipNotWhitelisted', params: { status: 403 } },
    });
    await call(t.app, 'PUT', '/api/dev-config', {
      token: owner.token,
      projectId,
      body: { tokenCallbackUrl: '', ipWhitelist: [] },
    });
    const logs = await call<{ items: { problem: { code: string } | null }[] }>(
      t.app,
      'GET',
      '/api/request-logs?pageSize=3',
      { token: owner.token, projectId },
    );
    expect(logs.body.data.items.map((i) => i.problem?.code ?? null)).toEqual([
      'ipNotWhitelisted',
      'sdk.eventsRefused',
      'sdk.eventsRefused',
    ]);

    // Rows logged before problems were coded keep their text, and a failure stays a failure.
    t.clock.advance(1000);
    await t.app.ctx.db
      .insertInto('api_request_logs')
      .values({
        id: 'legacy-row',
        project_id: projectId,
        time: t.clock.now().toISOString(),
        method: 'POST',
        path: '/api/sdk/v1/events',
        ip: '203.0.113.10',
        status: 200,
        duration_ms: 3,
        request: null,
        response: null,
        error: 'all events rejected: sdk.unknownEvent: 未定义的自定义事件',
        headers: '{}',
      })
      .execute();
    s = await status();
    expect(s.status).toBe('failed');
    expect(s.lastRequest).toMatchObject({
      outcome: 'error',
      problem: null,
      error: 'all events rejected: sdk.unknownEvent: 未定义的自定义事件',
    });
    t.clock.advance(1000);
    await sendEvents(t.app, key, [sdkEvent({ name: 'open', deviceId: 'phone-1', time: at(1) })]);
    expect((await status()).status).toBe('complete');

    // Nothing for more than 7 days: no data reported.
    t.clock.advance(8 * 86_400_000);
    owner = await login(t.app, owner.email); // the session itself expired meanwhile
    expect((await status()).status).toBe('noData');
  });
});

describe('overview dashboards', () => {
  let t: TestApp;
  let owner: SignedIn;
  let projectId: string;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUpOwner(t.app, 'owner@example.com');
    projectId = await createProject(t.app, owner, 'Alpha', 'alpha');
  });
  afterAll(async () => t.close());

  it('exactly one default: the first, then the one chosen; deleting it promotes the oldest', async () => {
    const body = (name: string, isDefault?: boolean) => ({
      name,
      ...(isDefault === undefined ? {} : { isDefault }),
      widgets: [
        { metric: 'activeUsers', chart: 'line' },
        { metric: 'audience', chart: 'pie', groupBy: 'platform' },
      ],
      filters: { preset: 'last7' },
    });
    const first = await call<{ id: string; isDefault: boolean; widgets: { id: string }[] }>(
      t.app,
      'POST',
      '/api/overviews',
      {
        token: owner.token,
        projectId,
        body: body('Growth'),
      },
    );
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data.isDefault).toBe(true);
    expect(first.body.data.widgets.map((w) => w.id)).toEqual(['w1', 'w2']);
    const second = await call<{ id: string; isDefault: boolean }>(t.app, 'POST', '/api/overviews', {
      token: owner.token,
      projectId,
      body: body('Ops'),
    });
    expect(second.body.data.isDefault).toBe(false);
    const promoted = await call<{ isDefault: boolean }>(
      t.app,
      'PUT',
      `/api/overviews/${second.body.data.id}`,
      {
        token: owner.token,
        projectId,
        body: body('Ops 2', true),
      },
    );
    expect(promoted.body.data.isDefault).toBe(true);
    let list = await call<{ items: { id: string; name: string; isDefault: boolean }[] }>(
      t.app,
      'GET',
      '/api/overviews',
      { token: owner.token, projectId },
    );
    expect(list.body.data.items.map((o) => [o.name, o.isDefault])).toEqual([
      ['Ops 2', true],
      ['Growth', false],
    ]);
    const bad = await call(t.app, 'POST', '/api/overviews', {
      token: owner.token,
      projectId,
      body: { name: ' ', widgets: [{ metric: 'revenue', chart: 'line' }] },
    });
    expect(bad.status).toBe(400);
    expect(
      (
        await call(t.app, 'DELETE', `/api/overviews/${second.body.data.id}`, {
          token: owner.token,
          projectId,
        })
      ).status,
    ).toBe(200);
    list = await call(t.app, 'GET', '/api/overviews', { token: owner.token, projectId });
    expect(list.body.data.items.map((o) => [o.name, o.isDefault])).toEqual([['Growth', true]]);
  });
});
