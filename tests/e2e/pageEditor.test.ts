import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { api, BASE_URL, launchBrowser, openSignedIn, signUpViaApi, type Session } from './browser';

// The page editor on the real server: an operator drags a banner and an image onto the phone
// canvas, reorders blocks by mouse and by keyboard, draws a hotzone on the image and binds it to
// a deep link of the project, saves; a player on a phone then taps the zone and lands on the link.

let browser: Browser;
let session: Session;
let projectId = '';
const stamp = Date.now().toString(36).slice(-6);
const prefix = `pe-${stamp}`;

/** A real PNG (a solid colour) the browser can decode. */
function png(width: number, height: number, rgb: [number, number, number]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const byte of buf) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'ascii');
    const tail = Buffer.alloc(4);
    tail.writeUInt32BE(crc(Buffer.concat([head.subarray(4), data])), 0);
    return Buffer.concat([head, data, tail]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3).map((_, i) => rgb[i % 3])]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function upload(name: string, content: Buffer): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(content)], { type: 'image/png' }), name);
  const response = await fetch(`${BASE_URL}/api/uploads?kind=image`, {
    method: 'POST',
    headers: { authorization: `Bearer ${session.token}`, 'x-project-id': projectId },
    body: form,
  });
  const body = (await response.json()) as { data: { url: string } };
  expect(response.status, JSON.stringify(body)).toBe(200);
  return body.data.url;
}

let link: { id: string; linkId: string; url: string };
let bannerUrl = '';
let imageUrl = '';

beforeAll(async () => {
  browser = await launchBrowser();
  ({ session } = await signUpViaApi('pages', 'Page Works'));
  projectId = (
    await api<{ id: string }>('POST', '/api/projects', {
      body: { name: 'Pages', domainPrefix: prefix },
      token: session.token,
    })
  ).id;
  const template = await api<{ id: string }>('POST', '/api/link-templates', {
    token: session.token,
    projectId,
    body: {
      name: 'main',
      ios: { appStoreUrl: 'https://apps.apple.com/app/id123456789' },
      android: { stores: ['google-play'], packageNames: 'com.example.app' },
      webFirst: false,
      wechatLanding: false,
      clickAttribution: 'last',
      attributionWindowDays: 7,
    },
  });
  link = await api('POST', '/api/links', {
    token: session.token,
    projectId,
    body: { name: 'app', templateId: template.id, redirectMode: 'template' },
  });
  bannerUrl = await upload('banner.png', png(750, 300, [255, 90, 60]));
  imageUrl = await upload('card.png', png(750, 500, [60, 120, 255]));
});

afterAll(async () => {
  await browser?.close();
});

const canvasIds = (page: Page) =>
  page.getByTestId('canvas-block').evaluateAll((els) => els.map((el) => el.getAttribute('data-block-id')));

/** What the editor last announced to screen readers ("Banner is over Game area."). */
const said = (page: Page) => page.locator('[id^="DndLiveRegion"]').first().textContent();

/**
 * Drags with the mouse in small steps (dnd-kit's pointer sensor needs movement) and lets go only
 * once the editor announces the drop target: on a busy machine React may not have drawn the last
 * pointer move yet, and a release then would land on the block passed on the way.
 */
async function drag(
  page: Page,
  from: Locator,
  to: Locator,
  over: string,
  position: 'top' | 'center' = 'top',
) {
  const a = await from.boundingBox();
  const b = await to.boundingBox();
  if (!a || !b) throw new Error('nothing to drag');
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  const y = position === 'top' ? b.y + 6 : b.y + b.height / 2;
  const steps = 12;
  for (let i = 1; i <= steps; i++) {
    await page.mouse.move(a.x + ((b.x + b.width / 2 - a.x) * i) / steps, a.y + ((y - a.y) * i) / steps);
  }
  await expect.poll(() => said(page)).toBe(over);
  await page.mouse.up();
}

