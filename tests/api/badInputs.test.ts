import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/testApp';
import { call, countRows, paths, type ErrorData } from './helpers/api';
import { createProject, PASSWORD, signUpOwner, type SignedIn } from './helpers/accounts';

// Every write refuses bad input with 400 and field errors, and the database stays as it was.
describe('bad inputs', () => {
  let t: TestApp;
  let owner: SignedIn;
  let projectId: string;
  beforeAll(async () => {
    t = await createTestApp({ bodyLimit: 64 * 1024 });
    owner = await signUpOwner(t.app, 'owner@example.com');
    projectId = await createProject(t.app, owner, 'Inputs', 'inputs');
  });
  afterAll(async () => t.close());

  const signUp = {
    companyName: 'Co',
    email: 'new@example.com',
    password: PASSWORD,
    confirmPassword: PASSWORD,
    agreement: true,
  };

  const cases = (): [string, 'POST' | 'PUT', string, unknown, string[]][] => [
    [
      'sign-up: every field missing',
      'POST',
      '/api/auth/sign-up',
      {},
      ['/companyName', '/email', '/password', '/confirmPassword', '/agreement'],
    ],
    [
      'sign-up: company name wrong type',
      'POST',
      '/api/auth/sign-up',
      { ...signUp, companyName: 123 },
      ['/companyName'],
    ],
    ['sign-up: body is an array', 'POST', '/api/auth/sign-up', [signUp], ['']],
    ['login: email null', 'POST', '/api/auth/login', { email: null, password: 'x' }, ['/email']],
    ['login: password missing', 'POST', '/api/auth/login', { email: 'owner@example.com' }, ['/password']],
    [
      'project: name over 30',
      'POST',
      '/api/projects',
      { name: 'n'.repeat(31), domainPrefix: 'fine' },
      ['/name'],
    ],
    ['project: name wrong type', 'POST', '/api/projects', { name: ['x'], domainPrefix: 'fine' }, ['/name']],
    [
      'project: platforms not an array',
      'POST',
      '/api/projects',
      { name: 'Ok', domainPrefix: 'fine', platforms: 'web' },
      ['/platforms'],
    ],
    ['project update: fields missing', 'PUT', `/api/projects/${projectId}`, {}, ['/name', '/domainPrefix']],
    [
      'platforms: wrong type',
      'PUT',
      `/api/projects/${projectId}/platforms`,
      { platforms: [1] },
      ['/platforms/0'],
    ],
    ['grants: not an array', 'PUT', `/api/projects/${projectId}/members`, { grants: 'all' }, ['/grants']],
    [
      'grants: permission missing',
      'PUT',
      `/api/projects/${projectId}/members`,
      { grants: [{ userId: 'x' }] },
      ['/grants/0/permission'],
    ],
    [
      'member: over-long and wrong types',
      'POST',
      '/api/members',
      { name: 'n'.repeat(31), email: 5, role: 'boss', password: true },
      ['/name', '/email', '/role', '/password', '/confirmPassword'],
    ],
    [
      'me: e-mail too long',
      'PUT',
      '/api/me',
      { name: 'Me', email: `${'a'.repeat(250)}@example.com` },
      ['/email'],
    ],
    [
      'me/password: all wrong types',
      'PUT',
      '/api/me/password',
      { oldPassword: 1, password: 2, confirmPassword: 3 },
      ['/oldPassword', '/password', '/confirmPassword'],
    ],
  ];

  it('answers 400 with each field path and writes nothing', async () => {
    for (const [name, method, url, body, expected] of cases()) {
      const before = await countRows(t.app);
      const answer = await call<ErrorData>(t.app, method, url, { token: owner.token, body, lang: 'en' });
      expect(answer.status, name).toBe(400);
      expect(answer.body.code, name).toBe(400);
      expect(answer.body.msg, name).toBe('Please check the highlighted fields');
      expect(answer.body.data.error, name).toBe('validation');
      for (const path of expected) expect(paths(answer), name).toContain(path);
      for (const error of answer.body.data.errors ?? [])
        expect(error.message, name).not.toMatch(/must (be|have|NOT|match)/);
      expect(await countRows(t.app), name).toEqual(before);
    }
  });

  it('broken JSON, an empty JSON body and a non-JSON content type keep the envelope', async () => {
    const before = await countRows(t.app);
    for (const url of ['/api/auth/sign-up', '/api/projects']) {
      const broken = await t.app.inject({
        method: 'POST',
        url,
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${owner.token}`,
          'x-lang': 'en',
        },
        payload: '{"name": "half',
      });
      expect(broken.statusCode).toBe(400);
      expect(broken.json()).toEqual({
        code: 400,
        msg: 'The request body is not valid JSON',
        data: { error: 'invalidJson', errors: [{ path: '', message: 'The request body is not valid JSON' }] },
      });
      const empty = await t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${owner.token}` },
        payload: '',
      });
      expect(empty.statusCode).toBe(400);
      expect(empty.json()).toMatchObject({ code: 400, data: { error: 'invalidJson' } });
      const form = await t.app.inject({
        method: 'POST',
        url,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          authorization: `Bearer ${owner.token}`,
          'x-lang': 'en',
        },
        payload: 'name=x',
      });
      expect(form.statusCode).toBe(415);
      expect(form.json()).toEqual({
        code: 415,
        msg: 'Unsupported content type, please send JSON',
        data: { error: 'unsupportedMediaType' },
      });
      // Plain text is parsed as a string, which is not the object the route wants.
      const text = await t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'text/plain', authorization: `Bearer ${owner.token}` },
        payload: 'name=x',
      });
      expect(text.statusCode).toBe(400);
      expect(text.json()).toMatchObject({ code: 400, data: { error: 'validation', errors: [{ path: '' }] } });
    }
    expect(await countRows(t.app)).toEqual(before);
  });

  it('a body over the limit answers 413 in the envelope', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ ...signUp, companyName: 'x'.repeat(70 * 1024) }),
    });
    expect(answer.statusCode).toBe(413);
    expect(answer.json()).toMatchObject({ code: 413, data: { error: 'bodyTooLarge' } });
  });

  it('an unauthenticated write is 401 before any body check', async () => {
    const answer = await call(t.app, 'POST', '/api/projects', { body: { name: 5 } });
    expect(answer.status).toBe(401);
  });

  it('unknown fields are ignored, not stored', async () => {
    const answer = await call<Record<string, unknown>>(t.app, 'POST', '/api/projects', {
      token: owner.token,
      body: {
        name: 'Extra',
        domainPrefix: 'extra',
        id: 'chosen-id',
        organisationId: 'other',
        permission: 'manage',
      },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data.id).not.toBe('chosen-id');
  });
});
