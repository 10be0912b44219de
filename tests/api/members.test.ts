import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/testApp';
import { call, countRows, paths, type ErrorData } from './helpers/api';
import { addMember, createProject, login, PASSWORD, signUpOwner, type SignedIn } from './helpers/accounts';

interface Member {
  id: string;
  name: string;
  email: string;
  role: string;
  lastLoginAt: string | null;
  projects: { projectId: string; permission: string; adsAdvanced: boolean }[];
}

interface ProjectMember {
  userId: string;
  role: string;
  permission: string;
  inherited: boolean;
  adsAdvanced: boolean;
}

const newMember = (email: string, role: string, projects: unknown[] = []) => ({
  name: 'New member',
  email,
  role,
  password: PASSWORD,
  confirmPassword: PASSWORD,
  projects,
});

describe('members and roles', () => {
  let t: TestApp;
  let owner: SignedIn;
  let admin: SignedIn;
  let projectA: string;
  let projectB: string;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUpOwner(t.app, 'owner@example.com');
    t.clock.advance(1000);
    projectA = await createProject(t.app, owner, 'Project A', 'proj-a');
    t.clock.advance(1000);
    projectB = await createProject(t.app, owner, 'Project B', 'proj-b');
    t.clock.advance(1000);
    admin = await addMember(t.app, owner, 'admin@example.com', 'admin');
    t.clock.advance(1000);
  });
  afterAll(async () => t.close());

  it('the owner adds an operator with grants; everyone in the organisation can list members', async () => {
    const added = await call<Member>(t.app, 'POST', '/api/members', {
      token: owner.token,
      body: newMember('Op@Example.com', 'operator', [
        { projectId: projectA, permission: 'edit' },
        { projectId: projectB, permission: 'view' },
      ]),
    });
    expect(added.status).toBe(200);
    expect(added.body.data).toMatchObject({
      email: 'op@example.com',
      role: 'operator',
      lastLoginAt: null,
      projects: [
        { projectId: projectA, permission: 'edit' },
        { projectId: projectB, permission: 'view' },
      ],
    });
    const operator = await login(t.app, 'op@example.com');
    const list = await call<Member[]>(t.app, 'GET', '/api/members', { token: operator.token });
    expect(list.status).toBe(200);
    expect(list.body.data.map((m) => [m.email, m.role])).toEqual([
      ['owner@example.com', 'owner'],
      ['admin@example.com', 'admin'],
      ['op@example.com', 'operator'],
    ]);
    expect(JSON.stringify(list.body)).not.toMatch(/scrypt|password/i);
    // An operator cannot add members.
    const denied = await call(t.app, 'POST', '/api/members', {
      token: operator.token,
      body: newMember('x@example.com', 'viewer'),
    });
    expect(denied.status).toBe(403);
  });

  it('a viewer is capped at view even when granted edit', async () => {
    const added = await call<Member>(t.app, 'POST', '/api/members', {
      token: admin.token,
      body: newMember('viewer@example.com', 'viewer', [{ projectId: projectA, permission: 'edit' }]),
    });
    expect(added.status).toBe(200);
    expect(added.body.data.projects).toEqual([
      { projectId: projectA, permission: 'view', adsAdvanced: false },
    ]);
  });

  it('validates the member body and changes nothing when it fails', async () => {
    const before = await countRows(t.app);
    const cases: [Record<string, unknown>, string][] = [
      [{ ...newMember('a1@example.com', 'operator'), name: 'n'.repeat(31) }, '/name'],
      [{ ...newMember('bad-email', 'operator') }, '/email'],
      [{ ...newMember('a2@example.com', 'owner') }, '/role'],
      [{ ...newMember('a3@example.com', 'operator'), confirmPassword: 'different' }, '/confirmPassword'],
      [{ ...newMember('a4@example.com', 'operator'), password: '123', confirmPassword: '123' }, '/password'],
      [
        newMember('a5@example.com', 'operator', [{ projectId: 'nope', permission: 'edit' }]),
        '/projects/0/projectId',
      ],
      [
        newMember('a6@example.com', 'operator', [
          { projectId: projectA, permission: 'edit' },
          { projectId: projectA, permission: 'view' },
        ]),
        '/projects/1/projectId',
      ],
      [
        newMember('a7@example.com', 'operator', [{ projectId: projectA, permission: 'manage' }]),
        '/projects/0/permission',
      ],
    ];
    for (const [body, path] of cases) {
      const answer = await call(t.app, 'POST', '/api/members', { token: owner.token, body });
      expect(answer.status, path).toBe(400);
      expect(paths(answer)).toContain(path);
    }
    const dup = await call(t.app, 'POST', '/api/members', {
      token: owner.token,
      body: newMember('ADMIN@example.com', 'viewer'),
    });
    expect(dup.status).toBe(409);
    expect(await countRows(t.app)).toEqual(before);
  });

  it('only the owner adds, changes or removes admins', async () => {
    const byAdmin = await call<ErrorData>(t.app, 'POST', '/api/members', {
      token: admin.token,
      body: newMember('admin2@example.com', 'admin'),
      lang: 'en',
    });
    expect(byAdmin.status).toBe(403);
    expect(byAdmin.body.data.error).toBe('adminsByOwnerOnly');
    const byOwner = await call<Member>(t.app, 'POST', '/api/members', {
      token: owner.token,
      body: newMember('admin2@example.com', 'admin'),
    });
    expect(byOwner.status).toBe(200);
    const admin2 = byOwner.body.data.id;
    expect(
      (await call(t.app, 'PUT', `/api/members/${admin2}`, { token: admin.token, body: { role: 'operator' } }))
        .status,
    ).toBe(403);
    expect((await call(t.app, 'DELETE', `/api/members/${admin2}`, { token: admin.token })).status).toBe(403);
    const demoted = await call<Member>(t.app, 'PUT', `/api/members/${admin2}`, {
      token: owner.token,
      body: { role: 'operator', projects: [{ projectId: projectB, permission: 'edit' }] },
    });
    expect(demoted.status).toBe(200);
    expect(demoted.body.data).toMatchObject({
      role: 'operator',
      projects: [{ projectId: projectB, permission: 'edit' }],
    });
    // An admin may not promote anyone to admin.
    expect(
      (await call(t.app, 'PUT', `/api/members/${admin2}`, { token: admin.token, body: { role: 'admin' } }))
        .status,
    ).toBe(403);
    // ...but may change an operator.
    const renamed = await call<Member>(t.app, 'PUT', `/api/members/${admin2}`, {
      token: admin.token,
      body: { name: 'Renamed' },
    });
    expect(renamed.body.data).toMatchObject({ name: 'Renamed', role: 'operator' });
  });

  it('the owner cannot be demoted or deleted, and nobody deletes themself', async () => {
    const ownerDemoted = await call<ErrorData>(t.app, 'PUT', `/api/members/${owner.userId}`, {
      token: owner.token,
      body: { role: 'admin' },
      lang: 'en',
    });
    expect(ownerDemoted.status).toBe(403);
    expect(ownerDemoted.body.msg).toBe('The super administrator cannot be deleted or demoted');
    expect((await call(t.app, 'DELETE', `/api/members/${owner.userId}`, { token: admin.token })).status).toBe(
      403,
    );
    expect(
      (
        await call(t.app, 'PUT', `/api/members/${owner.userId}`, {
          token: admin.token,
          body: { name: 'Hijack' },
        })
      ).status,
    ).toBe(403);
    const self = await call<ErrorData>(t.app, 'DELETE', `/api/members/${admin.userId}`, {
      token: admin.token,
    });
    expect(self.status).toBe(400);
    expect(self.body.data.error).toBe('cannotDeleteSelf');
    // The owner may rename themself here, sending the unchanged role and no grants back.
    const renamed = await call(t.app, 'PUT', `/api/members/${owner.userId}`, {
      token: owner.token,
      body: { name: 'Boss', role: 'owner', projects: [] },
    });
    expect(renamed.status).toBe(200);
    const grantsToOwner = await call(t.app, 'PUT', `/api/members/${owner.userId}`, {
      token: owner.token,
      body: { projects: [{ projectId: projectA, permission: 'edit' }] },
    });
    expect(grantsToOwner.status).toBe(403);
    // Nobody else becomes owner.
    const promote = await call(t.app, 'PUT', `/api/members/${admin.userId}`, {
      token: owner.token,
      body: { role: 'owner' },
    });
    expect(promote.status).toBe(400);
    expect(paths(promote)).toEqual(['/role']);
  });

  it('demoting an operator to viewer caps their grants at view', async () => {
    const op = await call<Member>(t.app, 'POST', '/api/members', {
      token: owner.token,
      body: newMember('cap@example.com', 'operator', [{ projectId: projectA, permission: 'edit' }]),
    });
    const changed = await call<Member>(t.app, 'PUT', `/api/members/${op.body.data.id}`, {
      token: owner.token,
      body: { role: 'viewer' },
    });
    expect(changed.body.data.projects).toEqual([
      { projectId: projectA, permission: 'view', adsAdvanced: false },
    ]);
  });

  it('deleting a member ends their sessions; unknown ids answer 404', async () => {
    await call(t.app, 'POST', '/api/members', {
      token: owner.token,
      body: newMember('gone@example.com', 'viewer'),
    });
    const gone = await login(t.app, 'gone@example.com');
    expect((await call(t.app, 'DELETE', `/api/members/${gone.userId}`, { token: admin.token })).status).toBe(
      200,
    );
    expect((await call(t.app, 'GET', '/api/me', { token: gone.token })).status).toBe(401);
    const again = await call(t.app, 'DELETE', `/api/members/${gone.userId}`, { token: admin.token });
    expect(again.status).toBe(404);
    expect(again.body.data).toEqual({ error: 'memberNotFound' });
  });

  it('project members: inherited managers plus grants, replaced in project management', async () => {
    const op = await login(t.app, 'op@example.com');
    const viewer = await login(t.app, 'viewer@example.com');
    const list = await call<ProjectMember[]>(t.app, 'GET', `/api/projects/${projectA}/members`, {
      token: viewer.token,
    });
    expect(list.status).toBe(200);
    const byId = new Map(list.body.data.map((m) => [m.userId, m]));
    expect(byId.get(owner.userId)).toMatchObject({ role: 'owner', permission: 'manage', inherited: true });
    expect(byId.get(admin.userId)).toMatchObject({ permission: 'manage', inherited: true });
    expect(byId.get(op.userId)).toMatchObject({ permission: 'edit', inherited: false });
    expect(byId.get(viewer.userId)).toMatchObject({ permission: 'view', inherited: false });

    // Operators cannot change grants.
    expect(
      (
        await call(t.app, 'PUT', `/api/projects/${projectA}/members`, {
          token: op.token,
          body: { grants: [] },
        })
      ).status,
    ).toBe(403);

    const before = await countRows(t.app);
    const bad = await call(t.app, 'PUT', `/api/projects/${projectA}/members`, {
      token: admin.token,
      body: {
        grants: [
          { userId: owner.userId, permission: 'edit' },
          { userId: 'nobody', permission: 'view' },
          { userId: op.userId, permission: 'view' },
          { userId: op.userId, permission: 'edit' },
        ],
      },
    });
    expect(bad.status).toBe(400);
    expect(paths(bad)).toEqual(['/grants/0/userId', '/grants/1/userId', '/grants/3/userId']);
    expect(await countRows(t.app)).toEqual(before);

    const replaced = await call<ProjectMember[]>(t.app, 'PUT', `/api/projects/${projectA}/members`, {
      token: admin.token,
      body: { grants: [{ userId: op.userId, permission: 'view' }] },
    });
    expect(replaced.status).toBe(200);
    const ids = replaced.body.data.filter((m) => !m.inherited).map((m) => [m.userId, m.permission]);
    expect(ids).toEqual([[op.userId, 'view']]);
    // The viewer lost project A at once.
    expect((await call(t.app, 'GET', `/api/projects/${projectA}`, { token: viewer.token })).status).toBe(403);
    expect(
      (await call(t.app, 'GET', `/api/projects/${projectA}`, { token: op.token })).body.data,
    ).toMatchObject({ permission: 'view' });
  });
  it('grants carry the advanced ads user flag: kept when a grant omits it, capped for viewers and view grants', async () => {
    const op = await call<Member>(t.app, 'POST', '/api/members', {
      token: owner.token,
      body: newMember('ads@example.com', 'operator', [
        { projectId: projectA, permission: 'edit', adsAdvanced: true },
        { projectId: projectB, permission: 'view', adsAdvanced: true },
      ]),
    });
    expect(op.status).toBe(200);
    // Advanced is on top of edit: a view grant is never advanced.
    expect(op.body.data.projects).toEqual([
      { projectId: projectA, permission: 'edit', adsAdvanced: true },
      { projectId: projectB, permission: 'view', adsAdvanced: false },
    ]);
    const id = op.body.data.id;
    // A form that knows nothing of the flag keeps it.
    const renamed = await call<Member>(t.app, 'PUT', `/api/members/${id}`, {
      token: admin.token,
      body: { name: 'Ads operator', projects: [{ projectId: projectA, permission: 'edit' }] },
    });
    expect(renamed.body.data.projects).toEqual([
      { projectId: projectA, permission: 'edit', adsAdvanced: true },
    ]);
    const listed = await call<Member[]>(t.app, 'GET', '/api/members', { token: admin.token });
    expect(listed.body.data.find((m) => m.id === id)?.projects).toEqual(renamed.body.data.projects);
    // Project management keeps it too, and may change it.
    const members = async () =>
      (await call<ProjectMember[]>(t.app, 'GET', `/api/projects/${projectA}/members`, { token: admin.token }))
        .body.data;
    const grants = (await members())
      .filter((m) => !m.inherited)
      .map((m) => ({ userId: m.userId, permission: m.permission }));
    await call(t.app, 'PUT', `/api/projects/${projectA}/members`, { token: admin.token, body: { grants } });
    const byId = new Map((await members()).map((m) => [m.userId, m]));
    expect(byId.get(id)).toMatchObject({ permission: 'edit', adsAdvanced: true });
    expect(byId.get(owner.userId)).toMatchObject({ inherited: true, adsAdvanced: true });
    expect(byId.get(admin.userId)).toMatchObject({ inherited: true, adsAdvanced: true });
    await call(t.app, 'PUT', `/api/projects/${projectA}/members`, {
      token: admin.token,
      body: { grants: grants.map((g) => (g.userId === id ? { ...g, adsAdvanced: false } : g)) },
    });
    expect((await members()).find((m) => m.userId === id)?.adsAdvanced).toBe(false);
    await call(t.app, 'PUT', `/api/members/${id}`, {
      token: owner.token,
      body: { projects: [{ projectId: projectA, permission: 'edit', adsAdvanced: true }] },
    });
    // Becoming a viewer drops it with the edit right.
    const demoted = await call<Member>(t.app, 'PUT', `/api/members/${id}`, {
      token: owner.token,
      body: { role: 'viewer' },
    });
    expect(demoted.body.data.projects).toEqual([
      { projectId: projectA, permission: 'view', adsAdvanced: false },
    ]);
    const back = await call<Member>(t.app, 'PUT', `/api/members/${id}`, {
      token: owner.token,
      body: { role: 'operator', projects: [{ projectId: projectA, permission: 'edit' }] },
    });
    expect(back.body.data.projects).toEqual([
      { projectId: projectA, permission: 'edit', adsAdvanced: false },
    ]);
  });
});
