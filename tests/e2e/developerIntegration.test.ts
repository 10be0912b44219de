import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import {
  BASE_URL,
  CONTEXT_OPTIONS,
  api,
  launchBrowser,
  openPage,
  signUpViaApi,
  storeSession,
  type Session,
} from './browser';
import { PHONES, liveCampaign } from './player';
import {
  API_SECRET_VARIABLE,
  HANDOFF_FILES,
  HANDOFF_LANGUAGE_NAMES,
  HANDOFF_LANGUAGES,
  SAMPLE_USER_ID,
  handoffSnippet,
  participantBase,
} from '../../src/web/features/campaigns/handoffSnippets';

// What a developer integrating the console meets, in both languages: a callback address on their
// own machine is refused with the way to test callbacks locally (and its risk); the pages that
// hold the access key, the API secret, the token callback and the callback addresses are named
// the same in the menu, their titles and the texts that point at them; the campaign's "Get link"
// dialog shows how a server signs a player in, and the Node.js program it shows, run as shown
// with the project's secret, prints an address that signs that player into the page.

let browser: Browser;
let session: Session;
let projectId = '';
let apiSecret = '';
const stamp = Date.now().toString(36).slice(-6);
const dir = mkdtempSync(join(tmpdir(), 'gc-e2e-handoff-'));

beforeAll(async () => {
  browser = await launchBrowser();
  ({ session } = await signUpViaApi('devint', 'Hook Works'));
  const project = await api<{ id: string }>('POST', '/api/projects', {
    body: { name: 'Hooks', domainPrefix: `hk-${stamp}` },
    token: session.token,
  });
  projectId = project.id;
  ({ apiSecret } = await api<{ apiSecret: string }>('GET', '/api/access-key', {
    token: session.token,
    projectId,
  }));
  expect(apiSecret).toMatch(/=$/);
});

