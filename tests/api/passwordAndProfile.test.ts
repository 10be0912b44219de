import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/testApp';
import { call, countRows, paths, type ErrorData } from './helpers/api';
import { login, PASSWORD, signUpOwner } from './helpers/accounts';

function tokenFromMail(text: string): string {
  const match = /http:\/\/console\.test\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(text);
  if (!match) throw new Error(`no reset link in: ${text}`);
  return match[1];
}

describe('forget and reset password', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await signUpOwner(t.app, 'reset@example.com');
  });
  afterAll(async () => t.close());

  it('answers the same for unknown e-mails and sends nothing', async () => {
    const answer = await call(t.app, 'POST', '/api/auth/forget-password', {
      body: { email: 'ghost@example.com' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ code: 0, msg: 'ok', data: null });
    expect(t.mails).toHaveLength(0);
  });

  it('mails a single-use link; resetting ends every session', async () => {
    const { token: session } = await login(t.app, 'reset@example.com');
    const answer = await call(t.app, 'POST', '/api/auth/forget-password', {
      body: { email: 'Reset@Example.com' },
      lang: 'en',
    });
    expect(answer.status).toBe(200);
    expect(t.mails).toHaveLength(1);
    expect(t.mails[0]).toMatchObject({
      to: 'reset@example.com',
      subject: 'Reset your Growth Console password',
    });
    const resetToken = tokenFromMail(t.mails[0].text);
    const stored = await t.app.ctx.db.selectFrom('password_resets').select('token_hash').execute();
    expect(stored.map((r) => r.token_hash)).not.toContain(resetToken);

    const mismatch = await call(t.app, 'POST', '/api/auth/reset-password', {
      body: { token: resetToken, password: 'newpass1', confirmPassword: 'newpass2' },
    });
    expect(mismatch.status).toBe(400);
    expect(paths(mismatch)).toEqual(['/confirmPassword']);

    const done = await call(t.app, 'POST', '/api/auth/reset-password', {
      body: { token: resetToken, password: 'newpass1', confirmPassword: 'newpass1' },
    });
    expect(done.status).toBe(200);
    expect((await call(t.app, 'GET', '/api/me', { token: session })).status).toBe(401);
    expect(
      (
        await call(t.app, 'POST', '/api/auth/login', {
          body: { email: 'reset@example.com', password: PASSWORD },
        })
      ).status,
    ).toBe(400);
    await login(t.app, 'reset@example.com', 'newpass1');

    const again = await call<ErrorData>(t.app, 'POST', '/api/auth/reset-password', {
      body: { token: resetToken, password: 'another1', confirmPassword: 'another1' },
      lang: 'en',
    });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({
      msg: 'The reset link is invalid or has expired',
      data: { error: 'resetTokenInvalid' },
    });
  });

  it('a link older than 30 minutes no longer works', async () => {
    await call(t.app, 'POST', '/api/auth/forget-password', { body: { email: 'reset@example.com' } });
    const resetToken = tokenFromMail(t.mails[t.mails.length - 1].text);
    expect(t.mails[t.mails.length - 1].subject).toBe('Growth Console 重置密码');
    t.clock.advance(31 * 60_000);
    const answer = await call(t.app, 'POST', '/api/auth/reset-password', {
      body: { token: resetToken, password: 'later123', confirmPassword: 'later123' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.msg).toBe('重置链接无效或已过期');
  });

  it('sends at most 3 reset mails per user in 30 minutes, answering the same', async () => {
    await signUpOwner(t.app, 'spam@example.com', 'Spam Co');
    const sentBefore = t.mails.length;
    for (let i = 0; i < 5; i++) {
      const answer = await call(t.app, 'POST', '/api/auth/forget-password', {
        body: { email: 'spam@example.com' },
      });
      expect(answer.body).toEqual({ code: 0, msg: 'ok', data: null });
    }
    expect(t.mails.length - sentBefore).toBe(3);
    t.clock.advance(31 * 60_000);
    await call(t.app, 'POST', '/api/auth/forget-password', { body: { email: 'spam@example.com' } });
    expect(t.mails.length - sentBefore).toBe(4);
  });

  it('bad e-mail on forget-password is a field error', async () => {
    const answer = await call(t.app, 'POST', '/api/auth/forget-password', { body: { email: 'nope' } });
    expect(answer.status).toBe(400);
    expect(paths(answer)).toEqual(['/email']);
  });
});

describe('personal centre', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await signUpOwner(t.app, 'me@example.com');
    await signUpOwner(t.app, 'taken@example.com', 'Taken Co');
  });
  afterAll(async () => t.close());

  it('changes name and e-mail; rejects a taken e-mail and bad fields without writing', async () => {
    const { token } = await login(t.app, 'me@example.com');
    const changed = await call<{ user: { name: string; email: string } }>(t.app, 'PUT', '/api/me', {
      token,
      body: { name: 'Mia Chen', email: 'Mia@Example.com' },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.data.user).toMatchObject({ name: 'Mia Chen', email: 'mia@example.com' });

    const before = await countRows(t.app);
    const taken = await call(t.app, 'PUT', '/api/me', {
      token,
      body: { name: 'Mia', email: 'taken@example.com' },
    });
    expect(taken.status).toBe(409);
    expect(paths(taken)).toEqual(['/email']);
    const long = await call(t.app, 'PUT', '/api/me', {
      token,
      body: { name: 'n'.repeat(31), email: 'mia@example.com' },
    });
    expect(long.status).toBe(400);
    expect(paths(long)).toEqual(['/name']);
    expect(await countRows(t.app)).toEqual(before);
    const me = await call<{ user: { name: string } }>(t.app, 'GET', '/api/me', { token });
    expect(me.body.data.user.name).toBe('Mia Chen');
  });

  it('changes the password with the old one; other sessions end, this one stays', async () => {
    const first = await login(t.app, 'mia@example.com');
    const second = await login(t.app, 'mia@example.com');
    const wrong = await call<ErrorData>(t.app, 'PUT', '/api/me/password', {
      token: first.token,
      body: { oldPassword: 'not-it', password: 'fresh123', confirmPassword: 'fresh123' },
      lang: 'en',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.data.errors).toEqual([
      { path: '/oldPassword', message: 'The current password is incorrect' },
    ]);
    const short = await call(t.app, 'PUT', '/api/me/password', {
      token: first.token,
      body: { oldPassword: PASSWORD, password: 'abc', confirmPassword: 'abc' },
    });
    expect(paths(short)).toEqual(['/password']);

    const done = await call(t.app, 'PUT', '/api/me/password', {
      token: first.token,
      body: { oldPassword: PASSWORD, password: 'fresh123', confirmPassword: 'fresh123' },
    });
    expect(done.status).toBe(200);
    expect((await call(t.app, 'GET', '/api/me', { token: first.token })).status).toBe(200);
    expect((await call(t.app, 'GET', '/api/me', { token: second.token })).status).toBe(401);
    await login(t.app, 'mia@example.com', 'fresh123');
  });
});
