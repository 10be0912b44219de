import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/testApp';
import { call, countRows, paths, type ErrorData } from './helpers/api';
import { addMember, createProject, signUpOwner, type SignedIn } from './helpers/accounts';

interface Project {
  id: string;
  name: string;
  domainPrefix: string;
  platforms: string[];
  createdAt: string;
  permission: string;
}

describe('projects and platforms', () => {
  let t: TestApp;
  let owner: SignedIn;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUpOwner(t.app, 'owner@example.com');
  });
  afterAll(async () => t.close());

  it('creates a project with all platforms, prefix lower-cased, and lists it', async () => {
    const created = await call<Project>(t.app, 'POST', '/api/projects', {
      token: owner.token,
      body: { name: 'Shop App', domainPrefix: 'Shop-1' },
    });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({
      name: 'Shop App',
      domainPrefix: 'shop-1',
      platforms: ['android', 'ios', 'web'],
      permission: 'manage',
      createdAt: '2026-03-01T08:00:00.000Z',
    });
    expect(created.body.data.id).toMatch(/^[A-Za-z0-9_-]{12}$/);
    const list = await call<Project[]>(t.app, 'GET', '/api/projects', { token: owner.token });
    expect(list.body.data.map((p) => p.id)).toEqual([created.body.data.id]);
    const one = await call<Project>(t.app, 'GET', `/api/projects/${created.body.data.id}`, {
      token: owner.token,
    });
    expect(one.body.data).toEqual(created.body.data);
  });

  it('may name its platforms', async () => {
    const created = await call<Project>(t.app, 'POST', '/api/projects', {
      token: owner.token,
      body: { name: 'Web only', domainPrefix: 'webonly', platforms: ['web'] },
    });
    expect(created.body.data.platforms).toEqual(['web']);
  });

  it('rejects a taken domain prefix (any case, any organisation) with 409', async () => {
    const other = await signUpOwner(t.app, 'rival@example.com', 'Rival');
    const before = await countRows(t.app);
    const answer = await call<ErrorData>(t.app, 'POST', '/api/projects', {
      token: other.token,
      body: { name: 'Copy', domainPrefix: 'SHOP-1' },
      lang: 'en',
    });
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({
      code: 409,
      msg: 'This domain prefix is already in use',
      data: { error: 'domainPrefixTaken' },
    });
    expect(paths(answer)).toEqual(['/domainPrefix']);
    expect(await countRows(t.app)).toEqual(before);
  });

  it.each([
    [{ name: '', domainPrefix: 'abc' }, '/name'],
    [{ name: 'x'.repeat(31), domainPrefix: 'abc' }, '/name'],
    [{ name: 'Ok', domainPrefix: 'a'.repeat(13) }, '/domainPrefix'],
    [{ name: 'Ok', domainPrefix: 'has space' }, '/domainPrefix'],
    [{ name: 'Ok', domainPrefix: 'dot.ted' }, '/domainPrefix'],
    [{ name: 'Ok', domainPrefix: '' }, '/domainPrefix'],
    [{ name: 'Ok', domainPrefix: 'abc', platforms: [] }, '/platforms'],
    [{ name: 'Ok', domainPrefix: 'abc', platforms: ['ios', 'ios'] }, '/platforms'],
    [{ name: 'Ok', domainPrefix: 'abc', platforms: ['windows'] }, '/platforms/0'],
  ])('rejects %j at %s', async (body, path) => {
    const before = await countRows(t.app);
    const answer = await call(t.app, 'POST', '/api/projects', { token: owner.token, body });
    expect(answer.status).toBe(400);
    expect(paths(answer)).toContain(path);
    expect(await countRows(t.app)).toEqual(before);
  });

  it('edits name and prefix; keeping its own prefix is fine, taking another is 409', async () => {
    const id = await createProject(t.app, owner, 'Edit me', 'editme');
    const same = await call<Project>(t.app, 'PUT', `/api/projects/${id}`, {
      token: owner.token,
      body: { name: 'Edited', domainPrefix: 'EditMe' },
    });
    expect(same.status).toBe(200);
    expect(same.body.data).toMatchObject({ name: 'Edited', domainPrefix: 'editme' });
    const clash = await call(t.app, 'PUT', `/api/projects/${id}`, {
      token: owner.token,
      body: { name: 'Edited', domainPrefix: 'webonly' },
    });
    expect(clash.status).toBe(409);
    const missing = await call(t.app, 'PUT', `/api/projects/${id}`, {
      token: owner.token,
      body: { name: 'Edited' },
    });
    expect(missing.status).toBe(400);
    expect(paths(missing)).toEqual(['/domainPrefix']);
  });

  it('closing a platform needs the project name typed; at least one stays', async () => {
    const id = await createProject(t.app, owner, 'Platforms', 'platforms');
    const url = `/api/projects/${id}/platforms`;
    const before = await countRows(t.app);
    const noConfirm = await call<ErrorData>(t.app, 'PUT', url, {
      token: owner.token,
      body: { platforms: ['ios', 'web'] },
      lang: 'en',
    });
    expect(noConfirm.status).toBe(400);
    expect(noConfirm.body.data.errors).toEqual([
      { path: '/confirmName', message: 'Type the project name exactly to confirm closing a platform' },
    ]);
    const wrongName = await call(t.app, 'PUT', url, {
      token: owner.token,
      body: { platforms: ['ios', 'web'], confirmName: 'platform' },
    });
    expect(paths(wrongName)).toEqual(['/confirmName']);
    const none = await call<ErrorData>(t.app, 'PUT', url, {
      token: owner.token,
      body: { platforms: [], confirmName: 'Platforms' },
    });
    expect(none.status).toBe(400);
    expect(none.body.data.errors).toEqual([{ path: '/platforms', message: '至少需要保留一个平台' }]);
    expect(await countRows(t.app)).toEqual(before);

    const closed = await call<Project>(t.app, 'PUT', url, {
      token: owner.token,
      body: { platforms: ['web', 'ios'], confirmName: 'Platforms' },
    });
    expect(closed.status).toBe(200);
    expect(closed.body.data.platforms).toEqual(['ios', 'web']);
    // Opening one needs no confirmation.
    const opened = await call<Project>(t.app, 'PUT', url, {
      token: owner.token,
      body: { platforms: ['android', 'ios', 'web'] },
    });
    expect(opened.status).toBe(200);
    expect(opened.body.data.platforms).toEqual(['android', 'ios', 'web']);
  });

  it('roles: admin creates and edits but cannot delete; operator and viewer cannot create or edit', async () => {
    const id = await createProject(t.app, owner, 'Roles', 'roles');
    const admin = await addMember(t.app, owner, 'admin@example.com', 'admin');
    const operator = await addMember(t.app, owner, 'op@example.com', 'operator', [
      { projectId: id, permission: 'edit' },
    ]);
    const viewer = await addMember(t.app, owner, 'viewer@example.com', 'viewer', [
      { projectId: id, permission: 'view' },
    ]);

    const adminCreates = await call(t.app, 'POST', '/api/projects', {
      token: admin.token,
      body: { name: 'By admin', domainPrefix: 'byadmin' },
    });
    expect(adminCreates.status).toBe(200);
    expect(
      (
        await call(t.app, 'PUT', `/api/projects/${id}`, {
          token: admin.token,
          body: { name: 'Roles 2', domainPrefix: 'roles' },
        })
      ).status,
    ).toBe(200);
    const adminDeletes = await call(t.app, 'DELETE', `/api/projects/${id}`, {
      token: admin.token,
      lang: 'en',
    });
    expect(adminDeletes.status).toBe(403);
    expect(adminDeletes.body).toMatchObject({ code: 403, data: { error: 'forbidden' } });

    for (const member of [operator, viewer]) {
      const creates = await call(t.app, 'POST', '/api/projects', {
        token: member.token,
        body: { name: 'No', domainPrefix: 'nope' },
      });
      expect(creates.status).toBe(403);
      const reads = await call<Project>(t.app, 'GET', `/api/projects/${id}`, { token: member.token });
      expect(reads.status).toBe(200);
      const edits = await call(t.app, 'PUT', `/api/projects/${id}`, {
        token: member.token,
        body: { name: 'X', domainPrefix: 'roles' },
      });
      expect(edits.status).toBe(403);
      const platforms = await call(t.app, 'PUT', `/api/projects/${id}/platforms`, {
        token: member.token,
        body: { platforms: ['web'], confirmName: 'Roles 2' },
      });
      expect(platforms.status).toBe(403);
      expect((await call(t.app, 'DELETE', `/api/projects/${id}`, { token: member.token })).status).toBe(403);
    }
    const opList = await call<Project[]>(t.app, 'GET', '/api/projects', { token: operator.token });
    expect(opList.body.data.map((p) => [p.id, p.permission])).toEqual([[id, 'edit']]);
    const viewerList = await call<Project[]>(t.app, 'GET', '/api/projects', { token: viewer.token });
    expect(viewerList.body.data.map((p) => [p.id, p.permission])).toEqual([[id, 'view']]);
  });

  it('the owner deletes a project with its platforms and grants; it answers 403 afterwards', async () => {
    const id = await createProject(t.app, owner, 'Doomed', 'doomed');
    await addMember(t.app, owner, 'doomed-op@example.com', 'operator', [
      { projectId: id, permission: 'edit' },
    ]);
    const deleted = await call(t.app, 'DELETE', `/api/projects/${id}`, { token: owner.token });
    expect(deleted.status).toBe(200);
    expect((await call(t.app, 'GET', `/api/projects/${id}`, { token: owner.token })).status).toBe(403);
    const leftovers = await t.app.ctx.db
      .selectFrom('project_grants')
      .select('user_id')
      .where('project_id', '=', id)
      .execute();
    expect(leftovers).toEqual([]);
    const platforms = await t.app.ctx.db
      .selectFrom('project_platforms')
      .select('platform')
      .where('project_id', '=', id)
      .execute();
    expect(platforms).toEqual([]);
    // The prefix is free again.
    await createProject(t.app, owner, 'Reborn', 'doomed');
  });
});
