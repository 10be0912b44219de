import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { createTestApp, type TestApp } from './helpers/testApp';
import { call, countRows, type ErrorData } from './helpers/api';
import { login, PASSWORD, signUpOwner } from './helpers/accounts';

describe('login, logout, expiry and refresh', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ sessionTtlHours: 2 });
    await signUpOwner(t.app, 'boss@example.com');
  });
  afterAll(async () => t.close());

  it('logs in (e-mail in any case) and the token reaches /api/me', async () => {
    const answer = await call<{
      token: string;
      expiresAt: string;
      user: { email: string; lastLoginAt: string };
    }>(t.app, 'POST', '/api/auth/login', { body: { email: ' BOSS@example.com ', password: PASSWORD } });
    expect(answer.status).toBe(200);
    expect(answer.body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(answer.body.data.expiresAt).toBe('2026-03-01T10:00:00.000Z');
    expect(answer.body.data.user.lastLoginAt).toBe('2026-03-01T08:00:00.000Z');
    const me = await call<{ user: { email: string; organisation: { name: string } } }>(
      t.app,
      'GET',
      '/api/me',
      {
        token: answer.body.data.token,
      },
    );
    expect(me.status).toBe(200);
    expect(me.body.data.user).toMatchObject({
      email: 'boss@example.com',
      organisation: { name: 'Acme Ltd' },
    });
    // Only the token's hash is stored.
    const stored = await t.app.ctx.db.selectFrom('sessions').select('token_hash').execute();
    expect(stored.map((s) => s.token_hash)).not.toContain(answer.body.data.token);
  });

  it('answers "Invalid username or password" with 400 for a wrong password or unknown e-mail', async () => {
    for (const body of [
      { email: 'boss@example.com', password: 'wrong-password' },
      { email: 'nobody@example.com', password: PASSWORD },
    ]) {
      const en = await call<ErrorData>(t.app, 'POST', '/api/auth/login', { body, lang: 'en' });
      expect(en.status).toBe(400);
      expect(en.body).toMatchObject({
        code: 400,
        msg: 'Invalid username or password',
        data: { error: 'invalidCredentials' },
      });
    }
    const zh = await call(t.app, 'POST', '/api/auth/login', {
      body: { email: 'boss@example.com', password: 'nope' },
    });
    expect(zh.body.msg).toBe('用户名或密码错误');
    await t.app.ctx.db.deleteFrom('login_failures').execute();
  });

  it('without a token, with a bad token, or after logout: 401 "Login expired"', async () => {
    const none = await call(t.app, 'GET', '/api/me', { lang: 'en' });
    expect(none.status).toBe(401);
    expect(none.body).toMatchObject({
      code: 401,
      msg: 'Login expired, please log in again',
      data: { error: 'unauthorized' },
    });
    const bad = await call(t.app, 'GET', '/api/me', { token: 'made-up' });
    expect(bad.status).toBe(401);
    expect(bad.body.msg).toBe('登录已过期，请重新登录');

    const { token } = await login(t.app, 'boss@example.com');
    expect((await call(t.app, 'POST', '/api/auth/logout', { token })).status).toBe(200);
    const after = await call(t.app, 'GET', '/api/me', { token });
    expect(after.status).toBe(401);
    expect((await call(t.app, 'POST', '/api/auth/logout', { token })).status).toBe(401);
  });

  it('logout revokes the token with an empty body of any content type, or with a body it ignores', async () => {
    const sent: [string | undefined, string][] = [
      ['application/json', ''],
      ['application/json; charset=utf-8', ''],
      ['text/plain', ''],
      [undefined, ''],
      ['application/x-www-form-urlencoded', ''],
      ['multipart/form-data; boundary=x', ''],
      ['application/octet-stream', ''],
      ['application/json', '{"broken'],
      ['application/json', '{"why": "a\\u0000b"}'],
      ['application/x-www-form-urlencoded', 'a=b'],
    ];
    for (const [contentType, payload] of sent) {
      const { token } = await login(t.app, 'boss@example.com');
      const label = `${contentType ?? 'no content type'} ${JSON.stringify(payload)}`;
      const answer = await t.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: {
          authorization: `Bearer ${token}`,
          ...(contentType ? { 'content-type': contentType } : {}),
        },
        payload,
      });
      expect(answer.statusCode, `${label}: ${answer.body}`).toBe(200);
      expect((await call(t.app, 'GET', '/api/me', { token })).status, label).toBe(401);
    }
  });

  it('expires a session after SESSION_TTL_HOURS', async () => {
    const { token } = await login(t.app, 'boss@example.com');
    t.clock.advance(2 * 3_600_000 - 1000);
    expect((await call(t.app, 'GET', '/api/me', { token })).status).toBe(200);
    t.clock.advance(1000);
    expect((await call(t.app, 'GET', '/api/me', { token })).status).toBe(401);
  });

  it('refreshes with username and password and revokes the old token', async () => {
    const { token: old } = await login(t.app, 'boss@example.com');
    const missing = await call<ErrorData>(t.app, 'POST', '/api/auth/refresh', {
      token: old,
      body: { username: 'boss@example.com' },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.data.errors?.map((e) => e.path)).toEqual(['/password']);
    const wrong = await call(t.app, 'POST', '/api/auth/refresh', {
      token: old,
      body: { username: 'boss@example.com', password: 'wrong-one' },
      lang: 'en',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.msg).toBe('Username or password is incorrect, please check.');
    expect(wrong.body.data).toEqual({ error: 'refreshCredentialsInvalid' });
    expect((await call(t.app, 'GET', '/api/me', { token: old })).status).toBe(200);

    const fresh = await call<{ token: string }>(t.app, 'POST', '/api/auth/refresh', {
      token: old,
      body: { username: 'boss@example.com', password: PASSWORD },
    });
    expect(fresh.status).toBe(200);
    expect(fresh.body.data.token).not.toBe(old);
    expect((await call(t.app, 'GET', '/api/me', { token: old })).status).toBe(401);
    expect((await call(t.app, 'GET', '/api/me', { token: fresh.body.data.token })).status).toBe(200);
    await t.app.ctx.db.deleteFrom('login_failures').execute();
  });

  it('locks an e-mail for 15 minutes after 5 failures, counted in the database', async () => {
    const body = { email: 'boss@example.com', password: 'wrong-password' };
    for (let i = 0; i < 5; i++) {
      expect((await call(t.app, 'POST', '/api/auth/login', { body })).status).toBe(400);
      t.clock.advance(10_000);
    }
    expect((await countRows(t.app)).login_failures).toBe(5);
    const locked = await call<ErrorData>(t.app, 'POST', '/api/auth/login', {
      body: { email: 'boss@example.com', password: PASSWORD },
      lang: 'en',
    });
    expect(locked.status).toBe(429);
    expect(locked.body).toMatchObject({
      code: 429,
      msg: 'Too many failed login attempts, please try again in 15 minute(s)',
      data: { error: 'accountLocked', retryAfterMinutes: 15 },
    });
    expect(locked.headers['retry-after']).toBe('900');
    // Refresh with the right password is locked too.
    const refresh = await call(t.app, 'POST', '/api/auth/refresh', {
      body: { username: 'boss@example.com', password: PASSWORD },
    });
    expect(refresh.status).toBe(429);
    expect(refresh.body.msg).toContain('分钟后再试');

    t.clock.advance(10 * 60_000);
    const later = await call<ErrorData>(t.app, 'POST', '/api/auth/login', {
      body: { email: 'boss@example.com', password: PASSWORD },
    });
    expect(later.status).toBe(429);
    expect(later.body.data.retryAfterMinutes).toBe(5);

    t.clock.advance(5 * 60_000);
    await login(t.app, 'boss@example.com');
    expect((await countRows(t.app)).login_failures).toBe(0);
  });

  it('the lock holds across servers sharing the database', async () => {
    await signUpOwner(t.app, 'shared@example.com', 'Shared Co');
    const second = await buildApp({ databaseUrl: t.databaseUrl, now: t.clock.now, webDir: '/nonexistent' });
    try {
      const body = { email: 'shared@example.com', password: 'wrong-password' };
      for (let i = 0; i < 5; i++) {
        const app = i % 2 === 0 ? t.app : second;
        expect((await call(app, 'POST', '/api/auth/login', { body })).status).toBe(400);
      }
      const good = { email: 'shared@example.com', password: PASSWORD };
      expect((await call(second, 'POST', '/api/auth/login', { body: good })).status).toBe(429);
      expect((await call(t.app, 'POST', '/api/auth/login', { body: good })).status).toBe(429);
      // A session opened on one server is valid on the other.
      t.clock.advance(15 * 60_000);
      const { token } = await login(t.app, 'shared@example.com');
      expect((await call(second, 'GET', '/api/me', { token })).status).toBe(200);
    } finally {
      await second.close();
    }
  });

  it('signing up the same e-mail twice at once: one wins, the other gets 409', async () => {
    const body = {
      companyName: 'Race',
      email: 'race@example.com',
      password: PASSWORD,
      confirmPassword: PASSWORD,
      agreement: true,
    };
    const answers = await Promise.all([
      call(t.app, 'POST', '/api/auth/sign-up', { body }),
      call(t.app, 'POST', '/api/auth/sign-up', { body }),
      call(t.app, 'POST', '/api/auth/sign-up', { body }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    const users = await t.app.ctx.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'race@example.com')
      .execute();
    expect(users).toHaveLength(1);
    const orgs = await t.app.ctx.db
      .selectFrom('organisations')
      .select('id')
      .where('name', '=', 'Race')
      .execute();
    expect(orgs).toHaveLength(1);
  });

  it('a lock on one e-mail leaves others alone', async () => {
    await signUpOwner(t.app, 'other@example.com', 'Other Co');
    for (let i = 0; i < 5; i++) {
      await call(t.app, 'POST', '/api/auth/login', {
        body: { email: 'boss@example.com', password: 'bad-bad' },
      });
    }
    expect(
      (
        await call(t.app, 'POST', '/api/auth/login', {
          body: { email: 'boss@example.com', password: PASSWORD },
        })
      ).status,
    ).toBe(429);
    await login(t.app, 'other@example.com');
  });
});
