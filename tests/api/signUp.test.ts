import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/testApp';
import { call, countRows, paths, type ErrorData } from './helpers/api';
import { PASSWORD } from './helpers/accounts';

const valid = {
  companyName: 'Acme Ltd',
  email: 'Owner@Example.com',
  password: PASSWORD,
  confirmPassword: PASSWORD,
  agreement: true,
};

describe('sign-up', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const rejected: [string, Record<string, unknown>, string][] = [
    ['company name missing', { companyName: undefined }, '/companyName'],
    ['company name blank', { companyName: '   ' }, '/companyName'],
    ['company name over 64', { companyName: 'x'.repeat(65) }, '/companyName'],
    ['email invalid', { email: 'not-an-email' }, '/email'],
    ['email missing', { email: undefined }, '/email'],
    ['password under 6', { password: '12345', confirmPassword: '12345' }, '/password'],
    ['password over 32', { password: 'p'.repeat(33), confirmPassword: 'p'.repeat(33) }, '/password'],
    ['confirmation differs', { confirmPassword: 'other123' }, '/confirmPassword'],
    ['confirmation missing', { confirmPassword: undefined }, '/confirmPassword'],
    ['agreement not ticked', { agreement: false }, '/agreement'],
    ['agreement missing', { agreement: undefined }, '/agreement'],
    ['agreement as string', { agreement: 'true' }, '/agreement'],
  ];

  it.each(rejected)('%s -> 400 at the field, nothing written', async (_name, change, path) => {
    const before = await countRows(t.app);
    const answer = await call<ErrorData>(t.app, 'POST', '/api/auth/sign-up', {
      body: { ...valid, ...change },
      lang: 'en',
    });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe(400);
    expect(answer.body.data.error).toBe('validation');
    expect(paths(answer)).toContain(path);
    expect(await countRows(t.app)).toEqual(before);
  });

  it('localizes the cross-field messages', async () => {
    const zh = await call<ErrorData>(t.app, 'POST', '/api/auth/sign-up', {
      body: { ...valid, confirmPassword: 'nope123', agreement: false },
    });
    expect(zh.body.data.errors).toEqual(
      expect.arrayContaining([
        { path: '/confirmPassword', message: '两次输入的密码不一致' },
        { path: '/agreement', message: '请阅读并同意服务协议' },
      ]),
    );
    const en = await call<ErrorData>(t.app, 'POST', '/api/auth/sign-up', {
      body: { ...valid, confirmPassword: 'nope123' },
      lang: 'en',
    });
    expect(en.body.msg).toBe('Please check the highlighted fields');
    expect(en.body.data.errors).toEqual([
      { path: '/confirmPassword', message: 'The two passwords do not match' },
    ]);
  });

  it('creates the organisation and its owner, logged in at once, e-mail lower-cased, no password in the answer', async () => {
    const answer = await call<{ token: string; expiresAt: string; user: Record<string, unknown> }>(
      t.app,
      'POST',
      '/api/auth/sign-up',
      { body: valid },
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ code: 0, msg: 'ok' });
    // The answer is a session like login's: the token works at once, and it is the only one.
    expect(answer.body.data.user).toMatchObject({ email: 'owner@example.com', role: 'owner' });
    expect(answer.body.data.user.lastLoginAt).toBe(t.clock.now().toISOString());
    expect(answer.body.data.token).toMatch(/^\S{20,}$/);
    expect(Date.parse(answer.body.data.expiresAt)).toBeGreaterThan(t.clock.now().getTime());
    const me = await call<{ user: { email: string } }>(t.app, 'GET', '/api/me', {
      token: answer.body.data.token,
    });
    expect(me.status).toBe(200);
    expect(me.body.data.user.email).toBe('owner@example.com');
    expect(await t.app.ctx.db.selectFrom('sessions').select('id').execute()).toHaveLength(1);
    expect(JSON.stringify(answer.body)).not.toMatch(/password|scrypt/i);
    const rows = await t.app.ctx.db.selectFrom('users').select(['password_hash', 'role']).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0].password_hash).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(rows[0].password_hash).not.toContain(PASSWORD);
    const orgs = await t.app.ctx.db.selectFrom('organisations').select('name').execute();
    expect(orgs).toEqual([{ name: 'Acme Ltd' }]);
  });

  it('answers 409 for an e-mail already registered, in any case', async () => {
    const before = await countRows(t.app);
    const answer = await call<ErrorData>(t.app, 'POST', '/api/auth/sign-up', {
      body: { ...valid, email: 'OWNER@example.com', companyName: 'Other' },
      lang: 'en',
    });
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ code: 409, msg: 'This email address is already registered' });
    expect(paths(answer)).toEqual(['/email']);
    expect(await countRows(t.app)).toEqual(before);
  });
});
