import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/testApp';
import { call } from './helpers/api';
import { createProject, signUpOwner, type SignedIn } from './helpers/accounts';
import { campaignAction, createCampaign, templateConfig, withTimes } from './helpers/campaigns';
import { createLink, createTemplate } from './helpers/links';
import { playPage } from './helpers/play';

const HOUR = 3_600_000;

interface Issue {
  path: string;
  message: string;
}
interface PageAnswer {
  campaign: {
    page: {
      blocks: { id: string; type: string; props: Record<string, unknown> }[];
      hotzones: Record<string, unknown>[];
    };
  };
}

describe('campaign pages laid out of blocks', () => {
  let t: TestApp;
  let owner: SignedIn;
  let projectId: string;
  let wheel: Record<string, unknown>;
  let link: { id: string; url: string };

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUpOwner(t.app, 'pages@example.com');
    projectId = await createProject(t.app, owner, 'Pages', 'pages');
    wheel = withTimes(
      await templateConfig(t.app, 'gameplay', 'lucky-wheel', 'classic'),
      new Date(t.clock.now().getTime() - HOUR),
    );
    const templateId = await createTemplate(t.app, owner, projectId);
    link = await createLink(t.app, owner, projectId, { name: 'app', templateId, redirectMode: 'template' });
  });
  afterAll(async () => t.close());

  const save = (config: Record<string, unknown>) =>
    call<{ id: string } & { error?: string; fields?: Issue[] }>(t.app, 'POST', '/api/campaigns', {
      token: owner.token,
      projectId,
      lang: 'en',
      body: { area: 'growth', kind: 'gameplay', mark: 'lucky-wheel', config },
    });
  const online = async (config: Record<string, unknown>) => {
    const created = await createCampaign(t.app, owner, projectId, { mark: 'lucky-wheel', config });
    const moved = await campaignAction(t.app, owner, projectId, created.id, 'goOnline');
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    return created.id;
  };
  const errorsOf = (body: unknown) => (body as { data: { errors?: Issue[] } }).data.errors ?? [];

  const zone = (fields: Record<string, unknown>) => ({
    x: 10.1234,
    y: 20,
    width: 30,
    height: 12.5,
    ...fields,
  });

  it('serves the page an operator laid out, localized, with every tap resolved', async () => {
    const page = {
      blocks: [
        { id: 'bg', type: 'background', props: { color: '#102030' } },
        {
          id: 'top',
          type: 'banner',
          props: {
            image: 'https://cdn.example.com/banner.png',
            alt: { 'zh-CN': '春季活动', 'en-US': 'Spring campaign' },
            hotzones: [
              zone({ action: 'url', url: 'https://example.com/rules', label: { 'en-US': 'Read more' } }),
              zone({ action: 'deeplink', linkId: link.id }),
              zone({ action: 'block', blockId: 'note' }),
            ],
          },
        },
        { id: 'game', type: 'game', props: { showTitle: false, showTime: true } },
        {
          id: 'cta',
          type: 'buttons',
          props: {
            items: [
              { text: { 'zh-CN': '打开 App', 'en-US': 'Open the app' }, action: 'deeplink', linkId: link.id },
              { text: { 'zh-CN': '分享' }, action: 'share' },
            ],
          },
        },
        { id: 'note', type: 'rich-text', props: { text: { 'zh-CN': '**注意**', 'en-US': '**Note**' } } },
        { id: 'gap', type: 'spacer', props: { height: 24 } },
      ],
    };
    const id = await online({ ...wheel, page });
    const answer = await playPage<PageAnswer>(t.app, id, undefined, '?lang=en-US');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const blocks = answer.body.data.campaign.page.blocks;
    expect(blocks.map((b) => `${b.id}:${b.type}`)).toEqual([
      'bg:background',
      'top:banner',
      'game:game',
      'cta:buttons',
      'note:rich-text',
      'gap:spacer',
    ]);
    const banner = blocks[1].props as { alt: string; hotzones: Record<string, unknown>[] };
    expect(banner.alt).toBe('Spring campaign');
    expect(banner.hotzones).toEqual([
      expect.objectContaining({
        x: 10.1234,
        action: 'url',
        href: 'https://example.com/rules',
        label: 'Read more',
      }),
      expect.objectContaining({ action: 'deeplink', href: link.url, blockId: null, label: null }),
      expect.objectContaining({ action: 'block', href: null, blockId: 'note' }),
    ]);
    const items = (blocks[3].props as { items: Record<string, unknown>[] }).items;
    expect(items[0]).toEqual({ text: 'Open the app', action: 'deeplink', href: link.url, blockId: null });
    // A text missing in the page language falls back to the default language.
    expect(items[1]).toMatchObject({ text: '分享', action: 'share', href: null });
    expect(blocks[4].props.text).toBe('**Note**');
  });

  it('draws a campaign never laid out with the default page of its fields', async () => {
    const answer = await playPage<PageAnswer>(t.app, await online(wheel));
    expect(answer.body.data.campaign.page.blocks.map((b) => b.type)).toEqual([
      'background',
      'game',
      'share',
      'rules',
      'my-prizes',
    ]);
  });

  it('refuses bad pages at the block and field they belong to, in the caller language', async () => {
    const bad = await save({
      ...wheel,
      page: {
        blocks: [
          { id: 'game', type: 'game', props: {} },
          { id: 'game2', type: 'game', props: {} },
          { id: 'top', type: 'banner', props: { hotzones: [zone({ action: 'deeplink' })] } },
          { id: 'top', type: 'spacer', props: { height: 2 } },
          {
            id: 'pic',
            type: 'image',
            props: { image: 'https://cdn.example.com/a.png', hotzones: [zone({ url: 'javascript://x' })] },
          },
          { id: 'odd', type: 'marquee', props: {} },
          { id: 'bad id!', type: 'spacer', props: { height: 40 } },
        ],
      },
    });
    expect(bad.status, JSON.stringify(bad.body)).toBe(400);
    const found = Object.fromEntries(errorsOf(bad.body).map((e) => [e.path, e.message]));
    expect(found).toMatchObject({
      '/page/blocks/1/type': 'A page holds at most 1 block of this kind',
      '/page/blocks/2/props/image': 'This field is required',
      '/page/blocks/2/props/hotzones/0/linkId': 'This field is required',
      '/page/blocks/3/id': 'Block id top is used twice',
      '/page/blocks/3/props/height': 'Must be at least 8',
      '/page/blocks/4/props/hotzones/0/url': 'The javascript:// scheme is not allowed here',
      '/page/blocks/5/type': 'Must be one of the allowed values',
      '/page/blocks/6/id': 'Invalid format',
    });
    // The same checks speak Chinese to a Chinese console.
    const zh = await call(t.app, 'POST', '/api/campaigns', {
      token: owner.token,
      projectId,
      lang: 'zh-cn',
      body: {
        area: 'growth',
        kind: 'gameplay',
        mark: 'lucky-wheel',
        config: {
          ...wheel,
          page: {
            blocks: [
              { id: 'game', type: 'game', props: {} },
              { id: 'game2', type: 'game', props: {} },
            ],
          },
        },
      },
    });
    expect(Object.fromEntries(errorsOf(zh.body).map((e) => [e.path, e.message]))).toEqual({
      '/page/blocks/1/type': '每个页面最多 1 个此类模块',
    });
  });

  it('keeps the first hotzones working: a zone with only an address opens it', async () => {
    const id = await online({
      ...wheel,
      backgroundImage: 'https://cdn.example.com/bg.png',
      hotzones: [zone({ url: 'myapp://home' })],
    });
    const answer = await playPage<PageAnswer>(t.app, id);
    expect(answer.body.data.campaign.page.hotzones).toEqual([
      {
        x: 10.1234,
        y: 20,
        width: 30,
        height: 12.5,
        label: null,
        action: 'url',
        href: 'myapp://home',
        blockId: null,
      },
    ]);
  });
});
