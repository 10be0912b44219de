import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/testApp';
import { call } from './helpers/api';
import { addMember, createProject, signUpOwner, type SignedIn } from './helpers/accounts';
import { createLink, createTemplate, storeTemplate } from './helpers/links';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

async function counts(t: TestApp) {
  const out: Record<string, number> = {};
  for (const table of [
    'link_templates',
    'links',
    'tags',
    'link_tags',
    'events',
    'redirect_settings',
    'download_pages',
  ] as const) {
    const row = await t.app.ctx.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    out[table] = Number(row.n);
  }
  return out;
}

// Every deep-link console route is project-scoped: a member of A gets 403 on B and never its data.
describe('deep-link routes are per project', () => {
  let t: TestApp;
  let owner: SignedIn;
  let operator: SignedIn;
  let viewer: SignedIn;
  let projectA: string;
  let projectB: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUpOwner(t.app, 'owner@example.com');
    projectA = await createProject(t.app, owner, 'Alpha', 'alpha');
    projectB = await createProject(t.app, owner, 'Secret Beta', 'beta');
    operator = await addMember(t.app, owner, 'op@example.com', 'operator', [
      { projectId: projectA, permission: 'edit' },
    ]);
    viewer = await addMember(t.app, owner, 'view@example.com', 'viewer', [
      { projectId: projectB, permission: 'view' },
    ]);
    ids.template = await createTemplate(t.app, owner, projectB, storeTemplate('secret-template'));
    ids.link = (
      await createLink(t.app, owner, projectB, {
        name: 'secret-link',
        templateId: ids.template,
        redirectMode: 'template',
        tags: ['secret-tag'],
      })
    ).id;
    const tags = await call<{ items: { id: string }[] }>(t.app, 'GET', '/api/tags', {
      token: owner.token,
      projectId: projectB,
    });
    ids.tag = tags.body.data.items[0].id;
    const event = await call<{ id: string }>(t.app, 'POST', '/api/events', {
      token: owner.token,
      projectId: projectB,
      body: { key: 'secret_event', name: 'secret' },
    });
    ids.event = event.body.data.id;
    const page = await call<{ id: string }>(t.app, 'POST', '/api/download-pages', {
      token: owner.token,
      projectId: projectB,
      body: { name: 'secret-page', title: 'secret', buttons: [{ platform: 'ios' }] },
    });
    ids.page = page.body.data.id;
  });
  afterAll(async () => t.close());

  const routes = (): [Method, string, unknown][] => [
    ['GET', '/api/link-templates', undefined],
    ['POST', '/api/link-templates', storeTemplate('taken')],
    ['GET', `/api/link-templates/${ids.template}`, undefined],
    ['PUT', `/api/link-templates/${ids.template}`, storeTemplate('taken')],
    ['DELETE', `/api/link-templates/${ids.template}`, undefined],
    ['GET', '/api/links', undefined],
    ['GET', '/api/links/new-id', undefined],
    ['GET', '/api/links/export', undefined],
    ['POST', '/api/links', { name: 'x', templateId: ids.template, redirectMode: 'template' }],
    ['GET', `/api/links/${ids.link}`, undefined],
    ['PUT', `/api/links/${ids.link}`, { name: 'x', templateId: ids.template, redirectMode: 'template' }],
    ['DELETE', `/api/links/${ids.link}`, undefined],
    ['GET', `/api/links/${ids.link}/report`, undefined],
    ['GET', `/api/links/${ids.link}/clicks`, undefined],
    ['GET', '/api/tags', undefined],
    ['POST', '/api/tags', { name: 'taken' }],
    ['PUT', `/api/tags/${ids.tag}`, { name: 'taken' }],
    ['DELETE', `/api/tags/${ids.tag}`, undefined],
    ['GET', '/api/events', undefined],
    ['POST', '/api/events', { key: 'taken', name: 'taken' }],
    ['GET', `/api/events/${ids.event}`, undefined],
    ['PUT', `/api/events/${ids.event}`, { key: 'taken', name: 'taken' }],
    ['DELETE', `/api/events/${ids.event}`, undefined],
    ['GET', '/api/redirect-settings', undefined],
    ['PUT', '/api/redirect-settings', { default: 'https://evil.example.com' }],
    ['GET', '/api/download-pages', undefined],
    ['POST', '/api/download-pages', { name: 'x', title: 'x', buttons: [{ platform: 'ios' }] }],
    ['GET', `/api/download-pages/${ids.page}`, undefined],
    ['PUT', `/api/download-pages/${ids.page}`, { name: 'x', title: 'x', buttons: [{ platform: 'ios' }] }],
    ['DELETE', `/api/download-pages/${ids.page}`, undefined],
    ['GET', '/api/analytics/channels', undefined],
    ['GET', '/api/analytics/events', undefined],
  ];

  it('a member of A gets 403 projectForbidden on every route of B, and nothing changes', async () => {
    const before = await counts(t);
    for (const [method, url, body] of routes()) {
      const answer = await call(t.app, method, url, {
        token: operator.token,
        projectId: projectB,
        body,
        lang: 'en',
      });
      expect(answer.status, `${method} ${url}`).toBe(403);
      expect(answer.body, `${method} ${url}`).toEqual({
        code: 403,
        msg: "You don't have permission to access this project",
        data: { error: 'projectForbidden' },
      });
    }
    expect(await counts(t)).toEqual(before);
  });

  it("B's ids are not reachable from A either (404, never B's data)", async () => {
    for (const [method, url, body] of routes()) {
      if (!Object.values(ids).some((id) => url.includes(id))) continue;
      const answer = await call(t.app, method, url, { token: operator.token, projectId: projectA, body });
      expect([400, 404], `${method} ${url}`).toContain(answer.status);
      expect(JSON.stringify(answer.body)).not.toMatch(/secret/);
    }
  });

  it('without a session 401, without a project 400, a viewer may read but not write (403)', async () => {
    const before = await counts(t);
    for (const [method, url, body] of routes()) {
      const anonymous = await call(t.app, method, url, { projectId: projectB, body });
      expect(anonymous.status, `${method} ${url}`).toBe(401);
      const noProject = await call(t.app, method, url, { token: operator.token, body });
      expect(noProject.status, `${method} ${url}`).toBe(400);
      expect((noProject.body.data as { error: string }).error).toBe('projectRequired');
      if (url === '/api/links/export') {
        // CSV, not JSON: checked on the raw answer.
        const csv = await t.app.inject({
          method: 'GET',
          url,
          headers: { authorization: `Bearer ${viewer.token}`, 'x-project-id': projectB },
        });
        expect(csv.statusCode).toBe(200);
        continue;
      }
      const asViewer = await call(t.app, method, url, { token: viewer.token, projectId: projectB, body });
      if (method === 'GET') expect(asViewer.status, `${method} ${url}`).toBe(200);
      else {
        expect(asViewer.status, `${method} ${url}`).toBe(403);
        expect((asViewer.body.data as { error: string }).error).toBe('forbidden');
      }
    }
    expect(await counts(t)).toEqual(before);
  });
});