afterAll(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

type Lng = 'enUS' | 'zhCN';

/** The console signed in as the owner, in the language, at path. */
async function consolePage(path: string, lng: Lng) {
  const opened = await openPage(browser, '/login');
  await storeSession(opened.page, session, { projectId, lng });
  await opened.page.goto(path);
  return opened;
}

/** The page's title, its selected side menu item and the browser tab's title: one name. */
async function expectNamed(page: Page, name: string) {
  await page.getByRole('heading', { level: 3, name, exact: true }).waitFor();
  await expect.poll(() => page.locator('.gc-side-menu .ant-menu-item-selected').textContent()).toBe(name);
  expect((await page.title()).split(' · ')[0]).toBe(name);
}

/** The form item around an input. */
function fieldOf(scope: Locator, label: string): Locator {
  return scope
    .getByLabel(label, { exact: true })
    .locator(
      'xpath=ancestor::div[contains(concat(" ", normalize-space(@class), " "), " ant-form-item ")][1]',
    );
}

const TEXTS = {
  enUS: {
    callbackPage: 'Callback addresses',
    accessKeyPage: 'Access key',
    devSettings: 'Developer settings',
    tokenCallback: 'Token callback address',
    create: 'New callback address',
    name: 'Name',
    address: 'Address',
    save: /^Save$/,
    cancel: /^Cancel$/,
    risk: 'start the server with ALLOW_PRIVATE_CALLBACKS=1: the server then calls addresses inside your network, so never set it on a server others can reach',
    notHere:
      "The token callback, which tells the server who an app's login token belongs to, is not kept here",
    tokenHelp: 'Prize and link template callbacks are kept on the Callback addresses page',
    plain: 'Use the secret exactly as shown, as a plain string',
  },
  zhCN: {
    callbackPage: '回调地址管理',
    accessKeyPage: '访问密钥',
    devSettings: '开发者配置',
    tokenCallback: '令牌回调地址',
    create: '新建回调地址',
    name: '名称',
    address: '地址',
    // antd spaces out a two-character Chinese button label.
    save: /^保\s?存$/,
    cancel: /^取\s?消$/,
    risk: '请以 ALLOW_PRIVATE_CALLBACKS=1 启动服务端：此时服务端会请求你内网中的地址，切勿在他人可访问的服务器上开启',
    notHere: '令牌回调（服务端据此查询应用登录令牌属于哪个用户）不在此处',
    tokenHelp: '奖品和链接模板的回调地址保存在“回调地址管理”页面',
    plain: '请原样使用此密钥，把它当作普通字符串',
  },
} as const;

describe('callbacks and the pages that hold them', () => {
  for (const lng of ['enUS', 'zhCN'] as const) {
    const text = TEXTS[lng];
    it(`${lng}: a callback on this machine says how to test locally; every text points at the token callback's one home`, async () => {
      const { page, context, pageErrors } = await consolePage(`/tokenUrlManagement/${projectId}`, lng);
      await expectNamed(page, text.callbackPage);

      // A callback address on 127.0.0.1: refused under the field, with the setting and its risk.
      await page.getByRole('button', { name: text.create }).click();
      const dialog = page.getByRole('dialog', { name: text.create });
      await dialog.getByLabel(text.name, { exact: true }).fill('Local hook');
      await dialog.getByLabel(text.address, { exact: true }).fill('http://127.0.0.1:4000/hook');
      await dialog.getByRole('button', { name: text.save }).click();
      await fieldOf(dialog, text.address)
        .locator('.ant-form-item-explain-error', { hasText: text.risk })
        .waitFor();
      await dialog.getByRole('button', { name: text.cancel }).click();
      await dialog.waitFor({ state: 'detached' });

      // The page says the token callback is not here, and links to where it is.
      const description = page.locator('.gc-page-head');
      await description.getByText(text.notHere).waitFor();
      const home = page.getByTestId('token-callback-home');
      expect(await home.textContent()).toBe(text.accessKeyPage);
      await home.click();
      await page.waitForURL(`**/accessToken/${projectId}`);
      await expectNamed(page, text.accessKeyPage);

      // There: the Developer settings card with the token callback, whose help points back.
      const devConfig = page.getByTestId('dev-config');
      await devConfig.locator('.ant-card-head-title', { hasText: text.devSettings }).waitFor();
      const tokenField = fieldOf(devConfig, text.tokenCallback);
      await tokenField.getByText(text.tokenHelp, { exact: false }).waitFor();
      await devConfig.getByLabel(text.tokenCallback, { exact: true }).fill('http://localhost:4000/who');
      await devConfig.getByRole('button', { name: text.save }).click();
      await tokenField.locator('.ant-form-item-explain-error', { hasText: text.risk }).waitFor();

      // The API secret is to be used as the plain string it is (it looks like base64).
      const plain = page.getByTestId('api-secret-plain');
      expect(await plain.textContent()).toContain(text.plain);
      expect(await plain.textContent()).toContain('new Webhook(apiSecret)');

      expect(pageErrors).toEqual([]);
      await context.close();
    });
  }
});

describe("the campaign's Get link dialog", () => {
  it('shows the signed hand-off and its programs; the Node.js one, run as shown, signs the player in', async () => {
    const title = `Handoff-${stamp}`;
    const campaignId = await liveCampaign(session, projectId, 'lucky-wheel', { title });
    const { link } = await api<{ link: string }>('GET', `/api/campaigns/${campaignId}`, {
      token: session.token,
      projectId,
    });
    const { page, context, pageErrors } = await consolePage(`/campaignManagement/${projectId}`, 'enUS');
    const row = page.locator('tr.ant-table-row', {
      has: page.getByRole('link', { name: title, exact: true }),
    });
    await row.getByRole('button', { name: /^More/ }).click();
    const menu = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)');
    await menu.getByRole('menuitem', { name: 'Get link', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Campaign link' });
    expect(await dialog.getByTestId('campaign-link').textContent()).toBe(link);

    // The rule, the address and the other ways in.
    const guide = dialog.getByTestId('handoff-guide');
    expect(await guide.getByTestId('handoff-formula').textContent()).toBe(
      'sig = base64url(HMAC-SHA256(apiSecret, campaignId + "." + userId + "." + exp))',
    );
    expect(await guide.getByTestId('handoff-url').textContent()).toBe(
      `${link}?u=<userId>&exp=<exp>&sig=<sig>`,
    );
    await guide.getByText('is in Unix seconds, at most 24 hours ahead').waitFor();
    expect(await guide.getByTestId('handoff-secret').textContent()).toContain(
      "the HMAC key is the text's UTF-8 bytes, not the bytes of decoded base64",
    );
    await guide.getByText(`${link}?token=<app token>`).waitFor();
    await guide.getByText('the visitor plays as an anonymous device').waitFor();
    await guide.getByText(`environment variable ${API_SECRET_VARIABLE}`).waitFor();
    expect(await dialog.textContent()).not.toContain(apiSecret);

    // One tab per language, each the module's text for this campaign (what the API suite runs).
    const shown: Record<string, string> = {};
    for (const language of HANDOFF_LANGUAGES) {
      await guide.getByRole('tab', { name: HANDOFF_LANGUAGE_NAMES[language], exact: true }).click();
      const block = guide.getByTestId(`handoff-snippet-${language}`);
      await block.waitFor();
      shown[language] = (await block.locator('pre').textContent()) ?? '';
      expect(shown[language]).toBe(handoffSnippet(language, { base: participantBase(link), campaignId }));
    }

    // Copied as shown and run with the project's secret: the printed address is this campaign's.
    const file = join(mkdtempSync(join(dir, 'node-')), HANDOFF_FILES.node);
    writeFileSync(file, shown.node);
    const run = (secret: string) => {
      const result = spawnSync(process.execPath, [file], {
        encoding: 'utf8',
        env: { ...process.env, [API_SECRET_VARIABLE]: secret },
      });
      expect(result.status, result.stderr).toBe(0);
      return result.stdout.trim();
    };
    const address = run(apiSecret);
    expect(address).toMatch(
      new RegExp(`^${BASE_URL}/p/${campaignId}\\?u=${SAMPLE_USER_ID}&exp=\\d+&sig=[\\w-]{43}$`),
    );
    expect(pageErrors).toEqual([]);
    await context.close();

    // A phone opening it plays as that user; one made with another secret is refused.
    const phone = await browser.newContext({
      ...CONTEXT_OPTIONS,
      ...PHONES.iphone,
      hasTouch: true,
      isMobile: true,
      locale: 'en-US',
    });
    try {
      const player = await phone.newPage();
      const opened = player.waitForResponse((r) => r.url().endsWith('/api/play/v1/sessions'));
      await player.goto(address);
      const answer = await opened;
      expect(answer.status()).toBe(200);
      const body = (await answer.json()) as { data: { participant: { userId: string; anonymous: boolean } } };
      expect(body.data.participant).toEqual(
        expect.objectContaining({ userId: SAMPLE_USER_ID, anonymous: false }),
      );
      await player.getByTestId('play-page').waitFor();

      const stranger = await phone.newPage();
      const refused = stranger.waitForResponse((r) => r.url().endsWith('/api/play/v1/sessions'));
      await stranger.goto(run(Buffer.from(apiSecret, 'base64').toString('base64url')));
      expect((await refused).status()).toBe(401);
    } finally {
      await phone.close();
    }
  });
});
