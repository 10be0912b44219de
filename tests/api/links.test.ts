import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/testApp';
import { call, paths, type ErrorData } from './helpers/api';
import { createProject, signUpOwner, type SignedIn } from './helpers/accounts';
import { createLink, createTemplate, openLink, storeTemplate, UA } from './helpers/links';

interface LinkData {
  id: string;
  linkId: string;
  name: string;
  url: string;
  templateId: string;
  templateName: string;
  redirectMode: string;
  tags: string[];
  config: Record<string, unknown>;
  clicks: number;
}

async function rowCount(t: TestApp, table: 'links' | 'tags' | 'link_tags' | 'link_templates' | 'events') {
  const row = await t.app.ctx.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

// Console side of deep links: templates, links, tags, events, redirect settings and export.
describe('links, templates, tags and events', () => {
  let t: TestApp;
  let owner: SignedIn;
  let projectId: string;
  let templateId: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUpOwner(t.app, 'owner@example.com');
    projectId = await createProject(t.app, owner, 'Links', 'links');
    templateId = await createTemplate(t.app, owner, projectId);
  });
  afterAll(async () => t.close());

  const post = (url: string, body: unknown, lang: 'en' | 'zh-cn' = 'en') =>
    call<LinkData>(t.app, 'POST', url, { token: owner.token, projectId, body, lang });
  const base = () => ({ name: 'spring', templateId, redirectMode: 'template' });

  it('creates a link with a generated id, tags and the template name; reads and lists it', async () => {
    const created = await post('/api/links', {
      ...base(),
      tags: ['promo', 'spring'],
      address: 'promo/spring',
    });
    expect(created.status).toBe(200);
    const link = created.body.data;
    expect(link.linkId).toMatch(/^[A-Za-z0-9]{6}$/);
    expect(link).toMatchObject({
      name: 'spring',
      url: `http://links.localhost/${link.linkId}`,
      templateId,
      templateName: 'main',
      redirectMode: 'template',
      tags: ['promo', 'spring'],
      clicks: 0,
    });
    expect(link.config).toMatchObject({
      linkId: link.linkId,
      address: 'promo/spring',
      tags: ['promo', 'spring'],
    });
    const read = await call<LinkData>(t.app, 'GET', `/api/links/${link.id}`, {
      token: owner.token,
      projectId,
    });
    expect(read.body.data).toEqual(link);
    const list = await call<{ items: LinkData[]; total: number }>(t.app, 'GET', '/api/links?tag=promo', {
      token: owner.token,
      projectId,
    });
    expect(list.body.data.total).toBe(1);
    const byId = await call<{ items: LinkData[] }>(
      t.app,
      'GET',
      `/api/links?q=${link.linkId.toLowerCase()}`,
      {
        token: owner.token,
        projectId,
      },
    );
    expect(byId.body.data.items.map((l) => l.id)).toContain(link.id);
    const templates = await call<{ items: { id: string; linkCount: number }[] }>(
      t.app,
      'GET',
      '/api/link-templates',
      {
        token: owner.token,
        projectId,
      },
    );
    expect(templates.body.data.items.find((x) => x.id === templateId)?.linkCount).toBe(1);
  });

  it("a chosen id is kept; a taken one answers 409 with SPEC's message; new-id suggests a free one", async () => {
    const first = await post('/api/links', { ...base(), linkId: 'Ab12Cd' });
    expect(first.status).toBe(200);
    expect(first.body.data.linkId).toBe('Ab12Cd');
    const before = await rowCount(t, 'links');
    const again = await post('/api/links', { ...base(), name: 'other', linkId: 'Ab12Cd' });
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe('This link ID already exists, please choose another one');
    expect((again.body.data as unknown as ErrorData).errors).toEqual([
      { path: '/linkId', message: 'This link ID already exists, please choose another one' },
    ]);
    const zh = await post('/api/links', { ...base(), linkId: 'Ab12Cd' }, 'zh-cn');
    expect(zh.body.msg).toBe('该链接ID已存在，请重新选择');
    // Ids are case-sensitive: a different case is a different id.
    expect((await post('/api/links', { ...base(), linkId: 'ab12cd' })).status).toBe(200);
    expect(await rowCount(t, 'links')).toBe(before + 1);
    const fresh = await call<{ linkId: string }>(t.app, 'GET', '/api/links/new-id', {
      token: owner.token,
      projectId,
    });
    expect(fresh.body.data.linkId).toMatch(/^[A-Za-z0-9]{6}$/);
    expect(fresh.body.data.linkId).not.toBe('Ab12Cd');
  });

  it('refuses over-long, short or non-alphanumeric ids, an 11th tag, a duplicate tag and non-http targets', async () => {
    const before = { links: await rowCount(t, 'links'), tags: await rowCount(t, 'tags') };
    const cases: [unknown, string[]][] = [
      [{ ...base(), linkId: 'Ab12Cd3' }, ['/linkId']],
      [{ ...base(), linkId: 'Ab12' }, ['/linkId']],
      [{ ...base(), linkId: 'Ab-2Cd' }, ['/linkId']],
      [{ ...base(), tags: Array.from({ length: 11 }, (_, i) => `tag${i}`) }, ['/tags']],
      [{ ...base(), tags: ['same', 'same'] }, ['/tags']],
      [
        { ...base(), redirectMode: 'custom', redirects: { default: 'javascript:alert(1)' } },
        ['/redirects/default'],
      ],
      [
        { ...base(), redirectMode: 'custom', redirects: { ios: 'data:text/html,<b>x</b>' } },
        ['/redirects/ios'],
      ],
      [
        { ...base(), redirectMode: 'custom', redirects: { android: 'ftp://example.com/app.apk' } },
        ['/redirects/android'],
      ],
      [{ ...base(), redirectMode: 'custom', redirects: { web: 'http://example.com' } }, ['/redirects/web']],
      [{ ...base(), redirectMode: 'custom', redirects: { web: 'https://exa mple.com' } }, ['/redirects/web']],
      [{ ...base(), name: 'n'.repeat(31) }, ['/name']],
      [{ ...base(), templateId: 'missing' }, ['/templateId']],
      [{ ...base(), deferredData: [{ key: 'link_id', value: 'x' }] }, ['/deferredData/0/key']],
    ];
    for (const [body, expected] of cases) {
      const answer = await post('/api/links', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(paths(answer), JSON.stringify(body)).toEqual(expected);
    }
    // Exactly 10 tags is fine.
    const ten = await post('/api/links', { ...base(), tags: Array.from({ length: 10 }, (_, i) => `t${i}`) });
    expect(ten.status).toBe(200);
    expect(ten.body.data.tags).toHaveLength(10);
    expect(await rowCount(t, 'links')).toBe(before.links + 1);
  });

  it('tags: unique names (409), rename follows into links, delete removes them from links', async () => {
    const tag = await call<{ id: string; name: string }>(t.app, 'POST', '/api/tags', {
      token: owner.token,
      projectId,
      body: { name: 'autumn' },
    });
    expect(tag.status).toBe(200);
    const dup = await call(t.app, 'POST', '/api/tags', {
      token: owner.token,
      projectId,
      body: { name: 'autumn' },
      lang: 'en',
    });
    expect(dup.status).toBe(409);
    expect(dup.body.msg).toBe('This tag already exists');
    for (const name of ['', '   ', 'x'.repeat(31)]) {
      const bad = await call(t.app, 'POST', '/api/tags', { token: owner.token, projectId, body: { name } });
      expect(bad.status, JSON.stringify(name)).toBe(400);
    }
    const link = await post('/api/links', { ...base(), name: 'tagged', tags: ['autumn'] });
    const renamed = await call(t.app, 'PUT', `/api/tags/${tag.body.data.id}`, {
      token: owner.token,
      projectId,
      body: { name: 'fall' },
    });
    expect(renamed.status).toBe(200);
    const read = await call<LinkData>(t.app, 'GET', `/api/links/${link.body.data.id}`, {
      token: owner.token,
      projectId,
    });
    expect(read.body.data.tags).toEqual(['fall']);
    const clash = await call(t.app, 'PUT', `/api/tags/${tag.body.data.id}`, {
      token: owner.token,
      projectId,
      body: { name: 'promo' },
    });
    expect(clash.status).toBe(409);
    const listed = await call<{ items: { name: string; linkCount: number }[] }>(
      t.app,
      'GET',
      '/api/tags?q=fal',
      {
        token: owner.token,
        projectId,
      },
    );
    expect(listed.body.data.items).toEqual([expect.objectContaining({ name: 'fall', linkCount: 1 })]);
    expect(
      (await call(t.app, 'DELETE', `/api/tags/${tag.body.data.id}`, { token: owner.token, projectId }))
        .status,
    ).toBe(200);
    const after = await call<LinkData>(t.app, 'GET', `/api/links/${link.body.data.id}`, {
      token: owner.token,
      projectId,
    });
    expect(after.body.data.tags).toEqual([]);
  });

  it('events: entity rules, unique key (409), read, update, delete', async () => {
    const body = { key: 'purchase_done', name: 'Purchase', h5Url: 'https://example.com/buy' };
    const created = await call<{ id: string; key: string; config: unknown }>(t.app, 'POST', '/api/events', {
      token: owner.token,
      projectId,
      body,
    });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ key: 'purchase_done', name: 'Purchase', config: body });
    const dup = await call(t.app, 'POST', '/api/events', { token: owner.token, projectId, body, lang: 'en' });
    expect(dup.status).toBe(409);
    expect(paths(dup)).toEqual(['/key']);
    const bad = await call(t.app, 'POST', '/api/events', {
      token: owner.token,
      projectId,
      body: { key: 'has space', name: 'n'.repeat(31), h5Url: 'javascript:alert(1)' },
    });
    expect(bad.status).toBe(400);
    expect(paths(bad).sort()).toEqual(['/h5Url', '/key', '/name']);
    const updated = await call(t.app, 'PUT', `/api/events/${created.body.data.id}`, {
      token: owner.token,
      projectId,
      body: { ...body, name: 'Paid' },
    });
    expect(updated.status).toBe(200);
    expect(
      (await call(t.app, 'DELETE', `/api/events/${created.body.data.id}`, { token: owner.token, projectId }))
        .status,
    ).toBe(200);
    expect(
      (await call(t.app, 'GET', `/api/events/${created.body.data.id}`, { token: owner.token, projectId }))
        .status,
    ).toBe(404);
  });

  it('templates: engine validation, and a template in use cannot be deleted', async () => {
    const bad = await call(t.app, 'POST', '/api/link-templates', {
      token: owner.token,
      projectId,
      body: { ...storeTemplate('bad'), android: { packageNames: 'a.b;c.d;e.f;g.h;i.j', sha256: 'nope' } },
    });
    expect(bad.status).toBe(400);
    expect(paths(bad).sort()).toEqual(['/android/packageNames', '/android/sha256']);
    const inUse = await call(t.app, 'DELETE', `/api/link-templates/${templateId}`, {
      token: owner.token,
      projectId,
      lang: 'en',
    });
    expect(inUse.status).toBe(409);
    expect(inUse.body.msg).toBe('This template is used by links and cannot be deleted');
    const spare = await createTemplate(t.app, owner, projectId, storeTemplate('spare'));
    const renamed = await call<{ name: string }>(t.app, 'PUT', `/api/link-templates/${spare}`, {
      token: owner.token,
      projectId,
      body: storeTemplate('renamed'),
    });
    expect(renamed.body.data.name).toBe('renamed');
    expect(
      (await call(t.app, 'DELETE', `/api/link-templates/${spare}`, { token: owner.token, projectId })).status,
    ).toBe(200);
  });

  it('redirect settings: https or www addresses only, "" clears', async () => {
    const good = await call(t.app, 'PUT', '/api/redirect-settings', {
      token: owner.token,
      projectId,
      body: { default: 'https://example.com', android: 'www.example.com/apk', ios: '', windows: '' },
    });
    expect(good.status).toBe(200);
    expect(good.body.data).toEqual({
      default: 'https://example.com',
      android: 'www.example.com/apk',
      ios: '',
      windows: '',
    });
    for (const value of ['javascript:alert(1)', 'data:text/html,x', 'http://example.com', 'example.com']) {
      const bad = await call(t.app, 'PUT', '/api/redirect-settings', {
        token: owner.token,
        projectId,
        body: { ios: value },
      });
      expect(bad.status, value).toBe(400);
      expect(paths(bad)).toEqual(['/ios']);
    }
    const read = await call(t.app, 'GET', '/api/redirect-settings', { token: owner.token, projectId });
    expect(read.body.data).toEqual(good.body.data);
  });

  it('exports links as CSV with formula cells escaped and the range in the file name', async () => {
    for (const body of [
      { ...base(), name: '=HYPERLINK("http://x.y")', tags: ['@team', '-x'] },
      { ...base(), name: '+SUM(A1:A2)' },
    ]) {
      expect((await post('/api/links', body)).status).toBe(200);
    }
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/links/export?start_time=2026-03-01&end_time=2026-03-01',
      headers: { authorization: `Bearer ${owner.token}`, 'x-project-id': projectId },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toBe('attachment; filename="2026-03-01--2026-03-01.csv"');
    const csv = response.body.replace(/^\uFEFF/, '');
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe(
      'link_id,name,url,template,tags,redirect_mode,created_at,clicks,installs,opens,registrations',
    );
    expect(csv).toContain(`"'=HYPERLINK(""http://x.y"")"`);
    expect(csv).toContain(`'+SUM(A1:A2)`);
    expect(csv).toContain(`'-x;@team`);
    expect(csv).not.toMatch(/(^|,)[=+@]/m);
    const none = await t.app.inject({
      method: 'GET',
      url: '/api/links/export?start_time=2020-01-01&end_time=2020-01-02',
      headers: { authorization: `Bearer ${owner.token}`, 'x-project-id': projectId },
    });
    expect(
      none.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n'),
    ).toHaveLength(1);
    const all = await t.app.inject({
      method: 'GET',
      url: '/api/links/export',
      headers: { authorization: `Bearer ${owner.token}`, 'x-project-id': projectId },
    });
    expect(all.headers['content-disposition']).toBe('attachment; filename="output.csv"');
  });

  it('download pages: CRUD and the public page with escaped values and store buttons', async () => {
    const created = await call<{ id: string; url: string }>(t.app, 'POST', '/api/download-pages', {
      token: owner.token,
      projectId,
      body: {
        name: 'landing',
        title: 'Get <the> app',
        description: 'Fast & "free"',
        templateId,
        buttons: [
          { platform: 'android' },
          { platform: 'ios', label: 'App Store' },
          { platform: 'pc', url: 'https://example.com/pc' },
        ],
      },
    });
    expect(created.status).toBe(200);
    expect(created.body.data.url).toBe(`http://console.test/d/${created.body.data.id}`);
    const page = await t.app.inject({
      method: 'GET',
      url: `/d/${created.body.data.id}`,
      headers: {
        'user-agent':
          'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
      },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Get &lt;the&gt; app');
    expect(page.body).toContain('Fast &amp; &quot;free&quot;');
    expect(page.body).not.toContain('<the>');
    // The iPhone visitor's button comes first, leading to the template's App Store address.
    expect(page.body.indexOf('data-platform="ios"')).toBeLessThan(
      page.body.indexOf('data-platform="android"'),
    );
    expect(page.body).toContain('href="https://apps.apple.com/app/id123456789"');
    expect(page.body).toContain('href="https://play.google.com/store/apps/details?id=com.example.app"');
    expect(page.body).toContain('href="https://example.com/pc"');
    const dup = await call(t.app, 'POST', '/api/download-pages', {
      token: owner.token,
      projectId,
      body: {
        name: 'x',
        title: 'x',
        buttons: [{ platform: 'ios' }, { platform: 'ios', url: 'javascript:alert(1)' }],
      },
    });
    expect(dup.status).toBe(400);
    expect(paths(dup)).toEqual(['/buttons/1/url']);
    const twice = await call(t.app, 'POST', '/api/download-pages', {
      token: owner.token,
      projectId,
      body: { name: 'x', title: 'x', buttons: [{ platform: 'ios' }, { platform: 'ios' }] },
    });
    expect(paths(twice)).toEqual(['/buttons/1/platform']);
    expect((await t.app.inject({ method: 'GET', url: '/d/unknown' })).statusCode).toBe(404);
    expect(
      (
        await call(t.app, 'DELETE', `/api/download-pages/${created.body.data.id}`, {
          token: owner.token,
          projectId,
        })
      ).status,
    ).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/d/${created.body.data.id}` })).statusCode).toBe(404);
  });

  it('deleting the project removes its links, templates, tags and clicks', async () => {
    const other = await createProject(t.app, owner, 'Gone', 'gone');
    const tpl = await createTemplate(t.app, owner, other);
    const gone = await createLink(t.app, owner, other, {
      name: 'x',
      templateId: tpl,
      redirectMode: 'template',
      tags: ['a'],
    });
    // Clicks in both projects: the deleted project's go, the other's stay.
    const kept = await createLink(t.app, owner, projectId, { ...base(), name: 'kept' });
    for (const [project, prefix] of [
      [other, 'gone'],
      [projectId, 'links'],
    ]) {
      const settings = await call(t.app, 'PUT', '/api/redirect-settings', {
        token: owner.token,
        projectId: project,
        body: { default: 'https://example.com/home', android: '', ios: '', windows: '' },
      });
      expect(settings.status, prefix).toBe(200);
    }
    for (const ua of [UA.iphoneSafari, UA.huaweiChrome, UA.desktopChrome])
      expect((await openLink(t.app, 'gone', `/${gone.linkId}`, ua)).status).toBe(302);
    expect((await openLink(t.app, 'links', `/${kept.linkId}`, UA.iphoneSafari)).status).toBe(302);
    await t.app.deepLinks.clicks.flush();
    const rowsOf = async (projectOf: string) => {
      const out: Record<string, number> = {};
      for (const table of ['links', 'link_templates', 'tags', 'clicks'] as const) {
        const row = await t.app.ctx.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .where('project_id', '=', projectOf)
          .executeTakeFirstOrThrow();
        out[table] = Number(row.n);
      }
      // link_tags has no project_id: counted by the project's link ids (rows left behind count).
      const linkTags = await t.app.ctx.db
        .selectFrom('link_tags')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('link_id', 'in', projectOf === other ? [gone.id] : [kept.id])
        .executeTakeFirstOrThrow();
      out.link_tags = Number(linkTags.n);
      return out;
    };
    expect(await rowsOf(other)).toEqual({ links: 1, link_templates: 1, tags: 1, clicks: 3, link_tags: 1 });
    const keptBefore = await rowsOf(projectId);
    expect(keptBefore.clicks).toBeGreaterThan(0);
    const del = await call(t.app, 'DELETE', `/api/projects/${other}`, { token: owner.token });
    expect(del.status).toBe(200);
    expect(await rowsOf(other)).toEqual({ links: 0, link_templates: 0, tags: 0, clicks: 0, link_tags: 0 });
    expect(await rowsOf(projectId)).toEqual(keptBefore);
  });
});
