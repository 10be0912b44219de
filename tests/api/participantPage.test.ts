import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/testApp';
import { call } from './helpers/api';
import { addMember, createProject, signUpOwner, type SignedIn } from './helpers/accounts';
import { campaignAction, createCampaign, templateConfig, withTimes } from './helpers/campaigns';

const HOUR = 3_600_000;

describe('participant page /p/:campaignId', () => {
  let t: TestApp;
  let owner: SignedIn;
  let viewer: SignedIn;
  let projectId: string;
  let wheel: Record<string, unknown>;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUpOwner(t.app, 'page@example.com');
    projectId = await createProject(t.app, owner, 'Pages', 'pages');
    viewer = await addMember(t.app, owner, 'viewer@example.com', 'viewer', [
      { projectId, permission: 'view' },
    ]);
    wheel = await templateConfig(t.app, 'gameplay', 'lucky-wheel', 'classic');
  });
  afterAll(async () => t.close());

  const page = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });
  const previewToken = async (id: string, by = owner) =>
    call<{ token: string; expiresAt: string; url: string }>(
      t.app,
      'POST',
      `/api/campaigns/${id}/preview-token`,
      {
        token: by.token,
        projectId,
      },
    );

  it('renders a running campaign from its config in the participant language', async () => {
    const config = withTimes(wheel, new Date(t.clock.now().getTime() - HOUR));
    const created = await createCampaign(t.app, owner, projectId, { mark: 'lucky-wheel', config });
    await campaignAction(t.app, owner, projectId, created.id, 'goOnline');

    const zh = await page(`/p/${created.id}`);
    expect(zh.statusCode).toBe(200);
    expect(zh.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(zh.headers['content-security-policy']).toContain("default-src 'none'");
    // No build in API tests: the server's HTML alone, without the app or its boot data.
    expect(zh.body).not.toMatch(/<script/i);
    expect(zh.body).toContain('<html lang="zh-CN">');
    expect(zh.body).toContain('<title>幸运大转盘</title>');
    expect(zh.body).toContain('10元优惠券');
    expect(zh.body).not.toContain('谢谢参与'); // the thank-you entry is not a prize to show
    expect(zh.body).toContain('活动进行中');
    expect(zh.body).toContain('data-state="open"');
    expect(zh.body).toMatch(/<button type="button" style="background:#f5222d;color:#fff">立即参与<\/button>/);

    const en = await page(`/p/${created.id}`, { 'accept-language': 'en-GB,en;q=0.9,zh;q=0.5' });
    expect(en.body).toContain('<html lang="en-US">');
    expect(en.body).toContain('10 off coupon');
    expect(en.body).toContain('Join now');
    expect(en.body).toContain('The activity is open');
    expect((await page(`/p/${created.id}?lang=zh-CN`, { 'accept-language': 'en' })).body).toContain(
      '10元优惠券',
    );
    // A language the campaign does not offer falls back to its default language.
    expect((await page(`/p/${created.id}?lang=ja-JP`)).body).toContain('<html lang="zh-CN">');
  });

  it('falls back to the default language for texts missing in the chosen one', async () => {
    const config = {
      ...withTimes(wheel, new Date(t.clock.now().getTime() - HOUR)),
      prizes: [
        {
          id: 'only-zh',
          name: { 'zh-CN': '只有中文' },
          deliveryType: 'system',
          isThank: false,
          unlimitedStock: true,
          odds: 50,
        },
        { id: 'thanks', name: { 'zh-CN': '谢谢' }, deliveryType: 'system', isThank: true },
      ],
    };
    const created = await createCampaign(t.app, owner, projectId, { mark: 'lucky-wheel', config });
    await campaignAction(t.app, owner, projectId, created.id, 'goOnline');
    const en = await page(`/p/${created.id}?lang=en-US`);
    expect(en.body).toContain('只有中文');
    expect(en.body).toContain('Lucky Wheel');
  });

  it('says not started, ended or offline in both languages', async () => {
    const config = withTimes(wheel, new Date(t.clock.now().getTime() + HOUR), 1);
    const created = await createCampaign(t.app, owner, projectId, { mark: 'lucky-wheel', config });
    await campaignAction(t.app, owner, projectId, created.id, 'goOnline');
    expect((await page(`/p/${created.id}`)).body).toContain('活动尚未开始');
    const notStarted = await page(`/p/${created.id}?lang=en-US`);
    expect(notStarted.body).toContain('The activity has not started yet');
    expect(notStarted.body).toMatch(/<button type="button"[^>]* disabled>/);

    await campaignAction(t.app, owner, projectId, created.id, 'goOffline');
    expect((await page(`/p/${created.id}`)).body).toContain('活动已下线');
    expect((await page(`/p/${created.id}?lang=en`)).body).toContain('The activity is offline');

    await campaignAction(t.app, owner, projectId, created.id, 'goOnline');
    t.clock.advance(3 * 86_400_000);
    expect((await page(`/p/${created.id}`)).body).toContain('活动已结束');
    expect((await page(`/p/${created.id}?lang=en`)).body).toContain('The activity has ended');
  });

  it('escapes every value from the config (no HTML injection)', async () => {
    const evil = '<img src=x onerror=alert(1)>"\'';
    const config = {
      ...withTimes(wheel, new Date(t.clock.now().getTime() - HOUR)),
      pageTitle: { 'zh-CN': '<script>x</script>', 'en-US': 'x' },
      rules: { text: { 'zh-CN': evil }, textColor: '#333' },
      backgroundImage: 'https://cdn.example.com/bg.png',
      prizes: [
        {
          id: 'p1',
          name: { 'zh-CN': '</li><script>alert(2)</script>' },
          deliveryType: 'system',
          isThank: false,
          unlimitedStock: true,
          odds: 10,
        },
        { id: 'thanks', name: { 'zh-CN': '谢谢' }, deliveryType: 'system', isThank: true },
      ],
    };
    const created = await createCampaign(t.app, owner, projectId, { mark: 'lucky-wheel', config });
    await campaignAction(t.app, owner, projectId, created.id, 'goOnline');
    const html = (await page(`/p/${created.id}`)).body;
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;script&gt;x&lt;/script&gt;');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;&quot;&#39;');
    expect(html).toContain("background-image:url('https://cdn.example.com/bg.png')");
  });

  it('drafts are hidden without a preview token; members mint short-lived tokens to preview', async () => {
    const draft = await createCampaign(t.app, owner, projectId, { mark: 'lucky-wheel', config: wheel });
    const hidden = await page(`/p/${draft.id}`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.body).toContain('活动不存在');
    expect(hidden.body).not.toContain('幸运大转盘');
    expect((await page('/p/no-such-campaign?lang=en')).body).toContain('Activity not found');

    expect((await previewToken(draft.id, viewer)).status).toBe(403);
    const minted = await previewToken(draft.id);
    expect(minted.status).toBe(200);
    expect(minted.body.data.url).toBe(`/p/${draft.id}?preview=${minted.body.data.token}`);
    expect(Date.parse(minted.body.data.expiresAt) - t.clock.now().getTime()).toBe(30 * 60_000);
    const preview = await page(minted.body.data.url);
    expect(preview.statusCode).toBe(200);
    expect(preview.body).toContain('data-preview="true"');
    expect(preview.body).toContain('草稿预览');
    expect(preview.body).toContain('10元优惠券');

    // A token previews its own campaign only, and only for 30 minutes.
    const other = await createCampaign(t.app, owner, projectId, { mark: 'lucky-wheel', config: wheel });
    expect((await page(`/p/${other.id}?preview=${minted.body.data.token}`)).statusCode).toBe(404);
    expect((await page(`/p/${draft.id}?preview=wrong`)).statusCode).toBe(404);
    t.clock.advance(31 * 60_000);
    expect((await page(minted.body.data.url)).statusCode).toBe(404);
  });
});

