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
    expect(zh.body).not.toMatch(/<script/i);
    expect(zh.body).toContain('<html lang="zh-CN">');
    expect(zh.body).toContain('<title>幸运大转盘</title>');
    expect(zh.body).toContain('10元优惠券');
    expect(zh.body).not.toContain('谢谢参与'); // the thank-you entry is not a prize to show
    expect(zh.body).toContain('活动进行中');
    expect(zh.body).toContain('data-state="open"');
    expect(zh.body).toMatch(/<button type="button" style="background:#7367f0;color:#fff">立即参与<\/button>/);

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
