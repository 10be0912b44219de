import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/testApp';
import { call, paths } from './helpers/api';
import { addMember, createProject, signUpOwner, type SignedIn } from './helpers/accounts';
import { createCampaign, templateConfig } from './helpers/campaigns';

interface Draft {
  id: string;
  area: string;
  kind: string;
  mark: string;
  templateMark: string | null;
  campaignId: string | null;
  step: string;
  config: unknown;
}

describe('wizard drafts: per user and project, upsert, resume, delete', () => {
  let t: TestApp;
  let owner: SignedIn;
  let operator: SignedIn;
  let projectId: string;
  let otherProject: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUpOwner(t.app, 'drafts@example.com');
    projectId = await createProject(t.app, owner, 'Drafts', 'drafts');
    otherProject = await createProject(t.app, owner, 'Other', 'other');
    operator = await addMember(t.app, owner, 'op@example.com', 'operator', [
      { projectId, permission: 'edit' },
      { projectId: otherProject, permission: 'edit' },
    ]);
  });
  afterAll(async () => t.close());

  const put = (by: SignedIn, project: string, body: Record<string, unknown>) =>
    call<Draft>(t.app, 'PUT', '/api/drafts', { token: by.token, projectId: project, body });
  const list = async (by: SignedIn, project: string, query = '') =>
    (await call<Draft[]>(t.app, 'GET', `/api/drafts${query}`, { token: by.token, projectId: project })).body
      .data;

  it('saves, upserts on the same key and resumes; unsaved progress is not validated', async () => {
    const base = { area: 'growth', kind: 'gameplay', mark: 'lucky-wheel', templateMark: 'classic' };
    const first = await put(owner, projectId, { ...base, step: 'basic', config: { title: 'half done ' } });
    expect(first.status).toBe(200);
    t.clock.advance(1000);
    const second = await put(owner, projectId, {
      ...base,
      step: 'logic',
      config: { title: 'more', prizes: [] },
    });
    expect(second.body.data).toMatchObject({ id: first.body.data.id, step: 'logic', campaignId: null });
    const mine = await list(owner, projectId, '?area=growth&kind=gameplay&mark=lucky-wheel');
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      step: 'logic',
      config: { title: 'more', prizes: [] },
      templateMark: 'classic',
    });
    // Another mark is another draft; another user and another project see none of these.
    await put(owner, projectId, { ...base, mark: 'blind-box', step: 'goal', config: {} });
    expect(await list(owner, projectId)).toHaveLength(2);
    expect(await list(operator, projectId)).toEqual([]);
    expect(await list(owner, otherProject)).toEqual([]);
  });

  it('keeps a separate draft per edited campaign; saving the campaign deletes its draft', async () => {
    const wheel = await templateConfig(t.app, 'gameplay', 'lucky-wheel', 'classic');
    const campaign = await createCampaign(t.app, operator, projectId, { mark: 'lucky-wheel', config: wheel });
    const base = { area: 'growth', kind: 'gameplay', mark: 'lucky-wheel' };
    await put(operator, projectId, { ...base, step: 'basic', config: { title: 'new one' } });
    const editing = await put(operator, projectId, {
      ...base,
      campaignId: campaign.id,
      step: 'pages',
      config: { ...wheel, title: 'Edited' },
    });
    expect(editing.body.data.campaignId).toBe(campaign.id);
    expect(await list(operator, projectId, `?campaignId=${campaign.id}`)).toHaveLength(1);
    expect(await list(operator, projectId, '?campaignId=')).toHaveLength(1);

    const saved = await call(t.app, 'PUT', `/api/campaigns/${campaign.id}`, {
      token: operator.token,
      projectId,
      body: { config: { ...wheel, title: 'Edited' } },
    });
    expect(saved.status).toBe(200);
    expect(await list(operator, projectId, `?campaignId=${campaign.id}`)).toEqual([]);
    // Creating a campaign of that area/kind/mark ends the new-campaign draft too.
    await createCampaign(t.app, operator, projectId, { mark: 'lucky-wheel', config: wheel });
    expect(await list(operator, projectId)).toEqual([]);
  });

  it('deletes own drafts only; refuses unknown campaigns and bad bodies', async () => {
    const draft = await put(owner, projectId, {
      area: 'ads',
      kind: 'gameplay',
      mark: 'lucky-wheel',
      step: 'goal',
      config: { a: 1 },
    });
    const foreign = await call(t.app, 'DELETE', `/api/drafts/${draft.body.data.id}`, {
      token: operator.token,
      projectId,
    });
    expect(foreign.status).toBe(404);
    const wrongProject = await call(t.app, 'DELETE', `/api/drafts/${draft.body.data.id}`, {
      token: owner.token,
      projectId: otherProject,
    });
    expect(wrongProject.status).toBe(404);
    const mine = await call(t.app, 'DELETE', `/api/drafts/${draft.body.data.id}`, {
      token: owner.token,
      projectId,
    });
    expect(mine.status).toBe(200);
    expect((await list(owner, projectId, '?area=ads')).length).toBe(0);

    const unknown = await put(owner, projectId, {
      area: 'growth',
      kind: 'gameplay',
      mark: 'lucky-wheel',
      campaignId: 'nope',
      step: 'x',
      config: {},
    });
    expect(unknown.status).toBe(404);
    const bad = await put(owner, projectId, {
      area: 'nowhere',
      kind: 'gameplay',
      mark: 'Lucky Wheel',
      step: 'x',
      config: {},
    });
    expect(bad.status).toBe(400);
    expect(paths(bad)).toEqual(expect.arrayContaining(['/area', '/mark']));
  });
});
