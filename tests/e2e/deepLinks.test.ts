import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  api,
  launchBrowser,
  openPage,
  openSignedIn,
  signUpViaApi,
  storeSession,
  type Session,
} from './browser';

// A deep link end to end on the real server: a link template and a link are created in the
// console, the link is opened by an iPhone in a second browser context (Chromium resolves
// {prefix}.localhost to loopback, the server's LINK_HOST default), the redirector sends the
// phone to the template's App Store address, and the click shows up in the link's report.

// Save buttons are matched by their end: antd can leave the finished loading icon ("loading")
// in the button's accessible name.
const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const APP_STORE = 'https://apps.apple.com/app/id1234567890';

let browser: Browser;
let token = '';
let projectId = '';
let sessionData: Session;
const stamp = Date.now().toString(36).slice(-6);

beforeAll(async () => {
  browser = await launchBrowser();
  const { session } = await signUpViaApi('links', 'Deep Link Co');
  token = session.token;
  const project = await api<{ id: string }>('POST', '/api/projects', {
    body: { name: 'Deep links', domainPrefix: `dl${stamp}` },
    token,
  });
  projectId = project.id;
  sessionData = session;
});

afterAll(async () => {
  await browser?.close();
});

/** The console in English, signed in as the test's owner, on the project. */
async function openConsole(
  path: string,
): Promise<{ page: Page; pageErrors: string[]; close(): Promise<void> }> {
  const { page, context, pageErrors } = await openSignedIn(browser, path, sessionData, projectId);
  return { page, pageErrors, close: () => context.close() };
}

