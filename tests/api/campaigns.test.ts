import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/testApp';
import { call, countRows, paths, type ErrorData } from './helpers/api';
import { addMember, createProject, signUpOwner, type SignedIn } from './helpers/accounts';
import {
  campaignAction,
  createCampaign,
  registryTemplates,
  templateConfig,
  withTimes,
  type CampaignView,
} from './helpers/campaigns';

const HOUR = 3_600_000;

describe('campaigns: create, validate, edit, copy, delete', () => {
  let t: TestApp;
  let owner: SignedIn;
  let viewer: SignedIn;
  let projectId: string;
  let wheel: Record<string, unknown>;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUpOwner(t.app, 'owner@example.com');
    projectId = await createProject(t.app, owner, 'Growth', 'growth');
    viewer = await addMember(t.app, owner, 'viewer@example.com', 'viewer', [
      { projectId, permission: 'view' },
    ]);
    wheel = await templateConfig(t.app, 'gameplay', 'lucky-wheel', 'classic');
  });
  afterAll(async () => t.close());

  /** A config running now (started an hour ago). */
  const runningConfig = (config = wheel) => withTimes(config, new Date(t.clock.now().getTime() - HOUR));

  it('creates a draft from every gameplay template of the registry', async () => {
    const templates = await registryTemplates(t.app, 'gameplay');
    expect(templates.length).toBeGreaterThanOrEqual(13);
    for (const template of templates) {
      const created = await createCampaign(t.app, owner, projectId, {
        mark: template.mark,
        templateMark: template.name,
        config: template.config,
      });
      expect(created, `${template.mark}/${template.name}`).toMatchObject({
        kind: 'gameplay',
        mark: template.mark,
        templateMark: template.name,
        status: 'draft',
        title: template.config.title,
        config: template.config,
        link: `http://console.test/p/${created.id}`,
      });
      expect(created.actions).toEqual(['edit', 'delete', 'prerelease', 'goOnline']);
    }
    const list = await call<{ items: CampaignView[]; total: number }>(
      t.app,
      'GET',
      '/api/campaigns?pageSize=100',
      {
        token: owner.token,
        projectId,
      },
    );
    expect(list.body.data.total).toBe(templates.length);
  });

  it('creates every sub-activity template, bound to a gameplay campaign of the project', async () => {
    const parent = await createCampaign(t.app, owner, projectId, { mark: 'lucky-wheel', config: wheel });
    const templates = await registryTemplates(t.app, 'sub-activity');
    expect(templates.length).toBeGreaterThanOrEqual(5);
    for (const template of templates) {
      const created = await createCampaign(t.app, owner, projectId, {
        kind: 'sub-activity',
        mark: template.mark,
        templateMark: template.name,
        parentId: parent.id,
        config: template.config,
      });
      expect(created, template.mark).toMatchObject({ kind: 'sub-activity', parentId: parent.id, goal: null });
    }
    const subs = await call<{ items: CampaignView[] }>(
      t.app,
      'GET',
      `/api/campaigns?kind=sub-activity&parentId=${parent.id}`,
      { token: owner.token, projectId },
    );
    expect(subs.body.data.items).toHaveLength(templates.length);
  });

  it('refuses invalid configs with the engine field errors and stores nothing', async () => {
    const before = await countRows(t.app);
    const bad = {
      ...wheel,
      title: 'has spaces',
      prizes: [{ ...(wheel.prizes as object[])[0], odds: 120 }],
      buttons: { color: 'red', textColor: '#fff' },
    };
    const answer = await call<ErrorData>(t.app, 'POST', '/api/campaigns', {
      token: owner.token,
      projectId,
      lang: 'en',
      body: { area: 'growth', kind: 'gameplay', mark: 'lucky-wheel', config: bad },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.data.error).toBe('validation');
    expect(paths(answer)).toEqual(expect.arrayContaining(['/title', '/buttons/color', '/prizes/0/odds']));
    expect(answer.body.data.errors?.find((e) => e.path === '/title')?.message).toBe(
      'Must not contain spaces',
    );
    // Unknown gameplay, unknown template, a goal the gameplay does not serve, a bad parent.
    const unknown = await call(t.app, 'POST', '/api/campaigns', {
      token: owner.token,
      projectId,
      body: { area: 'growth', kind: 'gameplay', mark: 'no-such-game', config: wheel },
    });
    expect([unknown.status, paths(unknown)]).toEqual([400, ['/mark']]);
    const template = await call(t.app, 'POST', '/api/campaigns', {
      token: owner.token,
      projectId,
      body: { area: 'growth', kind: 'gameplay', mark: 'lucky-wheel', templateMark: 'nope', config: wheel },
    });
    expect([template.status, paths(template)]).toEqual([400, ['/templateMark']]);
    const ads = await call<ErrorData>(t.app, 'POST', '/api/campaigns', {
      token: owner.token,
      projectId,
      body: { area: 'ads', kind: 'gameplay', mark: 'lucky-wheel', config: wheel },
    });
    expect([ads.status, ads.body.data.error, paths(ads)]).toEqual([
      400,
      'campaign.goalNotOffered',
      ['/goal'],
    ]);
    const orphan = await call<ErrorData>(t.app, 'POST', '/api/campaigns', {
      token: owner.token,
      projectId,
      body: {
        area: 'growth',
        kind: 'sub-activity',
        mark: 'sign-in',
        parentId: 'nope',
        config: await templateConfig(t.app, 'sub-activity', 'sign-in', 'seven-days'),
      },
    });
    expect([orphan.status, orphan.body.data.error, paths(orphan)]).toEqual([
      400,
      'campaign.parentInvalid',
      ['/parentId'],
    ]);
    const notObject = await call(t.app, 'POST', '/api/campaigns', {
      token: owner.token,
      projectId,
      body: { area: 'growth', kind: 'gameplay', mark: 'lucky-wheel', config: 'x' },
    });
    expect([notObject.status, paths(notObject)]).toEqual([400, ['/config']]);
    expect(await countRows(t.app)).toEqual(before);
  });

  it('ads campaigns take web-to-app gameplays with the web-to-app goal', async () => {
    const created = await createCampaign(t.app, owner, projectId, {
      area: 'ads',
      mark: 'lucky-wheel',
      config: { ...wheel, goal: 'web-to-app' },
    });
    const growth = await call<{ items: CampaignView[] }>(t.app, 'GET', '/api/campaigns?pageSize=100', {
      token: owner.token,
      projectId,
    });
    expect(growth.body.data.items.map((c) => c.id)).not.toContain(created.id);
    const ads = await call<{ items: CampaignView[] }>(t.app, 'GET', '/api/campaigns?area=ads', {
      token: owner.token,
      projectId,
    });
    expect(ads.body.data.items.map((c) => c.id)).toEqual([created.id]);
  });

  it('lists with filters: title, status, link, time, paging', async () => {
    const a = await createCampaign(t.app, owner, projectId, {
      mark: 'lucky-wheel',
      config: {
        ...wheel,
        title: 'FilterAlpha',
        startTime: '2026-12-01T00:00:00+08:00',
        endTime: '2026-12-31T23:59:59+08:00',
      },
    });
    t.clock.advance(1000); // newest first: b after a
    const b = await createCampaign(t.app, owner, projectId, {
      mark: 'lucky-wheel',
      config: { ...runningConfig(), title: 'FilterBeta' },
    });
    expect((await campaignAction(t.app, owner, projectId, b.id, 'goOnline')).status).toBe(200);
    const list = async (query: string) =>
      (
        await call<{ items: CampaignView[]; total: number }>(t.app, 'GET', `/api/campaigns?${query}`, {
          token: viewer.token,
          projectId,
        })
      ).body.data;
    expect((await list('title=filteral')).items.map((c) => c.id)).toEqual([a.id]);
    expect((await list('title=Filter&status=running')).items.map((c) => c.id)).toEqual([b.id]);
    expect((await list(`link=${encodeURIComponent(a.link + '?ch=x')}`)).items.map((c) => c.id)).toEqual([
      a.id,
    ]);
    // b runs March 2026 (around the test clock); a runs in December 2026.
    const march = await list('title=Filter&from=2026-03-01&to=2026-03-02');
    expect(march.items.map((c) => c.id)).toEqual([b.id]);
    const page = await list('title=Filter&page=2&pageSize=1');
    expect(page).toMatchObject({ total: 2, items: [{ id: a.id }] });
    const bad = await call(t.app, 'GET', '/api/campaigns?from=yesterday', { token: viewer.token, projectId });
    expect([bad.status, paths(bad)]).toEqual([400, ['/querystring/from']]);
  });

  it('a campaign made from a template as served today runs as soon as it goes online', async () => {
    // The test clock is 2026-03-01 08:00 UTC (16:00 in the template's GMT+08:00).
    expect([wheel.startTime, wheel.endTime]).toEqual([
      '2026-03-01T00:00:00+08:00',
      '2026-03-31T23:59:59+08:00',
    ]);
    const created = await createCampaign(t.app, owner, projectId, { mark: 'lucky-wheel', config: wheel });
    const online = await campaignAction(t.app, owner, projectId, created.id, 'goOnline');
    expect(online.body.data).toMatchObject({ status: 'running', actions: ['edit', 'goOffline'] });
  });

  it('edits a draft; a viewer cannot write', async () => {
    const created = await createCampaign(t.app, owner, projectId, { mark: 'lucky-wheel', config: wheel });
    const edited = await call<CampaignView>(t.app, 'PUT', `/api/campaigns/${created.id}`, {
      token: owner.token,
      projectId,
      body: { config: { ...wheel, title: 'Renamed', startTime: '2026-03-05T00:00:00+08:00' } },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ title: 'Renamed', startTime: '2026-03-05T00:00:00+08:00' });
    const invalid = await call(t.app, 'PUT', `/api/campaigns/${created.id}`, {
      token: owner.token,
      projectId,
      body: { config: { ...wheel, endTime: wheel.startTime } },
    });
    expect([invalid.status, paths(invalid)]).toEqual([400, ['/endTime']]);
    const denied = await call(t.app, 'PUT', `/api/campaigns/${created.id}`, {
      token: viewer.token,
      projectId,
      body: { config: wheel },
    });
    expect(denied.status).toBe(403);
    const stored = await call<CampaignView>(t.app, 'GET', `/api/campaigns/${created.id}`, {
      token: viewer.token,
      projectId,
    });
    expect(stored.body.data.title).toBe('Renamed');
  });

  it('locks start, odds and prizes while running; the end may move but not into the past', async () => {
    const config = runningConfig();
    const created = await createCampaign(t.app, owner, projectId, { mark: 'lucky-wheel', config });
    const online = await campaignAction(t.app, owner, projectId, created.id, 'goOnline');
    expect(online.body.data.status).toBe('running');
    const before = await countRows(t.app);
    const prizes = config.prizes as Record<string, unknown>[];
    const put = (next: Record<string, unknown>) =>
      call<ErrorData>(t.app, 'PUT', `/api/campaigns/${created.id}`, {
        token: owner.token,
        projectId,
        lang: 'en',
        body: { config: { ...config, ...next } },
      });
    const odds = await put({
      startTime: new Date(t.clock.now().getTime() + HOUR).toISOString(),
      prizes: [{ ...prizes[0], odds: 25 }, ...prizes.slice(1)],
    });
    expect(odds.status).toBe(409);
    expect(odds.body.data.error).toBe('campaign.locked');
    expect(paths(odds)).toEqual(['/startTime', '/prizes/0/odds']);
    expect(odds.body.msg).toBe('This cannot be changed while the campaign is running');
    const removed = await put({ prizes: prizes.slice(1) });
    expect([removed.status, paths(removed)]).toEqual([409, ['/prizes']]);
    const past = await put({ endTime: new Date(t.clock.now().getTime() - 60_000).toISOString() });
    expect([past.status, past.body.data.error, paths(past)]).toEqual([
      409,
      'campaign.endPassed',
      ['/endTime'],
    ]);
    expect(await countRows(t.app)).toEqual(before);
    // Texts, stock and a later end are fine.
    const later = new Date(t.clock.now().getTime() + 60 * 86_400_000).toISOString();
    const fine = await put({
      title: 'StillRunning',
      endTime: later,
      prizes: [{ ...prizes[0], stock: 999 }, ...prizes.slice(1)],
    });
    expect(fine.status).toBe(200);
  });

  it('binds a download page of the project only; unbinds with null', async () => {
    const created = await createCampaign(t.app, owner, projectId, { mark: 'lucky-wheel', config: wheel });
    const page = await call<{ id: string }>(t.app, 'POST', '/api/download-pages', {
      token: owner.token,
      projectId,
      body: { name: 'Get the app', title: 'Download', buttons: [{ platform: 'ios' }] },
    });
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    const bound = await call<CampaignView>(t.app, 'PUT', `/api/campaigns/${created.id}/download-page`, {
      token: owner.token,
      projectId,
      body: { downloadPageId: page.body.data.id },
    });
    expect(bound.body.data.downloadPageId).toBe(page.body.data.id);
    const elsewhere = await createProject(t.app, owner, 'Elsewhere', 'elsewhere');
    const foreign = await call<{ id: string }>(t.app, 'POST', '/api/download-pages', {
      token: owner.token,
      projectId: elsewhere,
      body: { name: 'Other', title: 'Other', buttons: [{ platform: 'android' }] },
    });
    const refused = await call(t.app, 'PUT', `/api/campaigns/${created.id}/download-page`, {
      token: owner.token,
      projectId,
      body: { downloadPageId: foreign.body.data.id },
    });
    expect([refused.status, paths(refused)]).toEqual([400, ['/downloadPageId']]);
    const unbound = await call<CampaignView>(t.app, 'PUT', `/api/campaigns/${created.id}/download-page`, {
      token: owner.token,
      projectId,
      body: { downloadPageId: null },
    });
    expect(unbound.body.data.downloadPageId).toBeNull();
  });

  it('copies into a new draft titled <title>-copy within 30 characters; deletes where allowed', async () => {
    const long = 'A'.repeat(30);
    const created = await createCampaign(t.app, owner, projectId, {
      mark: 'lucky-wheel',
      config: { ...runningConfig(), title: long },
    });
    await call(t.app, 'PUT', `/api/campaigns/${created.id}/channels`, {
      token: owner.token,
      projectId,
      body: { inApp: [{ key: 'home', name: 'Home banner' }], offSite: [] },
    });
    await campaignAction(t.app, owner, projectId, created.id, 'goOnline');
    const copy = await call<CampaignView>(t.app, 'POST', `/api/campaigns/${created.id}/copy`, {
      token: owner.token,
      projectId,
    });
    expect(copy.status).toBe(200);
    expect(copy.body.data).toMatchObject({ status: 'draft', title: `${'A'.repeat(25)}-copy` });
    expect(copy.body.data.id).not.toBe(created.id);
    expect((copy.body.data.channels as { inApp: { key: string }[] }).inApp.map((c) => c.key)).toEqual([
      'home',
    ]);
    expect((copy.body.data.config as { title: string }).title).toBe(`${'A'.repeat(25)}-copy`);

    // Running: not deletable. The draft copy is.
    const running = await call<ErrorData>(t.app, 'DELETE', `/api/campaigns/${created.id}`, {
      token: owner.token,
      projectId,
    });
    expect([running.status, running.body.data.error]).toEqual([409, 'campaign.illegalTransition']);
    const gone = await call(t.app, 'DELETE', `/api/campaigns/${copy.body.data.id}`, {
      token: owner.token,
      projectId,
    });
    expect(gone.status).toBe(200);
    const after = await call(t.app, 'GET', `/api/campaigns/${copy.body.data.id}`, {
      token: owner.token,
      projectId,
    });
    expect(after.status).toBe(404);
  });
});

