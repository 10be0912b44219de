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

  it('notIntegrated -> inProgress -> partial -> complete -> partial (old SDK) -> failed -> complete -> noData', async () => {
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
    t.clock.advance(1000);
    await sendEvents(t.app, key, [sdkEvent({ name: 'undefined_key' })]);
    expect((await status()).status).toBe('failed');
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
