import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/testApp';
import { call, countRows } from './helpers/api';
import { addMember, createProject, signUpOwner, type SignedIn } from './helpers/accounts';
import { createCampaign, templateConfig } from './helpers/campaigns';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

describe("campaign routes: another project answers 403, another project's ids answer 404", () => {
  let t: TestApp;
  let owner: SignedIn;
  let operator: SignedIn;
  let stranger: SignedIn;
  let projectA: string;
  let projectB: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUpOwner(t.app, 'cross@example.com');
    projectA = await createProject(t.app, owner, 'Alpha', 'alpha');
    projectB = await createProject(t.app, owner, 'Secret Beta', 'beta');
    operator = await addMember(t.app, owner, 'op@example.com', 'operator', [
      { projectId: projectA, permission: 'edit' },
    ]);
    stranger = await signUpOwner(t.app, 'stranger@example.com', 'Elsewhere');

    // Rows of project B.
    const asOwnerB = { token: owner.token, projectId: projectB };
    const wheel = await templateConfig(t.app, 'gameplay', 'lucky-wheel', 'classic');
    ids.campaign = (await createCampaign(t.app, owner, projectB, { mark: 'lucky-wheel', config: wheel })).id;
    const post = async (url: string, body: unknown) => {
      const answer = await call<{ id: string }>(t.app, 'POST', url, { ...asOwnerB, body });
      expect(answer.status, url).toBe(200);
      return answer.body.data.id;
    };
    ids.prize = await post('/api/prizes', {
      id: 'p',
      name: { 'zh-CN': '奖' },
      deliveryType: 'system',
      unlimitedStock: true,
    });
    ids.bank = await post('/api/question-banks', { name: 'Bank' });
    ids.question = await post(`/api/questions?bank=${ids.bank}`, {
      id: 'q',
      title: { 'zh-CN': '问' },
      options: [
        { id: 'a', text: { 'zh-CN': '是' } },
        { id: 'b', text: { 'zh-CN': '否' } },
      ],
      answers: ['a'],
      score: 1,
    });
    ids.userType = await post('/api/user-types', { name: 'VIP', identifier: 'vip' });
    ids.callback = await post('/api/callback-addresses', { name: 'Hook', url: 'https://8.8.8.8/hook' });
    ids.form = await post('/api/reward-forms', { title: 'Form', items: [{ label: 'Name', type: 'text' }] });
    const draft = await call<{ id: string }>(t.app, 'PUT', '/api/drafts', {
      ...asOwnerB,
      body: { area: 'growth', kind: 'gameplay', mark: 'lucky-wheel', step: 'goal', config: {} },
    });
    ids.draft = draft.body.data.id;
  });
  afterAll(async () => t.close());

  const routes = (): [Method, string, unknown][] => [
    ['GET', '/api/campaigns', undefined],
    ['POST', '/api/campaigns', { area: 'growth', kind: 'gameplay', mark: 'lucky-wheel', config: {} }],
    ['GET', `/api/campaigns/${ids.campaign}`, undefined],
    ['PUT', `/api/campaigns/${ids.campaign}`, { config: {} }],
    ['DELETE', `/api/campaigns/${ids.campaign}`, undefined],
    ['POST', `/api/campaigns/${ids.campaign}/copy`, undefined],
    ['POST', `/api/campaigns/${ids.campaign}/actions`, { action: 'goOnline' }],
    ['POST', `/api/campaigns/${ids.campaign}/preview-token`, undefined],
    ['GET', `/api/campaigns/${ids.campaign}/channels`, undefined],
    ['PUT', `/api/campaigns/${ids.campaign}/channels`, { inApp: [], offSite: [] }],
    ['PUT', `/api/campaigns/${ids.campaign}/download-page`, { downloadPageId: null }],
    ['GET', `/api/campaigns/${ids.campaign}/report`, undefined],
    ['GET', '/api/drafts', undefined],
    ['PUT', '/api/drafts', { area: 'growth', kind: 'gameplay', mark: 'x', step: 's', config: {} }],
    ['DELETE', `/api/drafts/${ids.draft}`, undefined],
    ...(
      [
        ['prizes', ids.prize],
        ['questions', ids.question],
        ['question-banks', ids.bank],
        ['user-types', ids.userType],
        ['callback-addresses', ids.callback],
        ['reward-forms', ids.form],
      ] as const
    ).flatMap(([name, id]): [Method, string, unknown][] => [
      ['GET', `/api/${name}`, undefined],
      ['POST', `/api/${name}`, { name: 'x' }],
      ['GET', `/api/${name}/${id}`, undefined],
      ['PUT', `/api/${name}/${id}`, { name: 'x' }],
      ['DELETE', `/api/${name}/${id}`, undefined],
    ]),
    ['GET', `/api/reward-forms/${ids.form}/submissions`, undefined],
    ['GET', `/api/reward-forms/${ids.form}/submissions/export`, undefined],
    ['POST', '/api/uploads?kind=image', {}],
  ];

  it('a member of A gets 403 projectForbidden on every route with project B, and nothing changes', async () => {
    const before = await countRows(t.app);
    for (const [method, url, body] of routes()) {
      for (const by of [operator, stranger]) {
        const answer = await call(t.app, method, url, {
          token: by.token,
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
    }
    expect(await countRows(t.app)).toEqual(before);
  });

  it("B's ids under project A answer 404 (the data never crosses projects)", async () => {
    const before = await countRows(t.app);
    const byId = routes().filter(([, url]) => Object.values(ids).some((id) => url.includes(`/${id}`)));
    expect(byId.length).toBeGreaterThan(20);
    for (const [method, url, body] of byId) {
      const answer = await call(t.app, method, url, { token: operator.token, projectId: projectA, body });
      // 400 is a body refused before the lookup (never data); everything else must be 404.
      expect([400, 404], `${method} ${url} -> ${answer.status}`).toContain(answer.status);
      expect(JSON.stringify(answer.body)).not.toMatch(/Secret|Bank|VIP|Hook|8\.8\.8\.8/);
    }
    const questions = await call(t.app, 'POST', `/api/questions?bank=${ids.bank}`, {
      token: operator.token,
      projectId: projectA,
      body: {},
    });
    expect(questions.status).toBe(400);
    expect(await countRows(t.app)).toEqual(before);
    // Lists under A show none of B's rows.
    for (const name of [
      'campaigns',
      'prizes',
      'questions',
      'question-banks',
      'user-types',
      'callback-addresses',
      'reward-forms',
    ]) {
      const list = await call<{ total: number }>(t.app, 'GET', `/api/${name}`, {
        token: operator.token,
        projectId: projectA,
      });
      expect(list.body.data.total, name).toBe(0);
    }
  });

  it('no project header answers 400 projectRequired; no login answers 401', async () => {
    const missing = await call(t.app, 'GET', '/api/campaigns', { token: operator.token });
    expect(missing.status).toBe(400);
    const anonymous = await call(t.app, 'GET', '/api/prizes', { projectId: projectA });
    expect(anonymous.status).toBe(401);
  });
});