describe('campaign status moves follow the engine', () => {
  let t: TestApp;
  let owner: SignedIn;
  let projectId: string;
  let wheel: Record<string, unknown>;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUpOwner(t.app, 'moves@example.com');
    projectId = await createProject(t.app, owner, 'Moves', 'moves');
    wheel = await templateConfig(t.app, 'gameplay', 'lucky-wheel', 'classic');
  });
  afterAll(async () => t.close());

  it('prerelease needs the whitelist; disabling it makes the campaign public', async () => {
    const plain = await createCampaign(t.app, owner, projectId, { mark: 'lucky-wheel', config: wheel });
    const refused = await campaignAction(t.app, owner, projectId, plain.id, 'prerelease', undefined, 'en');
    expect([refused.status, (refused.body.data as unknown as ErrorData).error]).toEqual([
      409,
      'campaign.whitelistRequired',
    ]);

    const start = new Date(t.clock.now().getTime() - HOUR);
    const config = { ...withTimes(wheel, start), whitelist: { enabled: true, userIds: 'u1;u2' } };
    const listed = await createCampaign(t.app, owner, projectId, { mark: 'lucky-wheel', config });
    const pre = await campaignAction(t.app, owner, projectId, listed.id, 'prerelease');
    expect(pre.body.data).toMatchObject({ status: 'prereleased' });
    expect(pre.body.data.actions).toEqual(['edit', 'delete', 'goOnline', 'goOffline', 'disableWhitelist']);
    // Pre-released after the start: whitelisted users may be playing, the switch is locked.
    const wl = await call<ErrorData>(t.app, 'PUT', `/api/campaigns/${listed.id}`, {
      token: owner.token,
      projectId,
      body: { config: { ...config, whitelist: { enabled: false } } },
    });
    expect([wl.status, paths(wl)]).toEqual([409, ['/whitelist/enabled']]);
    const open = await campaignAction(t.app, owner, projectId, listed.id, 'disableWhitelist');
    expect(open.body.data.status).toBe('running');
    expect((open.body.data.config.whitelist as { enabled: boolean }).enabled).toBe(false);
  });

  it('refuses going online after the end, and every action once ended', async () => {
    const config = withTimes(wheel, new Date(t.clock.now().getTime() + HOUR), 1);
    const created = await createCampaign(t.app, owner, projectId, { mark: 'lucky-wheel', config });
    const late = new Date(Date.parse(config.endTime as string) + 60_000).toISOString();
    const before = await countRows(t.app);
    const afterEnd = await campaignAction(t.app, owner, projectId, created.id, 'goOnline', late, 'en');
    expect(afterEnd.status).toBe(409);
    expect(afterEnd.body).toMatchObject({
      code: 409,
      msg: 'The online time must not be later than the activity end',
      data: { error: 'campaign.onlineAfterEnd' },
    });
    expect(await countRows(t.app)).toEqual(before);

    expect((await campaignAction(t.app, owner, projectId, created.id, 'goOnline')).body.data.status).toBe(
      'scheduled',
    );
    t.clock.advance(3 * 86_400_000);
    const ended = await call<CampaignView>(t.app, 'GET', `/api/campaigns/${created.id}`, {
      token: owner.token,
      projectId,
    });
    expect(ended.body.data).toMatchObject({ status: 'ended', actions: ['delete'] });
    for (const action of ['goOnline', 'goOffline', 'prerelease', 'disableWhitelist']) {
      const answer = await campaignAction(t.app, owner, projectId, created.id, action, undefined, 'zh-cn');
      expect(answer.status, action).toBe(409);
      expect((answer.body.data as unknown as ErrorData).error, action).toBe('campaign.ended');
      expect(answer.body.msg).toBe('活动已结束，只能删除');
    }
    const edit = await call<ErrorData>(t.app, 'PUT', `/api/campaigns/${created.id}`, {
      token: owner.token,
      projectId,
      body: { config },
    });
    expect([edit.status, edit.body.data.error]).toEqual([409, 'campaign.ended']);
    expect(
      (await call(t.app, 'DELETE', `/api/campaigns/${created.id}`, { token: owner.token, projectId })).status,
    ).toBe(200);
  });

  it('offline is immediate; an offline campaign may go online again; illegal moves are 409', async () => {
    const config = withTimes(wheel, new Date(t.clock.now().getTime() - HOUR));
    const created = await createCampaign(t.app, owner, projectId, { mark: 'lucky-wheel', config });
    const offDraft = await campaignAction(t.app, owner, projectId, created.id, 'goOffline');
    expect([offDraft.status, (offDraft.body.data as unknown as ErrorData).error]).toEqual([
      409,
      'campaign.illegalTransition',
    ]);
    await campaignAction(t.app, owner, projectId, created.id, 'goOnline');
    const off = await campaignAction(t.app, owner, projectId, created.id, 'goOffline');
    expect(off.body.data.status).toBe('offline');
    const again = await campaignAction(t.app, owner, projectId, created.id, 'goOnline');
    expect(again.body.data.status).toBe('running');
    const unknown = await call(t.app, 'POST', `/api/campaigns/${created.id}/actions`, {
      token: owner.token,
      projectId,
      body: { action: 'edit' },
    });
    expect([unknown.status, paths(unknown)]).toEqual([400, ['/action']]);
    const report = await call<{
      history: { action: string; fromStatus: string | null; toStatus: string; via: string }[];
    }>(t.app, 'GET', `/api/campaigns/${created.id}/report`, { token: owner.token, projectId });
    expect(report.body.data.history.map((e) => [e.action, e.fromStatus, e.toStatus, e.via])).toEqual([
      ['create', null, 'draft', 'user'],
      ['goOnline', 'draft', 'running', 'user'],
      ['goOffline', 'running', 'offline', 'user'],
      ['goOnline', 'offline', 'running', 'user'],
    ]);
  });
});