describe('deep links', () => {
  it('creates a template and a link, opens the link on an iPhone and sees the click in the report', async () => {
    const { page, pageErrors, close } = await openConsole(`/templateMenage/${projectId}`);

    // A template through the schema-generated editor; a bad App Store address is refused first.
    await page.getByRole('button', { name: /New template/ }).click();
    await page.waitForURL(/\/templateMenage\/templateConfig\//);
    await page.getByLabel('Template name').fill(`iOSApp${stamp}`);
    await page.getByLabel('App Store address').fill('javascript:alert(1)');
    await page.getByRole('button', { name: /Save$/ }).click();
    await page.locator('.ant-form-item-explain-error').first().waitFor();
    expect(page.url()).toContain('/templateMenage/templateConfig/');
    // An internal address in any spelling is the engine's to refuse, in the form before submit.
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/api/link-templates')) posts.push(r.url());
    });
    await page.getByLabel('App Store address').fill('http://0x7f.1:22/');
    await page.getByRole('button', { name: /Save$/ }).click();
    await page
      .getByText(/Must be a public address/)
      .first()
      .waitFor();
    expect(posts).toEqual([]);
    await page.getByLabel('App Store address').fill(APP_STORE);
    await page.getByRole('button', { name: /Save$/ }).click();
    await page.waitForURL((url) => url.pathname === `/templateMenage/${projectId}`);
    const row = page.getByRole('row', { name: new RegExp(`iOSApp${stamp}`) });
    await row.waitFor();

    // A link from that template: the id is suggested by the server, tags are typed in.
    await row.getByRole('button', { name: /Create link/ }).click();
    await page.waitForURL(/\/manageLink\/linkConfig\//);
    const suggested = page.getByLabel('Link id (6 characters)');
    await expect.poll(() => suggested.inputValue()).toMatch(/^[A-Za-z0-9]{6}$/);
    await page.getByLabel('Link name').fill(`Spring${stamp}`);
    await page.getByLabel('Tags (up to 10)').fill('spring');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: /Save$/ }).click();
    await page.waitForURL(/\/manageLink\/[^/]+\/report\//);
    const linkUrl = (await page.getByTestId('link-url').innerText()).trim();
    expect(linkUrl).toMatch(new RegExp(`^http://dl${stamp}\\.localhost:\\d+/[A-Za-z0-9]{6}$`));
    const totalClicks = page.getByTestId('total-clicks').locator('.ant-statistic-content-value');
    await expect.poll(() => totalClicks.innerText()).toBe('0');

    // The phone: the redirector sends it on to the template's App Store address. The store is
    // outside this closed network, so the browser's last step may fail: the redirect chain is
    // what is checked.
    const phone = await browser.newContext({ userAgent: IPHONE_UA, viewport: { width: 390, height: 844 } });
    const phonePage = await phone.newPage();
    const storeRequest = phonePage.waitForRequest((request) => request.url() === APP_STORE);
    await phonePage.goto(linkUrl).catch(() => undefined);
    const redirect = (await storeRequest).redirectedFrom();
    expect(redirect?.url()).toBe(linkUrl);
    expect((await redirect?.response())?.status()).toBe(302);
    await phone.close();

    // Clicks are written in batches (about every second): the report shows it soon after. The
    // totals and the event details are two requests, so a reload can land between them while the
    // click is being loaded: wait until both show it.
    const details = page.getByTestId('event-details');
    const iosCells = details.getByRole('cell', { name: 'iOS', exact: true });
    await expect
      .poll(
        async () => {
          await page.reload();
          await totalClicks.waitFor();
          await details.locator('.ant-table-tbody').waitFor();
          await page.waitForLoadState('networkidle');
          return `${await totalClicks.innerText()} clicks, ${(await iosCells.count()) > 0 ? 'iOS row' : 'no row'}`;
        },
        { timeout: 20_000, interval: 1_000 },
      )
      .toBe('1 clicks, iOS row');
    await iosCells.first().waitFor();
    await details.getByRole('cell', { name: 'Click', exact: true }).first().waitFor();

    // The list shows the link with its click and its tag.
    await page.goto(`/manageLink/${projectId}`);
    const linkRow = page.getByRole('row', { name: new RegExp(`Spring${stamp}`) });
    await linkRow.waitFor();
    await expect(linkRow.innerText()).resolves.toContain('spring');

    // Channel analytics counts it (a link without utm source: "Direct"); presets longer than
    // the 10-day query limit are not offered.
    await page.goto(`/channelAnalytics/${projectId}`);
    const channels = page.getByTestId('channel-breakdown');
    await channels.getByRole('row', { name: /Direct/ }).waitFor();
    await expect(channels.getByRole('row', { name: /Direct/ }).innerText()).resolves.toMatch(/Direct\s+1\b/);
    await expect(page.getByRole('radio', { name: 'Last 30 days' }).isDisabled()).resolves.toBe(true);
    await expect(page.getByRole('radio', { name: 'Last 7 days' }).isChecked()).resolves.toBe(true);

    expect(pageErrors).toEqual([]);
    await close();
  });

  it('warns about a template and a link with nowhere to go, before and after save; visitors are told so', async () => {
    // A project without redirect settings, so a template with only a name sends nobody anywhere.
    const bare = (
      await api<{ id: string }>('POST', '/api/projects', {
        body: { name: 'Bare links', domainPrefix: `nd${stamp}` },
        token,
      })
    ).id;
    const { page, context, pageErrors } = await openSignedIn(
      browser,
      `/templateMenage/${bare}`,
      sessionData,
      bare,
    );
    const warning = page.getByTestId('no-destination');

    // Before save: the form warns while nothing is set, and stops once an App Store address is.
    await page.getByRole('button', { name: /New template/ }).click();
    await page.waitForURL(/\/templateMenage\/templateConfig\//);
    await warning
      .filter({ hasText: 'Links following this template have nowhere to send visitors' })
      .waitFor();
    await page.getByLabel('Template name').fill(`Empty${stamp}`);
    const appStore = page.getByLabel('App Store address');
    await appStore.fill(APP_STORE);
    await appStore.press('Tab');
    await expect.poll(() => warning.count()).toBe(0);
    await appStore.fill('');
    await appStore.press('Tab');
    await warning.waitFor();
    // A warning, not a refusal: the template is saved, and the save says it goes nowhere yet.
    await page.getByRole('button', { name: /Save$/ }).click();
    await page.waitForURL((url) => url.pathname === `/templateMenage/${bare}`);
    await page.getByText('Saved, but visitors have nowhere to go yet').waitFor();
    const templateRow = page.getByRole('row', { name: new RegExp(`Empty${stamp}`) });
    await templateRow.getByTestId('no-destination-tag').filter({ hasText: 'No destination' }).waitFor();

    // A link on it: the editor names the template; the list marks the link.
    await templateRow.getByRole('button', { name: /Create link/ }).click();
    await page.waitForURL(/\/manageLink\/linkConfig\//);
    await warning.filter({ hasText: 'This link has nowhere to send visitors' }).waitFor();
    await expect(warning.innerText()).resolves.toContain(`Its template "Empty${stamp}" sets no store`);
    await page.getByLabel('Link name').fill(`Nowhere${stamp}`);
    await page.getByRole('button', { name: /Save$/ }).click();
    await page.waitForURL(/\/manageLink\/[^/]+\/report\//);
    const linkUrl = (await page.getByTestId('link-url').innerText()).trim();
    await page.goto(`/manageLink/${bare}`);
    const linkRow = page.getByRole('row', { name: new RegExp(`Nowhere${stamp}`) });
    await linkRow.getByTestId('no-destination-tag').waitFor();

    // Visitors: "no destination yet" in their language, not "link not found", and nothing more.
    for (const [locale, expected, notFound] of [
      ['en-US', 'This link has no destination yet', 'Link not found'],
      ['zh-CN', '链接暂无目标地址', '链接不存在'],
    ] as const) {
      const phone = await browser.newContext({
        userAgent: IPHONE_UA,
        locale,
        viewport: { width: 390, height: 844 },
      });
      const phonePage = await phone.newPage();
      const response = await phonePage.goto(linkUrl);
      expect(response?.status()).toBe(404);
      await phonePage.getByRole('heading', { name: expected }).waitFor();
      const text = await phonePage.locator('body').innerText();
      expect(text).not.toContain(notFound);
      for (const secret of ['Bare links', `Empty${stamp}`, `Nowhere${stamp}`])
        expect(text).not.toContain(secret);
      const missing = await phonePage.goto(linkUrl.replace(/[A-Za-z0-9]{6}$/, 'Zz9Zz9'));
      expect(missing?.status()).toBe(404);
      await phonePage.getByRole('heading', { name: notFound }).waitFor();
      await phone.close();
    }

    // The Chinese console warns in Chinese.
    const zh = await openPage(browser, '/login');
    await storeSession(zh.page, sessionData, { projectId: bare, lng: 'zhCN' });
    await zh.page.goto(`/templateMenage/templateConfig/${bare}`);
    await zh.page
      .getByTestId('no-destination')
      .filter({ hasText: '使用此模板的链接无法把访问者送往任何地址' })
      .waitFor();
    expect(zh.pageErrors).toEqual([]);
    await zh.context.close();

    // A default redirect address gives them a destination, and the console follows at once
    // (in-app: the editor's warning and the list's cached marker).
    await linkRow.getByRole('button', { name: 'Edit' }).click();
    await warning.getByRole('link', { name: 'Redirect settings' }).click();
    await page.waitForURL(/\/redirectSetting\//);
    await page.getByLabel('Default address').fill('https://example.com/home');
    await page.getByRole('button', { name: /Save$/ }).click();
    await page.getByText('Saved').first().waitFor();
    await page.goBack();
    await page.getByLabel('Link name').waitFor();
    await expect.poll(() => warning.count()).toBe(0);
    await page.goBack();
    await linkRow.waitFor();
    await expect.poll(() => linkRow.getByTestId('no-destination-tag').count()).toBe(0);

    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('keeps the tag and event lists: rename a tag, add, refuse a taken key, edit and delete an event', async () => {
    await api('POST', '/api/tags', { body: { name: `autumn${stamp}` }, token, projectId });
    const { page, pageErrors, close } = await openConsole(`/manageTag/${projectId}`);

    // Rename a tag in its dialog.
    const tagRow = page.getByRole('row', { name: new RegExp(`autumn${stamp}`) });
    await tagRow.getByRole('button', { name: 'Edit' }).click();
    let dialog = page.getByRole('dialog');
    await dialog.getByLabel('Tag name').fill(`fall${stamp}`);
    await dialog.getByRole('button', { name: /Save$/ }).click();
    await page.getByRole('row', { name: new RegExp(`fall${stamp}`) }).waitFor();
    await expect.poll(() => tagRow.count()).toBe(0);

    // Events: the schema-generated form; the server's "key taken" lands under the key field.
    await api('POST', '/api/events', { body: { key: `signup_${stamp}`, name: 'Sign-up' }, token, projectId });
    await page.goto(`/manageEvent/${projectId}`);
    await page.getByRole('row', { name: new RegExp(`signup_${stamp}`) }).waitFor();
    await page.getByRole('button', { name: /New event/ }).click();
    dialog = page.getByRole('dialog');
    await dialog.getByLabel('Event key').fill(`signup_${stamp}`);
    await dialog.getByLabel('Event name').fill('Again');
    await dialog.getByRole('button', { name: /Save$/ }).click();
    await dialog.getByText('This event key already exists').waitFor();
    await dialog.getByLabel('Event key').fill(`pay_${stamp}`);
    await dialog.getByRole('button', { name: /Save$/ }).click();
    const payRow = page.getByRole('row', { name: new RegExp(`pay_${stamp}`) });
    await payRow.waitFor();
    await payRow.getByRole('button', { name: 'Edit' }).click();
    dialog = page.getByRole('dialog');
    await dialog.getByLabel('Event name').fill('Payment');
    await dialog.getByRole('button', { name: /Save$/ }).click();
    await page.getByRole('row', { name: new RegExp(`pay_${stamp}\\s*Payment`) }).waitFor();
    await page
      .getByRole('row', { name: new RegExp(`pay_${stamp}`) })
      .getByRole('button', { name: 'Delete' })
      .click();
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /OK|Delete/ })
      .click();
    await expect.poll(() => page.getByRole('row', { name: new RegExp(`pay_${stamp}`) }).count()).toBe(0);

    expect(pageErrors).toEqual([]);
    await close();
  });
});