// A build as Vite writes it (vite.config.ts: two entries, a manifest): only what the server reads.
function fakeBuild(dir: string, entryFile: string) {
  mkdirSync(join(dir, '.vite'), { recursive: true });
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>console</title>');
  writeFileSync(
    join(dir, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-AAAA.js', isEntry: true, imports: ['_react-BBBB.js'] },
      'participant.html': {
        file: entryFile,
        isEntry: true,
        imports: ['_react-BBBB.js', '_texts-CCCC.js'],
        css: ['assets/participant-DDDD.css'],
      },
      '_react-BBBB.js': { file: 'assets/react-BBBB.js' },
      '_texts-CCCC.js': {
        file: 'assets/texts-CCCC.js',
        imports: ['_react-BBBB.js'],
        css: ['assets/texts-EEEE.css'],
      },
    }),
  );
}

describe('participant page with the built participant app', () => {
  let t: TestApp;
  let owner: SignedIn;
  let projectId: string;
  let wheel: Record<string, unknown>;
  const webDir = mkdtempSync(join(tmpdir(), 'growth-web-'));

  beforeAll(async () => {
    fakeBuild(webDir, 'assets/participant-1111.js');
    t = await createTestApp({ webDir });
    owner = await signUpOwner(t.app, 'page-app@example.com');
    projectId = await createProject(t.app, owner, 'Apps', 'apps');
    wheel = await templateConfig(t.app, 'gameplay', 'lucky-wheel', 'classic');
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  const page = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  it('keeps the first paint and loads the app from the manifest under a CSP without inline script', async () => {
    const config = {
      ...withTimes(wheel, new Date(t.clock.now().getTime() - HOUR)),
      pageTitle: { 'zh-CN': '</script><script>x()', 'en-US': 'Wheel' },
    };
    const created = await createCampaign(t.app, owner, projectId, { mark: 'lucky-wheel', config });
    await campaignAction(t.app, owner, projectId, created.id, 'goOnline');

    const answer = await page(`/p/${created.id}?u=u1&exp=1&sig=abc&ch=spring`);
    expect(answer.statusCode).toBe(200);
    const html = answer.body;
    // The first paint is still the server's.
    expect(html).toContain('data-state="open"');
    expect(html).toContain('10元优惠券');
    // The entry, its imports (preloaded, each once) and every CSS file they bring.
    expect(html).toContain('<script type="module" src="/assets/participant-1111.js"></script>');
    expect(html.match(/<link rel="modulepreload" href="([^"]+)">/g)).toEqual([
      '<link rel="modulepreload" href="/assets/react-BBBB.js">',
      '<link rel="modulepreload" href="/assets/texts-CCCC.js">',
    ]);
    expect(html).toContain('<link rel="stylesheet" href="/assets/participant-DDDD.css">');
    expect(html).toContain('<link rel="stylesheet" href="/assets/texts-EEEE.css">');
    expect(html).not.toContain('index-AAAA');
    // Boot data is a JSON script (never run): campaign id and page language, nothing can close it.
    const boot = /<script type="application\/json" id="gc-play-boot">(.*?)<\/script>/.exec(html);
    expect(JSON.parse(boot?.[1] ?? 'null')).toEqual({ campaignId: created.id, lang: 'zh-CN' });
    // Every script is either the app's file or data; the page title cannot open one.
    for (const tag of html.match(/<script[^>]*>/g) ?? [])
      expect(tag).toMatch(/^<script (type="module" src="\/assets\/|type="application\/json")/);
    expect(html).toContain('&lt;/script&gt;&lt;script&gt;x()');
    const csp = String(answer.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("img-src 'self' https: http: data:");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
  });

  it('picks up a new build under the running server', async () => {
    const config = withTimes(wheel, new Date(t.clock.now().getTime() - HOUR));
    const created = await createCampaign(t.app, owner, projectId, { mark: 'lucky-wheel', config });
    await campaignAction(t.app, owner, projectId, created.id, 'goOnline');
    fakeBuild(webDir, 'assets/participant-2222.js');
    // A rebuild within the same millisecond as the last read still counts as new.
    const later = new Date(Date.now() + 5000);
    utimesSync(join(webDir, '.vite', 'manifest.json'), later, later);
    expect((await page(`/p/${created.id}`)).body).toContain('src="/assets/participant-2222.js"');
  });

  it('draft previews load the app too; drafts without a token and unknown ids stay the 404 page', async () => {
    const draft = await createCampaign(t.app, owner, projectId, { mark: 'lucky-wheel', config: wheel });
    const minted = await call<{ url: string }>(t.app, 'POST', `/api/campaigns/${draft.id}/preview-token`, {
      token: owner.token,
      projectId,
    });
    const preview = await page(minted.body.data.url);
    expect(preview.statusCode).toBe(200);
    expect(preview.body).toContain('data-preview="true"');
    expect(preview.body).toContain('id="gc-play-boot"');
    for (const url of [`/p/${draft.id}`, '/p/nope']) {
      const hidden = await page(url);
      expect(hidden.statusCode).toBe(404);
      expect(hidden.body).not.toMatch(/<script/i);
    }
  });

  it('describes the page for link previews (Open Graph) with absolute addresses', async () => {
    const config = {
      ...withTimes(wheel, new Date(t.clock.now().getTime() - HOUR)),
      share: {
        region: 'domestic',
        channels: ['wechat'],
        title: { 'zh-CN': '转盘分享标题', 'en-US': 'Spin and win' },
        description: { 'zh-CN': '快来 & 抽奖', 'en-US': 'Prizes "today"' },
        thumbnail: '/uploads/share/thumb.png',
      },
    };
    const created = await createCampaign(t.app, owner, projectId, { mark: 'lucky-wheel', config });
    await campaignAction(t.app, owner, projectId, created.id, 'goOnline');
    const zh = (await page(`/p/${created.id}`)).body;
    expect(zh).toContain('<meta property="og:title" content="转盘分享标题">');
    expect(zh).toContain('<meta property="og:description" content="快来 &amp; 抽奖">');
    expect(zh).toContain('<meta property="og:image" content="http://console.test/uploads/share/thumb.png">');
    expect(zh).toContain(`<meta property="og:url" content="http://console.test/p/${created.id}">`);
    expect(zh).toContain('<meta name="twitter:card" content="summary_large_image">');
    const en = (await page(`/p/${created.id}?lang=en-US`)).body;
    expect(en).toContain('<meta property="og:title" content="Spin and win">');
    expect(en).toContain('<meta property="og:description" content="Prizes &quot;today&quot;">');

    // Without share texts: the page title, no description, no image.
    const plain = await createCampaign(t.app, owner, projectId, {
      mark: 'lucky-wheel',
      config: {
        ...withTimes(wheel, new Date(t.clock.now().getTime() - HOUR)),
        share: { region: 'domestic', channels: ['wechat'] },
      },
    });
    await campaignAction(t.app, owner, projectId, plain.id, 'goOnline');
    const body = (await page(`/p/${plain.id}`)).body;
    expect(body).toContain('<meta property="og:title" content="幸运大转盘">');
    expect(body).not.toContain('og:image');
    expect(body).not.toContain('og:description');
  });
});