describe('page editor', () => {
  it('lays out a page by mouse and keyboard, binds a hotzone to a deep link, and the player taps it', async () => {
    const { page, pageErrors } = await openSignedIn(
      browser,
      `/campaignManagement/${projectId}/type`,
      session,
      projectId,
    );
    // Tall enough for the whole page: no auto-scroll moves blocks under the pointer mid-drag.
    await page.setViewportSize({ width: 1440, height: 1800 });
    await page.getByText('Engagement and retention', { exact: true }).click();
    await page.getByRole('button', { name: 'Lucky draw wheel', exact: true }).click();
    await page.getByRole('button', { name: 'Classic wheel', exact: true }).click();
    await page.locator('.gc-wizard-body .ant-card-head-title', { hasText: 'Choose goal' }).waitFor();
    for (const title of ['Basic info', 'Logic and rewards', 'Pages and copy']) {
      if (title === 'Logic and rewards') {
        await page.getByLabel('Campaign title').fill(`Pages-${stamp}`);
        await page.getByLabel('Campaign title').press('Tab');
      }
      await page.getByRole('button', { name: 'Next' }).click();
      await page.locator('.gc-wizard-body .ant-card-head-title', { hasText: title }).waitFor();
    }
    await page.getByTestId('page-canvas').waitFor();
    // A campaign never laid out starts from the page its fields always made.
    expect(await canvasIds(page)).toEqual(['game', 'share', 'rules', 'my-prizes']);
    const block = (id: string) => page.locator(`[data-testid="canvas-block"][data-block-id="${id}"]`);
    const kind = (name: string) => page.getByTestId('palette-item').filter({ hasText: name });
    const panel = page.getByTestId('block-panel');

    // Drag a banner from the palette above the game area: it has no image yet, and says so.
    await drag(page, kind('Banner'), block('game'), 'Banner is over Game area.');
    await expect.poll(() => canvasIds(page)).toEqual(['banner', 'game', 'share', 'rules', 'my-prizes']);
    await block('banner').getByTestId('block-problem').waitFor();
    await block('banner').click();
    await panel.getByLabel('or enter the file address').fill(bannerUrl);
    await panel.getByLabel('or enter the file address').press('Tab');
    await expect.poll(() => block('banner').getByTestId('block-problem').count()).toBe(0);
    await expect.poll(() => block('banner').locator('img').getAttribute('src')).toBe(bannerUrl);

    // An image block dropped at the end of the page.
    await drag(
      page,
      kind('Image'),
      page.locator('.gc-pe-end'),
      'Image is over the end of the page.',
      'center',
    );
    await expect
      .poll(() => canvasIds(page))
      .toEqual(['banner', 'game', 'share', 'rules', 'my-prizes', 'image']);
    await block('image').click();
    await panel.getByLabel('or enter the file address').fill(imageUrl);
    await panel.getByLabel('or enter the file address').press('Tab');
    await expect.poll(() => block('image').getByTestId('block-problem').count()).toBe(0);

    // Reorder by mouse: the rules dragged by their handle until they sit over the game area.
    const from = await block('rules').boundingBox();
    const onto = await block('game').boundingBox();
    const handle = await block('rules').getByTestId('block-handle').boundingBox();
    if (!from || !onto || !handle) throw new Error('no blocks to reorder');
    const shift = onto.y + onto.height / 2 - (from.y + from.height / 2) - 4;
    await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
    await page.mouse.down();
    for (let i = 1; i <= 12; i++)
      await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2 + (shift * i) / 12);
    await expect.poll(() => said(page)).toBe('Rules is over Game area.');
    await page.mouse.up();
    await expect
      .poll(() => canvasIds(page))
      .toEqual(['banner', 'rules', 'game', 'share', 'my-prizes', 'image']);
    // And by keyboard: the image picked up with Space, moved up one, dropped.
    await block('image').getByTestId('block-handle').focus();
    // Each step waits for what the editor announces to screen readers.
    await page.keyboard.press('Space');
    await expect.poll(() => said(page)).toBe('Image is over Image.');
    // dnd-kit's keyboard sensor starts listening for moves a moment after the pick-up.
    await page.waitForTimeout(200);
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => said(page)).toBe('Image is over My prizes.');
    await page.keyboard.press('Space');
    await expect.poll(() => said(page)).toBe('Image was dropped before My prizes.');
    await expect
      .poll(() => canvasIds(page))
      .toEqual(['banner', 'rules', 'game', 'share', 'image', 'my-prizes']);

    // A hotzone drawn on the image and bound to the project's deep link.
    await block('image').click();
    await panel.getByTestId('edit-hotzones').click();
    const box = page.getByTestId('hotzone-image');
    await box.waitFor();
    const area = await box.boundingBox();
    if (!area) throw new Error('no hotzone image');
    await page.mouse.move(area.x + area.width * 0.2, area.y + area.height * 0.3);
    await page.mouse.down();
    await page.mouse.move(area.x + area.width * 0.5, area.y + area.height * 0.5, { steps: 5 });
    await page.mouse.move(area.x + area.width * 0.8, area.y + area.height * 0.7, { steps: 5 });
    await page.mouse.up();
    await expect.poll(() => page.getByTestId('hotzone-box').count()).toBe(1);
    const dialog = page.getByRole('dialog');
    await dialog.getByText('This zone needs a jump address').waitFor();
    await page.getByTestId('zone-action').click();
    await page.getByTitle('Open a deep link').click();
    await page.getByTestId('zone-link').click();
    await page.getByTitle(`app (${link.linkId})`).click();
    await dialog.getByLabel('Name read aloud (zh-CN)').fill('打开 App');
    const width = Number(await page.getByTestId('zone-width').inputValue());
    expect(width).toBeGreaterThan(55);
    expect(width).toBeLessThan(65);
    await page.getByTestId('hotzones-apply').click();
    await expect.poll(() => block('image').getByTestId('hotzone').count()).toBe(1);

    // Undo takes the zone away, redo brings it back.
    await page.getByTestId('undo').click();
    await expect.poll(() => block('image').getByTestId('hotzone').count()).toBe(0);
    await page.getByTestId('redo').click();
    await expect.poll(() => block('image').getByTestId('hotzone').count()).toBe(1);
    await page.screenshot({ path: '/tmp/pe-2.png' });

    await page.getByRole('button', { name: 'Next' }).click();
    await page.locator('.gc-wizard-body .ant-card-head-title', { hasText: 'Multi-language' }).waitFor();
    await page.getByRole('button', { name: 'Save campaign' }).click();
    await page.waitForURL(`**/campaignManagement/${projectId}`);
    const list = await api<{ items: Array<{ id: string; title: string }> }>(
      'GET',
      '/api/campaigns?area=growth',
      {
        token: session.token,
        projectId,
      },
    );
    const saved = list.items.find((item) => item.title === `Pages-${stamp}`);
    expect(saved).toBeDefined();
    const detail = await api<{
      config: { page: { blocks: Array<{ id: string; props: Record<string, unknown> }> } };
    }>('GET', `/api/campaigns/${saved!.id}`, { token: session.token, projectId });
    const blocks = detail.config.page.blocks;
    expect(blocks.map((b) => b.id)).toEqual([
      'background',
      'banner',
      'rules',
      'game',
      'share',
      'image',
      'my-prizes',
    ]);
    const zone = (blocks.find((b) => b.id === 'image')?.props.hotzones as Array<Record<string, unknown>>)[0];
    expect(zone).toMatchObject({ action: 'deeplink', linkId: link.id, label: { 'zh-CN': '打开 App' } });
    expect(pageErrors).toEqual([]);

    // The player, on a phone, taps the zone and lands on the deep link.
    await api('POST', `/api/campaigns/${saved!.id}/actions`, {
      token: session.token,
      projectId,
      body: { action: 'goOnline' },
    });
    const phone = await browser.newContext({
      baseURL: BASE_URL,
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      hasTouch: true,
      isMobile: true,
      userAgent:
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
      locale: 'zh-CN',
    });
    const player = await phone.newPage();
    const playerErrors: string[] = [];
    player.on('pageerror', (error) => playerErrors.push(error.message));
    await player.goto(`/p/${saved!.id}`);
    const tap = player.getByRole('link', { name: '打开 App' });
    await tap.waitFor();
    expect(await tap.getAttribute('href')).toBe(link.url);
    const order = await player
      .locator('section.gp-block')
      .evaluateAll((els) => els.map((el) => el.getAttribute('data-block')));
    expect(order).toEqual(['banner', 'rules', 'game', 'share', 'image', 'my-prizes']);
    const landed = player.waitForRequest((request) => request.url().startsWith(link.url));
    await tap.scrollIntoViewIfNeeded();
    await tap.tap();
    await landed;
    expect(playerErrors).toEqual([]);
    await phone.close();
  });

  it("edits a saved campaign's page from its detail page, refuses a page with problems, and asks before leaving unsaved", async () => {
    const templates = await api<{
      entries: Array<{ mark: string; templates: Array<{ name: string; config: Record<string, unknown> }> }>;
    }>('GET', '/api/schemas?kind=gameplay');
    const config = templates.entries.find((e) => e.mark === 'blind-box')?.templates[0]?.config;
    if (!config) throw new Error('no blind-box template');
    const created = await api<{ id: string }>('POST', '/api/campaigns', {
      token: session.token,
      projectId,
      body: {
        area: 'growth',
        kind: 'gameplay',
        mark: 'blind-box',
        config: { ...config, title: `Boxes-${stamp}` },
      },
    });
    const { page, pageErrors } = await openSignedIn(
      browser,
      `/campaignManagement/${projectId}/detail/${created.id}`,
      session,
      projectId,
    );
    await page.setViewportSize({ width: 1440, height: 1800 });
    await page.getByTestId('edit-page').click();
    await page.getByTestId('page-canvas').waitFor();
    const ids = () => canvasIds(page);
    expect(await ids()).toEqual(['game', 'share', 'rules', 'my-prizes']);

    // A text block added with the keyboard (Enter on the palette) has no text yet: saving is refused.
    await page.locator('[data-testid="canvas-block"][data-block-id="game"]').click();
    await page.getByTestId('palette-item').filter({ hasText: 'Text' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(ids).toEqual(['game', 'rich-text', 'share', 'rules', 'my-prizes']);
    await page.locator('[data-block-id="rich-text"] [data-testid="block-problem"]').waitFor();
    await page.getByTestId('save-page').click();
    await page.getByText('1 problem on the page').first().waitFor();

    // Leaving with unsaved changes asks first; staying keeps them.
    await page.getByRole('button', { name: 'Back to the campaign' }).click();
    const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
    await leave.waitFor();
    await leave.getByRole('button', { name: 'Stay' }).click();
    await expect.poll(ids).toEqual(['game', 'rich-text', 'share', 'rules', 'my-prizes']);

    // Deleting the block leaves a page with no problem; it saves, and the page is the campaign's.
    await page.locator('[data-block-id="rich-text"]').click();
    await page.getByTestId('block-delete').click();
    await page.locator('[data-block-id="share"] [data-testid="block-handle"]').focus();
    await page.keyboard.press('Space');
    await page.waitForTimeout(200);
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => said(page)).toBe('Share bar is over Rules.');
    await page.keyboard.press('Space');
    await expect.poll(ids).toEqual(['game', 'rules', 'share', 'my-prizes']);
    await page.getByTestId('save-page').click();
    await page.getByText('Page saved').waitFor();
    const saved = await api<{ config: { page: { blocks: Array<{ id: string }> } } }>(
      'GET',
      `/api/campaigns/${created.id}`,
      {
        token: session.token,
        projectId,
      },
    );
    expect(saved.config.page.blocks.map((b) => b.id)).toEqual([
      'background',
      'game',
      'rules',
      'share',
      'my-prizes',
    ]);
    // Saved: leaving asks nothing.
    await page.getByRole('button', { name: 'Back to the campaign' }).click();
    await page.waitForURL(`**/detail/${created.id}`);
    expect(pageErrors).toEqual([]);
  });

  it('adds one block per palette click, none more on a following Enter, and one per Enter from the keyboard', async () => {
    const templates = await api<{
      entries: Array<{ mark: string; templates: Array<{ name: string; config: Record<string, unknown> }> }>;
    }>('GET', '/api/schemas?kind=gameplay');
    const config = templates.entries.find((e) => e.mark === 'blind-box')?.templates[0]?.config;
    if (!config) throw new Error('no blind-box template');
    const created = await api<{ id: string }>('POST', '/api/campaigns', {
      token: session.token,
      projectId,
      body: {
        area: 'growth',
        kind: 'gameplay',
        mark: 'blind-box',
        config: { ...config, title: `Palette-${stamp}` },
      },
    });
    const { page, context, pageErrors } = await openSignedIn(
      browser,
      `/campaignManagement/${projectId}/detail/${created.id}`,
      session,
      projectId,
    );
    await page.setViewportSize({ width: 1440, height: 1800 });
    await page.getByTestId('edit-page').click();
    await page.getByTestId('page-canvas').waitFor();
    const ids = () => canvasIds(page);
    const kind = (name: string) => page.getByTestId('palette-item').filter({ hasText: name });

    // The hint says what works, and is what a screen reader hears on each item.
    const hint = page.locator('.gc-pe-hint');
    expect(await hint.textContent()).toBe(
      'Click a block, or press Enter on it, to add it after the selected block (at the end when none is selected); drag it onto the phone to place it where you drop it. Space picks up a block to move it with the arrow keys.',
    );
    expect(await kind('Image').getAttribute('aria-describedby')).toBe(await hint.getAttribute('id'));

    // A mouse click adds one image after the selected game area.
    await page.locator('[data-testid="canvas-block"][data-block-id="game"]').click();
    await kind('Image').click();
    await expect.poll(ids).toEqual(['game', 'image', 'share', 'rules', 'my-prizes']);
    // Enter right after the click (what the former hint taught) adds no second image: the click
    // left the item unfocused.
    expect(await kind('Image').evaluate((item) => item === document.activeElement)).toBe(false);
    await page.keyboard.press('Enter');

    // The keyboard alone: Enter on a focused item adds exactly one block after the selected one.
    await kind('Text').focus();
    await page.keyboard.press('Enter');
    await expect.poll(ids).toEqual(['game', 'image', 'rich-text', 'share', 'rules', 'my-prizes']);
    // And the focus stays on the item, so the next Enter is another deliberate block.
    expect(await kind('Text').evaluate((item) => item === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.locator('[data-testid="canvas-block"][data-block="rich-text"]').count())
      .toBe(2);
    expect((await ids()).filter((id) => id?.startsWith('image'))).toEqual(['image']);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
