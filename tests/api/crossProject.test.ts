import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyPluginAsync } from 'fastify';
import { createTestApp, type TestApp } from './helpers/testApp';
import { call, countRows } from './helpers/api';
import { addMember, createProject, signUpOwner, type SignedIn } from './helpers/accounts';
import { currentProject, requireProject } from '../../src/server/plugins/auth';
import { ok } from '../../src/server/http/envelope';

// A project-scoped route the way later features write one: project from X-Project-Id.
const headerScoped: FastifyPluginAsync = async (app) => {
  app.get('/api/test/scoped', { preHandler: requireProject('view') }, async (request) =>
    ok(currentProject(request)),
  );
  app.post('/api/test/scoped', { preHandler: requireProject('edit') }, async (request) =>
    ok(currentProject(request)),
  );
};

describe('a project the caller cannot reach answers 403, never the data', () => {
  let t: TestApp;
  let owner: SignedIn;
  let operator: SignedIn;
  let stranger: SignedIn;
  let projectA: string;
  let projectB: string;

  beforeAll(async () => {
    t = await createTestApp({ routes: [headerScoped] });
    owner = await signUpOwner(t.app, 'owner@example.com');
    projectA = await createProject(t.app, owner, 'Alpha', 'alpha');
    projectB = await createProject(t.app, owner, 'Secret Beta', 'beta');
    operator = await addMember(t.app, owner, 'op@example.com', 'operator', [
      { projectId: projectA, permission: 'edit' },
    ]);
    stranger = await signUpOwner(t.app, 'stranger@example.com', 'Elsewhere');
  });
  afterAll(async () => t.close());

  const routes = (id: string) =>
    [
      ['GET', `/api/projects/${id}`, undefined],
      ['PUT', `/api/projects/${id}`, { name: 'Taken over', domainPrefix: 'taken' }],
      ['DELETE', `/api/projects/${id}`, undefined],
      ['PUT', `/api/projects/${id}/platforms`, { platforms: ['web'], confirmName: 'Secret Beta' }],
      ['GET', `/api/projects/${id}/members`, undefined],
      ['PUT', `/api/projects/${id}/members`, { grants: [] }],
    ] as const;

  it('a member of A gets 403 on every route of B, and nothing changes', async () => {
    const before = await countRows(t.app);
    for (const [method, url, body] of routes(projectB)) {
      const answer = await call(t.app, method, url, { token: operator.token, body, lang: 'en' });
      expect(answer.status, `${method} ${url}`).toBe(403);
      expect(answer.body).toEqual({
        code: 403,
        msg: "You don't have permission to access this project",
        data: { error: 'projectForbidden' },
      });
    }
    expect(await countRows(t.app)).toEqual(before);
    // Nor does B show up in the list.
    const list = await call<{ id: string }[]>(t.app, 'GET', '/api/projects', { token: operator.token });
    expect(list.body.data.map((p) => p.id)).toEqual([projectA]);
  });

  it('the owner of another organisation gets 403 on every route of A and B', async () => {
    const before = await countRows(t.app);
    for (const id of [projectA, projectB]) {
      for (const [method, url, body] of routes(id)) {
        const answer = await call(t.app, method, url, { token: stranger.token, body });
        expect(answer.status, `${method} ${url}`).toBe(403);
        expect(JSON.stringify(answer.body)).not.toMatch(/Alpha|Beta|alpha|beta/);
      }
    }
    expect(await countRows(t.app)).toEqual(before);
    const list = await call<unknown[]>(t.app, 'GET', '/api/projects', { token: stranger.token });
    expect(list.body.data).toEqual([]);
  });

  it('an unknown project id answers 403 too (no probing for ids)', async () => {
    const answer = await call(t.app, 'GET', '/api/projects/doesnotexist', { token: owner.token });
    expect(answer.status).toBe(403);
  });

  it('X-Project-Id scoped routes: 403 on B, data on A, 400 without a project', async () => {
    const onA = await call<{ id: string; permission: string }>(t.app, 'GET', '/api/test/scoped', {
      token: operator.token,
      projectId: projectA,
    });
    expect(onA.status).toBe(200);
    expect(onA.body.data).toMatchObject({ id: projectA, permission: 'edit' });
    const onB = await call(t.app, 'GET', '/api/test/scoped', { token: operator.token, projectId: projectB });
    expect(onB.status).toBe(403);
    expect(onB.body.data).toEqual({ error: 'projectForbidden' });
    const strangerOnA = await call(t.app, 'POST', '/api/test/scoped', {
      token: stranger.token,
      projectId: projectA,
      body: {},
    });
    expect(strangerOnA.status).toBe(403);
    const none = await call(t.app, 'GET', '/api/test/scoped', { token: operator.token, lang: 'en' });
    expect(none.status).toBe(400);
    expect(none.body.msg).toBe('Please configure the project first');
    const anonymous = await call(t.app, 'GET', '/api/test/scoped', { projectId: projectA });
    expect(anonymous.status).toBe(401);
  });

  it('a viewer of A may read but not write (403 forbidden)', async () => {
    const viewer = await addMember(t.app, owner, 'viewer@example.com', 'viewer', [
      { projectId: projectA, permission: 'view' },
    ]);
    expect(
      (await call(t.app, 'GET', '/api/test/scoped', { token: viewer.token, projectId: projectA })).status,
    ).toBe(200);
    const write = await call(t.app, 'POST', '/api/test/scoped', {
      token: viewer.token,
      projectId: projectA,
      body: {},
    });
    expect(write.status).toBe(403);
    expect(write.body.data).toEqual({ error: 'forbidden' });
  });
});
