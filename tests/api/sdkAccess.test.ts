import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/testApp';
import { call } from './helpers/api';
import { addMember, createProject, PASSWORD, signUpOwner, type SignedIn } from './helpers/accounts';
import { accessKey, sdkEvent, sendEvents } from './helpers/sdk';

interface LogItem {
  method: string;
  path: string;
  ip: string;
  status: number;
  request: string | null;
  response: string | null;
  problem: { level: string; code: string; params: Record<string, unknown> } | null;
  error: string | null;
  headers: Record<string, string>;
}

describe('access key, IP whitelist and API request logs', () => {
  let t: TestApp;
  let owner: SignedIn;
  let admin: SignedIn;
  let operator: SignedIn;
  let projectId: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUpOwner(t.app, 'owner@example.com');
    projectId = await createProject(t.app, owner, 'Alpha', 'alpha');
    admin = await addMember(t.app, owner, 'admin@example.com', 'admin');
    operator = await addMember(t.app, owner, 'op@example.com', 'operator', [
      { projectId, permission: 'edit' },
    ]);
  });
  afterAll(async () => t.close());

  it('every member sees the key; only the owner may refresh it', async () => {
    const forOwner = await call<{
      accessKey: string;
      canRefresh: boolean;
      rotatedAt: string | null;
      apiSecret: string | null;
      apiSecretRotatedAt: string | null;
    }>(t.app, 'GET', '/api/access-key', {
      token: owner.token,
      projectId,
    });
    expect(forOwner.body.data).toMatchObject({ canRefresh: true, rotatedAt: null });
    expect(forOwner.body.data.accessKey).toMatch(/^[A-Za-z0-9_-]{32}$/);
    for (const member of [admin, operator]) {
      const seen = await call<{ accessKey: string; canRefresh: boolean }>(t.app, 'GET', '/api/access-key', {
        token: member.token,
        projectId,
      });
      const manages = member === admin;
      expect(seen.body.data).toEqual({
        ...forOwner.body.data,
        canRefresh: false,
        // The API secret is a server-side key: only project managers see it.
        apiSecret: manages ? forOwner.body.data.apiSecret : null,
        apiSecretRotatedAt: manages ? forOwner.body.data.apiSecretRotatedAt : null,
      });
    }
  });

  it('shows the API secret to project managers and refreshes it like the access key, leaving the key alone', async () => {
    type Keys = { accessKey: string; apiSecret: string | null; apiSecretRotatedAt: string | null };
    const keys = async (by: SignedIn) =>
      (await call<Keys>(t.app, 'GET', '/api/access-key', { token: by.token, projectId })).body.data;
    const before = await keys(owner);
    expect(Buffer.from(before.apiSecret ?? '', 'base64')).toHaveLength(32);
    expect(before.apiSecret).not.toBe(before.accessKey);
    expect((await keys(operator)).apiSecret).toBeNull();

    const refused = await call(t.app, 'POST', '/api/access-key/refresh-api-secret', {
      token: admin.token,
      projectId,
      lang: 'en',
      body: { username: admin.email, password: PASSWORD },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe(
      "You don't have permission to refresh the token, please contact the project administrator",
    );
    const wrong = await call(t.app, 'POST', '/api/access-key/refresh-api-secret', {
      token: owner.token,
      projectId,
      body: { username: owner.email, password: 'not-it' },
    });
    expect(wrong.status).toBe(400);
    expect((await keys(owner)).apiSecret).toBe(before.apiSecret);

    const refreshed = await call<{ apiSecret: string; apiSecretRotatedAt: string }>(
      t.app,
      'POST',
      '/api/access-key/refresh-api-secret',
      { token: owner.token, projectId, body: { username: owner.email, password: PASSWORD } },
    );
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.data.apiSecret).not.toBe(before.apiSecret);
    const after = await keys(admin);
    expect(after).toMatchObject({ apiSecret: refreshed.body.data.apiSecret, accessKey: before.accessKey });
    expect(after.apiSecretRotatedAt).toBe(refreshed.body.data.apiSecretRotatedAt);
  });

  it('admins and operators get 403 with SPEC text, even with their own right password', async () => {
    const before = await accessKey(t.app, owner, projectId);
    for (const member of [admin, operator]) {
      for (const lang of ['en', 'zh-cn'] as const) {
        const refused = await call(t.app, 'POST', '/api/access-key/refresh', {
          token: member.token,
          projectId,
          lang,
          body: { username: member.email, password: PASSWORD },
        });
        expect(refused.status).toBe(403);
        expect(refused.body).toEqual({
          code: 403,
          msg:
            lang === 'en'
              ? "You don't have permission to refresh the token, please contact the project administrator"
              : '您没有刷新令牌的权限，请联系项目管理员',
          data: { error: 'tokenRefreshForbidden' },
        });
      }
      // Without a body too: the permission answer comes first.
      const empty = await call(t.app, 'POST', '/api/access-key/refresh', {
        token: member.token,
        projectId,
        body: {},
      });
      expect(empty.status).toBe(403);
    }
    expect(await accessKey(t.app, owner, projectId)).toBe(before);
  });

  it('the owner with a wrong password (or someone else’s credentials) gets 400 with SPEC text', async () => {
    const before = await accessKey(t.app, owner, projectId);
    for (const body of [
      { username: owner.email, password: 'wrong-password' },
      { username: 'nobody@example.com', password: PASSWORD },
      { username: admin.email, password: PASSWORD },
    ]) {
      const wrong = await call(t.app, 'POST', '/api/access-key/refresh', {
        token: owner.token,
        projectId,
        lang: 'en',
        body,
      });
      expect(wrong.status).toBe(400);
      expect(wrong.body).toEqual({
        code: 400,
        msg: 'Username or password is incorrect, please check.',
        data: { error: 'refreshCredentialsInvalid' },
      });
    }
    const missing = await call(t.app, 'POST', '/api/access-key/refresh', {
      token: owner.token,
      projectId,
      body: { username: owner.email },
    });
    expect(missing.status).toBe(400);
    expect(await accessKey(t.app, owner, projectId)).toBe(before);
  });

  it('the owner refreshes with username and password: the old key stops working at once', async () => {
    const old = await accessKey(t.app, owner, projectId);
    expect((await sendEvents(t.app, old, [sdkEvent({})])).status).toBe(200);
    const refreshed = await call<{ accessKey: string; rotatedAt: string }>(
      t.app,
      'POST',
      '/api/access-key/refresh',
      {
        token: owner.token,
        projectId,
        body: { username: owner.email.toUpperCase(), password: PASSWORD },
      },
    );
    expect(refreshed.status, JSON.stringify(refreshed.body)).toBe(200);
    expect(refreshed.body.data.accessKey).not.toBe(old);
    expect(refreshed.body.data.rotatedAt).toBe(t.clock.now().toISOString());
    expect((await sendEvents(t.app, old, [sdkEvent({})])).status).toBe(401);
    expect((await sendEvents(t.app, refreshed.body.data.accessKey, [sdkEvent({})])).status).toBe(200);
  });

  it('dev config: only valid addresses and blocks, manage permission to save', async () => {
    const bad = await call(t.app, 'PUT', '/api/dev-config', {
      token: owner.token,
      projectId,
      body: { tokenCallbackUrl: '', ipWhitelist: ['198.51.100.0/24', 'not-an-ip', '2001:db8::/129'] },
    });
    expect(bad.status).toBe(400);
    expect((bad.body.data as { errors: { path: string }[] }).errors.map((e) => e.path)).toEqual([
      '/ipWhitelist/1',
      '/ipWhitelist/2',
    ]);
    const privateCallback = await call(t.app, 'PUT', '/api/dev-config', {
      token: owner.token,
      projectId,
      body: { tokenCallbackUrl: 'http://127.0.0.1/token', ipWhitelist: [] },
    });
    expect(privateCallback.status).toBe(400);
    const byOperator = await call(t.app, 'PUT', '/api/dev-config', {
      token: operator.token,
      projectId,
      body: { tokenCallbackUrl: '', ipWhitelist: [] },
    });
    expect(byOperator.status).toBe(403);
    const saved = await call(t.app, 'PUT', '/api/dev-config', {
      token: admin.token,
      projectId,
      body: {
        tokenCallbackUrl: 'https://93.184.216.34/token',
        ipWhitelist: ['198.51.100.0/24', ' 2001:DB8::1 ', '198.51.100.0/24'],
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toEqual({
      tokenCallbackUrl: 'https://93.184.216.34/token',
      ipWhitelist: ['198.51.100.0/24', '2001:db8::1'],
    });
    const read = await call(t.app, 'GET', '/api/dev-config', { token: operator.token, projectId });
    expect(read.body.data).toEqual(saved.body.data);
  });

  it('a caller outside the whitelist gets 403 on events and attribution; inside is served', async () => {
    const key = await accessKey(t.app, owner, projectId);
    const outside = await sendEvents(t.app, key, [sdkEvent({ eventId: 'outside-1' })], {
      ip: '203.0.113.10',
      lang: 'en',
    });
    expect(outside.status).toBe(403);
    expect(outside.body).toEqual({
      code: 403,
      msg: "This address is not in the project's IP whitelist",
      data: { error: 'ipNotWhitelisted' },
    });
    const attribution = await t.app.inject({
      method: 'POST',
      url: '/api/sdk/v1/attribution',
      headers: { 'x-access-key': key },
      payload: { type: 'install', deviceId: 'd-1', platform: 'android' },
      remoteAddress: '203.0.113.10',
    });
    expect(attribution.statusCode).toBe(403);
    expect(
      (await sendEvents(t.app, key, [sdkEvent({ eventId: 'inside-1' })], { ip: '198.51.100.7' })).status,
    ).toBe(200);
    expect(
      (await sendEvents(t.app, key, [sdkEvent({ eventId: 'inside-2' })], { ip: '::ffff:198.51.100.8' }))
        .status,
    ).toBe(200);
    expect(
      (await sendEvents(t.app, key, [sdkEvent({ eventId: 'inside-3' })], { ip: '2001:db8::1' })).status,
    ).toBe(200);
    const stored = await t.app.ctx.db
      .selectFrom('sdk_events')
      .select('event_id')
      .where('event_id', '=', 'outside-1')
      .execute();
    expect(stored).toEqual([]);
  });

  it('request logs: every key-resolved call, secrets masked, refusals with their error', async () => {
    const key = await accessKey(t.app, owner, projectId);
    t.clock.advance(1000);
    await t.app.inject({
      method: 'POST',
      url: '/api/sdk/v1/events',
      headers: { 'x-access-key': key, authorization: 'Bearer very-secret-session', cookie: 'sid=abcdef' },
      payload: {
        events: [sdkEvent({ eventId: 'logged-1', data: { password: 'hunter22', note: 'x'.repeat(3000) } })],
      },
      remoteAddress: '198.51.100.9',
    });
    const logs = await call<{ items: LogItem[]; total: number }>(
      t.app,
      'GET',
      '/api/request-logs?pageSize=100',
      { token: operator.token, projectId },
    );
    expect(logs.status).toBe(200);
    const text = JSON.stringify(logs.body.data);
    expect(text).not.toContain(key);
    expect(text).not.toContain('very-secret-session');
    expect(text).not.toContain('hunter22');
    expect(text).not.toContain('abcdef');
    const latest = logs.body.data.items[0];
    expect(latest).toMatchObject({
      method: 'POST',
      path: '/api/sdk/v1/events',
      ip: '198.51.100.9',
      status: 200,
      problem: null,
      error: null,
    });
    expect(latest.headers['x-access-key']).toBe(`${key.slice(0, 4)}****`);
    expect(latest.headers.authorization).toBe('Bear****');
    expect(latest.request).toContain('"password":"****"');
    expect((latest.request ?? '').length).toBeLessThan(2100);
    expect(latest.response).toContain('"accepted":1');
    const refused = logs.body.data.items.find((i) => i.status === 403);
    // The refusal is kept as a code the console translates, not as a sentence in one language.
    expect(refused).toMatchObject({
      ip: '203.0.113.10',
      problem: { level: 'error', code: 'ipNotWhitelisted', params: { status: 403 } },
      error: null,
    });
    const errorsOnly = await call<{ items: LogItem[] }>(t.app, 'GET', '/api/request-logs?outcome=error', {
      token: owner.token,
      projectId,
    });
    expect(errorsOnly.body.data.items.length).toBeGreaterThan(0);
    expect(errorsOnly.body.data.items.every((i) => i.status >= 400)).toBe(true);
    // Calls with an unknown key belong to no project: nothing logged for them.
    expect(text).not.toContain('not-the-key');
  });
});
