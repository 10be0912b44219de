import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import {
  api,
  BASE_URL,
  launchBrowser,
  openPage,
  openSignedIn,
  signUpViaApi,
  storeSession,
  uniqueEmail,
  type Session,
} from './browser';

// SDK integration through the console on the real server. A new project's page leads to a first
// event: the snippets carry the project's access key, the events curl is copied and posted as a
// native app would, and the "waiting for your first event" check turns green without a reload;
// the steps follow the status. A project starts "not integrated"; events posted over HTTP with the project's access key (as the traffic generator
// and the SDKs do) move it through "in progress" (test device only) and "partial" (an SDK below
// v2.0) to "complete"; the event logs highlight the test device; a new overview dashboard shows
// the figures. Then the access key rule: the owner refreshes it after re-entering the password,
// an operator sees the owner-only notice and a disabled control; and the IP whitelist refuses a caller,
// which the request logs show. Last, the traffic generator (npm run simulate) drives a fresh
// project over HTTP and the console shows what it reported.

let browser: Browser;
let token = '';
let projectId = '';
let accessKey = '';
let ownerEmail = '';
let session: Session;
const stamp = Date.now().toString(36).slice(-6);

interface SdkEvent {
  name: string;
  deviceId: string;
  platform: 'ios' | 'android' | 'web';
  sdkVersion?: string;
  /** Seconds before now. */
  ago?: number;
  data?: Record<string, unknown>;
}

let sequence = 0;

/** Posts one batch to the ingestion endpoint with an access key, as an SDK would. */
async function report(events: SdkEvent[], key = accessKey) {
  const now = Date.now();
  const response = await fetch(`${BASE_URL}/api/sdk/v1/events`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-access-key': key },
    body: JSON.stringify({
      events: events.map(({ ago = 0, ...event }) => ({
        eventId: `${stamp}-${(sequence += 1)}`,
        time: new Date(now - ago * 1000).toISOString(),
        ...event,
      })),
    }),
  });
  const body = (await response.json()) as {
    data: { accepted: number; duplicates: number; rejected: unknown[] };
  };
  return { status: response.status, ...body.data };
}

beforeAll(async () => {
  browser = await launchBrowser();
  ({ email: ownerEmail, session } = await signUpViaApi('sdk', 'Sdk Works'));
  token = session.token;
  projectId = (
    await api<{ id: string }>('POST', '/api/projects', {
      body: { name: 'App', domainPrefix: `sdk-${stamp}` },
      token,
    })
  ).id;
  accessKey = (await api<{ accessKey: string }>('GET', '/api/access-key', { token, projectId })).accessKey;
});

afterAll(async () => {
  await browser?.close();
});

/** A page signed in with a stored session (what the login screen writes), in English. */
function signedInPage(path: string, stored = session, project = projectId) {
  return openSignedIn(browser, path, stored, project);
}

/**
 * Chooses an option of an antd select, opening it again if a click landed during an animation.
 * Waits for every dropdown to be gone before and after: a closing list still covers the field
 * below it, and a click there would choose one of its options instead.
 */
async function pick(page: Page, scope: Locator, label: string, option: string): Promise<void> {
  const open = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  const item = open.locator('.ant-select-item-option', { hasText: new RegExp(`^${option}$`) });
  await expect.poll(() => open.count(), { timeout: 60_000 }).toBe(0);
  await expect
    .poll(
      async () => {
        if (!(await item.isVisible())) await scope.getByLabel(label).click({ force: true });
        return item.isVisible();
      },
      { timeout: 60_000 },
    )
    .toBe(true);
  await item.click();
  await expect.poll(() => open.count(), { timeout: 60_000 }).toBe(0);
}

async function expectStatus(page: Page, text: string): Promise<void> {
  await page.getByTestId('sdk-refresh').click();
  await page
    .getByTestId('sdk-status')
    .filter({ hasText: new RegExp(`^${text}$`) })
    .waitFor();
}

/** The integration steps' states (antd's item classes), in order, once they are these. */
async function expectSteps(page: Page, states: string[]): Promise<void> {
  const items = page.getByTestId('sdk-steps').locator('.ant-steps-item');
  await expect
    .poll(async () =>
      (await items.evaluateAll((nodes) => nodes.map((node) => node.className))).map(
        (name) => /ant-steps-item-(wait|process|finish|error)/.exec(name)?.[1],
      ),
    )
    .toEqual(states);
}

/** The text of a code block of the get-started guide. */
function code(page: Page, testId: string): Promise<string> {
  return page.getByTestId(testId).locator('pre').innerText();
}

describe('SDK integration', () => {
  it('goes from not integrated to complete as events arrive, and the overview shows them', async () => {
    const { page, context, pageErrors } = await signedInPage(`/sdkIntegrate/${projectId}`);
    await page
      .getByTestId('sdk-status')
      .filter({ hasText: /^Not integrated$/ })
      .waitFor();
    await page.getByText('No install, open or launch received yet').waitFor();
    await page.getByTestId('sdk-first-event').filter({ hasText: 'Waiting for your first event' }).waitFor();

    // A test device, added through its page.
    const testDevice = `qa-pixel-${stamp}`;
    await page.goto(`/testDevice/${projectId}`);
    await page.getByRole('button', { name: /Add test device/ }).click();
    let dialog = page.getByRole('dialog');
    await dialog.getByLabel('Device name').fill('QA Pixel');
    await dialog.getByLabel('Device ID').fill(testDevice);
    await dialog.getByRole('button', { name: /^Save$/ }).click();
    await page.getByRole('cell', { name: 'QA Pixel' }).waitFor();

    // Only the test device reports: integration is in progress.
    let answer = await report([
      { name: 'install', deviceId: testDevice, platform: 'android', sdkVersion: '2.2.0', ago: 120 },
      { name: 'open', deviceId: testDevice, platform: 'android', sdkVersion: '2.2.0', ago: 110 },
    ]);
    expect(answer).toMatchObject({ status: 200, accepted: 2, duplicates: 0, rejected: [] });
    await page.goto(`/sdkIntegrate/${projectId}`);
    await expectStatus(page, 'Integration in progress');

    // A real phone with an old SDK: partial, and the version is too low.
    answer = await report([
      { name: 'install', deviceId: `phone-a-${stamp}`, platform: 'android', sdkVersion: '1.8.0', ago: 60 },
    ]);
    expect(answer.accepted).toBe(1);
    await expectStatus(page, 'Partially integrated');
    await page.getByTestId('sdk-too-low').filter({ hasText: 'SDK version is too low' }).waitFor();

    // Current SDKs on Android and iOS send every required event: complete.
    answer = await report([
      { name: 'install', deviceId: `phone-b-${stamp}`, platform: 'android', sdkVersion: '2.3.0', ago: 5 },
      { name: 'open', deviceId: `phone-b-${stamp}`, platform: 'android', sdkVersion: '2.3.0', ago: 4 },
      { name: 'install', deviceId: `phone-c-${stamp}`, platform: 'ios', sdkVersion: '2.3.0', ago: 3 },
      { name: 'launch', deviceId: `phone-c-${stamp}`, platform: 'ios', sdkVersion: '2.3.0', ago: 2 },
    ]);
    expect(answer.accepted).toBe(4);
    // A retry of the same batch is not counted twice.
    sequence -= 4;
    const retry = await report([
      { name: 'install', deviceId: `phone-b-${stamp}`, platform: 'android', sdkVersion: '2.3.0', ago: 5 },
      { name: 'open', deviceId: `phone-b-${stamp}`, platform: 'android', sdkVersion: '2.3.0', ago: 4 },
      { name: 'install', deviceId: `phone-c-${stamp}`, platform: 'ios', sdkVersion: '2.3.0', ago: 3 },
      { name: 'launch', deviceId: `phone-c-${stamp}`, platform: 'ios', sdkVersion: '2.3.0', ago: 2 },
    ]);
    expect(retry).toMatchObject({ accepted: 0, duplicates: 4 });
    await expectStatus(page, 'Integration complete');
    // Complete: every step finished, the test device's one included.
    await expectSteps(page, ['finish', 'finish', 'finish', 'finish']);
    await page.getByTestId('sdk-steps').getByText('A test device reported').waitFor();
    expect(await page.getByTestId('sdk-too-low').count()).toBe(0);
    await expect(page.getByTestId('sdk-latest-version').textContent()).resolves.toContain('2.3.0');
    // The launch records hold what arrived, the test device's rows marked.
    const launches = page.getByTestId('launch-records');
    await launches
      .getByRole('cell', { name: `phone-c-${stamp}` })
      .first()
      .waitFor();
    expect(await launches.locator('tr.gc-test-device-row').count()).toBe(2);

    // Event logs: every event of today, the test device's highlighted.
    await page.goto(`/eventLogs/${projectId}`);
    await page.getByTestId('event-log-count').filter({ hasText: '7 events shown' }).waitFor();
    expect(await page.locator('tr.gc-test-device-row').count()).toBe(2);
    await page.getByText('Test devices only').click();
    await page.getByTestId('event-log-count').filter({ hasText: '2 events shown' }).waitFor();

    // Enough page views from one phone for a thousands separator.
    for (let batch = 0; batch < 3; batch += 1) {
      answer = await report(
        Array.from({ length: 400 }, () => ({
          name: 'page_view',
          deviceId: `phone-b-${stamp}`,
          platform: 'android' as const,
          sdkVersion: '2.3.0',
          ago: 1,
        })),
      );
      expect(answer.accepted).toBe(400);
    }

    // The overview: no dashboard yet; a new one starts with the standard widgets.
    await page.goto(`/overview/${projectId}`);
    await page.getByTestId('no-dashboards').waitFor();
    await page
      .getByRole('button', { name: /New dashboard/ })
      .first()
      .click();
    dialog = page.getByRole('dialog');
    await dialog.getByLabel('Dashboard name').fill('Growth');
    await dialog.getByRole('button', { name: /^Save$/ }).click();
    await page.getByTestId('overview-widget').nth(4).waitFor();
    const summary = page.getByTestId('summary-numbers');
    await summary
      .getByTestId('number-activeDevices')
      .filter({ hasText: /^Active devices4$/ })
      .waitFor();
    await summary
      .getByTestId('number-newDevices')
      .filter({ hasText: /^New devices4$/ })
      .waitFor();
    await summary
      .getByTestId('number-events')
      .filter({ hasText: /^Events1,207$/ })
      .waitFor();
    // The charts are drawn by G2 (loaded with the first chart).
    await page.getByRole('img', { name: 'DAU / WAU / MAU' }).locator('canvas').waitFor();

    // Add a widget: events by platform as columns.
    await page.getByRole('button', { name: /Add widget/ }).click();
    dialog = page.getByRole('dialog');
    await pick(page, dialog, 'Metric', 'Events');
    await pick(page, dialog, 'Group by', 'Platform');
    await pick(page, dialog, 'Chart', 'Table');
    await dialog.getByRole('button', { name: /^Save$/ }).click();
    const added = page.getByTestId('overview-widget').nth(5);
    await added.getByText('Events by Platform').waitFor();
    await added.getByRole('row', { name: /Android\s+1,205/ }).waitFor();
    await added.getByRole('row', { name: /iOS\s+2/ }).waitFor();

    // The dashboard was saved: it is there after a reload, as the default.
    await page.reload();
    await page.getByTestId('overview-widget').nth(5).getByText('Events by Platform').waitFor();
    const saved = await api<{ items: Array<{ name: string; isDefault: boolean; widgets: unknown[] }> }>(
      'GET',
      '/api/overviews',
      { token, projectId },
    );
    expect(saved.items).toEqual([expect.objectContaining({ name: 'Growth', isDefault: true })]);
    expect(saved.items[0].widgets).toHaveLength(6);

    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('lets only the owner refresh the access key, and the IP whitelist refuses other callers', async () => {
    // An operator with edit permission on the project.
    const operatorEmail = uniqueEmail('op');
    await api('POST', '/api/members', {
      body: {
        name: 'Otto Operator',
        email: operatorEmail,
        role: 'operator',
        password: 'secret123',
        confirmPassword: 'secret123',
        projects: [{ projectId, permission: 'edit' }],
      },
      token,
      projectId,
    });
    const operator = await api<Session>('POST', '/api/auth/login', {
      body: { email: operatorEmail, password: 'secret123' },
    });
    const asOperator = await signedInPage(`/accessToken/${projectId}`, operator);
    await asOperator.page
      .getByText("You don't have permission to refresh the token, please contact the project administrator")
      .first()
      .waitFor();
    expect(await asOperator.page.getByTestId('refresh-access-key').isDisabled()).toBe(true);
    // The integration guide shows every member the access key (as the access key card does),
    // never the API secret, which only managers see on the access token page.
    await asOperator.page.goto(`/sdkIntegrate/${projectId}`);
    await asOperator.page.getByTestId('sdk-guide-toggle').click();
    await asOperator.page.getByTestId('sdk-snippet-script').filter({ hasText: accessKey }).waitFor();
    const secret = (await api<{ apiSecret: string }>('GET', '/api/access-key', { token, projectId }))
      .apiSecret;
    expect(await asOperator.page.getByTestId('sdk-get-started').innerText()).not.toContain(secret);
    expect(asOperator.pageErrors).toEqual([]);
    await asOperator.context.close();

    const { page, context, pageErrors } = await signedInPage(`/accessToken/${projectId}`);
    const shown = page.getByTestId('access-key');
    await shown.waitFor();
    // Masked until revealed.
    expect(await shown.textContent()).not.toContain(accessKey);
    await page.getByRole('button', { name: 'Show the access key' }).click();
    await shown.filter({ hasText: accessKey }).waitFor();

    // A wrong password is refused under the field; the right one replaces the key.
    await page.getByTestId('refresh-access-key').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByLabel('Username').inputValue()).resolves.toBe(ownerEmail);
    await dialog.getByLabel('Password').fill('not-the-password');
    await dialog.getByRole('button', { name: /^Refresh token$/ }).click();
    await dialog.getByText('Username or password is incorrect, please check.').waitFor();
    await dialog.getByLabel('Password').fill('secret123');
    await dialog.getByRole('button', { name: /^Refresh token$/ }).click();
    await page.getByText('Token refreshed').first().waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const fresh = (await api<{ accessKey: string }>('GET', '/api/access-key', { token, projectId }))
      .accessKey;
    expect(fresh).not.toBe(accessKey);
    await shown.filter({ hasText: fresh }).waitFor();
    const event = {
      name: 'open',
      deviceId: `phone-b-${stamp}`,
      platform: 'android' as const,
      sdkVersion: '2.3.0',
    };
    expect((await report([event], accessKey)).status).toBe(401);
    accessKey = fresh;

    // The token callback refuses an internal address (cloud metadata, IPv4-mapped) in the form.
    const tokenCallback = page.getByLabel('Token callback address');
    await tokenCallback.fill('http://[::ffff:169.254.169.254]/latest');
    await page.getByRole('button', { name: /^Save$/ }).click();
    await page.getByText(/^Must be a public address/).waitFor();
    await tokenCallback.fill('');

    // A whitelist that leaves this machine out: the SDK call is refused and logged.
    const whitelist = page.getByLabel('IP whitelist');
    await whitelist.fill('10.0.0.999');
    await whitelist.press('Enter');
    await page.getByRole('button', { name: /^Save$/ }).click();
    await page.getByText('Not an IP address or CIDR block: 10.0.0.999').waitFor();
    await page.locator('.ant-select-selection-item-remove').first().click();
    await whitelist.fill('203.0.113.0/24');
    await whitelist.press('Enter');
    await page.getByRole('button', { name: /^Save$/ }).click();
    await page.getByText('Saved').first().waitFor();
    expect(
      (await api<{ ipWhitelist: string[] }>('GET', '/api/dev-config', { token, projectId })).ipWhitelist,
    ).toEqual(['203.0.113.0/24']);
    expect((await report([event])).status).toBe(403);

    await page.reload();
    const logs = page.getByTestId('request-logs');
    const refused = logs
      .locator('tr.ant-table-row', { hasText: '/api/sdk/v1/events' })
      .filter({ hasText: '403' });
    await refused.first().waitFor();
    // A row opens to the full record, headers with the key masked.
    await refused
      .first()
      .getByRole('button', { name: /expand/i })
      .click();
    const detail = logs.locator('.ant-table-expanded-row').first();
    await detail.getByText('Header info').waitFor();
    expect(await detail.textContent()).not.toContain(accessKey);

    await page.goto(`/sdkIntegrate/${projectId}`);
    await page
      .getByTestId('sdk-status')
      .filter({ hasText: /^Integration failed$/ })
      .waitFor();
    // Events arrived before: going live is the failed step, with the refusal.
    await expectSteps(page, ['finish', 'finish', 'finish', 'error']);
    await page
      .getByTestId('sdk-steps')
      .locator('.ant-steps-item-error')
      .getByText('/api/sdk/v1/events (HTTP 403)')
      .waitFor();

    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('leads a new project from nothing to a first event', async () => {
    const fresh = (
      await api<{ id: string }>('POST', '/api/projects', {
        body: { name: 'First event', domainPrefix: `first-${stamp}` },
        token,
        projectId,
      })
    ).id;
    const keys = await api<{ accessKey: string; apiSecret: string }>('GET', '/api/access-key', {
      token,
      projectId: fresh,
    });
    const { page, context, pageErrors } = await signedInPage(`/sdkIntegrate/${fresh}`, session, fresh);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const check = page.getByTestId('sdk-first-event');
    await check.filter({ hasText: 'Waiting for your first event' }).waitFor();
    expect(await check.getAttribute('data-state')).toBe('waiting');
    // Nothing configured, nothing received: the first step is the one to do.
    await expectSteps(page, ['process', 'wait', 'wait', 'wait']);

    // The guide: base URL, the project's access key in the web snippets, the API docs.
    await page.getByTestId('sdk-base-url').filter({ hasText: BASE_URL }).waitFor();
    await page.getByTestId('sdk-access-key').filter({ hasText: keys.accessKey }).waitFor();
    const script = await code(page, 'sdk-snippet-script');
    expect(script).toContain(`${BASE_URL}/sdk/v1/gc.js`);
    expect(script).toContain(keys.accessKey);
    expect(await code(page, 'sdk-snippet-esm')).toContain(keys.accessKey);
    const docs = page.getByTestId('sdk-api-docs');
    expect(await docs.getAttribute('href')).toBe('/api/docs');
    expect(await docs.getAttribute('target')).toBe('_blank');
    expect((await fetch(`${BASE_URL}/api/docs/json`)).status).toBe(200);
    // The hand-off examples read the API secret from the environment: it is not on the page.
    await page.getByRole('tab', { name: 'Shell (openssl)' }).click();
    expect(await code(page, 'sdk-handoff-shell')).toContain('openssl dgst -sha256 -hmac "$GC_API_SECRET"');
    expect(await page.getByTestId('sdk-get-started').innerText()).not.toContain(keys.apiSecret);

    /** Copies a curl example with its button and posts it as the command would. */
    async function copyAndPost(testId: string) {
      const shown = await code(page, testId);
      await page.getByTestId(testId).getByRole('button', { name: 'Copy' }).click();
      await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(shown);
      const url = /^curl -X POST '([^']+)'/.exec(shown)?.[1];
      const header = /-H 'X-Access-Key: ([^']+)'/.exec(shown)?.[1];
      const body = /-d '([\s\S]+)'$/.exec(shown)?.[1];
      expect(header).toBe(keys.accessKey);
      const response = await fetch(url!, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-access-key': header! },
        body: body!,
      });
      return {
        shown,
        url,
        status: response.status,
        body: ((await response.json()) as { data: unknown }).data,
      };
    }

    // A refused call first (an event name the project does not define): still waiting, and the
    // check says why, without a reload.
    const refused = await report(
      [{ name: 'not_defined_here', deviceId: `curl-${stamp}`, platform: 'android' }],
      keys.accessKey,
    );
    expect(refused.accepted).toBe(0);
    await page.getByTestId('sdk-first-event-refused').filter({ hasText: '/api/sdk/v1/events' }).waitFor();
    expect(await check.getAttribute('data-state')).toBe('waiting');

    // The events curl, copied and sent as a native app would: the check turns green by itself.
    const sent = await copyAndPost('sdk-curl-events');
    expect(sent.url).toBe(`${BASE_URL}/api/sdk/v1/events`);
    expect(sent).toMatchObject({ status: 200, body: { accepted: 1, duplicates: 0, rejected: [] } });
    await check.filter({ hasText: 'First event received' }).waitFor({ timeout: 60_000 });
    expect(await check.getAttribute('data-state')).toBe('received');
    await check.filter({ hasText: /open from Android/ }).waitFor();
    // Every copy is a fresh event.
    expect(await code(page, 'sdk-curl-events')).not.toBe(sent.shown);
    // An open alone on Android: partial, and the steps say what is missing.
    await page
      .getByTestId('sdk-status')
      .filter({ hasText: /^Partially integrated$/ })
      .waitFor();
    await expectSteps(page, ['finish', 'finish', 'finish', 'process']);
    await page.getByTestId('sdk-steps').getByText('Still missing: Android: install').waitFor();

    // The install report of the same device completes it; testing on a device stays optional.
    const installed = await copyAndPost('sdk-curl-attribution');
    expect(installed).toMatchObject({ status: 200, body: { matched: false } });
    await expectStatus(page, 'Integration complete');
    await expectSteps(page, ['finish', 'finish', 'finish', 'finish']);
    await page.getByTestId('sdk-steps').getByText('Optional: no test device used').waitFor();

    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('says which event keys a batch had refused: a warning in the console language, a failure only when all were', async () => {
    const fresh = (
      await api<{ id: string }>('POST', '/api/projects', {
        body: { name: 'Refusals', domainPrefix: `ref-${stamp}` },
        token,
        projectId,
      })
    ).id;
    const key = (await api<{ accessKey: string }>('GET', '/api/access-key', { token, projectId: fresh }))
      .accessKey;
    const device = `ref-${stamp}`;
    // A good batch with one event key the project never defined: the rest is stored.
    const mixed = await report(
      [
        { name: 'install', deviceId: device, platform: 'android', sdkVersion: '2.3.0', ago: 60 },
        { name: 'open', deviceId: device, platform: 'android', sdkVersion: '2.3.0', ago: 30 },
        { name: 'vip_purchase', deviceId: device, platform: 'android', sdkVersion: '2.3.0' },
      ],
      key,
    );
    expect(mixed).toMatchObject({ status: 200, accepted: 2 });

    const { page, context, pageErrors } = await signedInPage(`/sdkIntegrate/${fresh}`, session, fresh);
    await page
      .getByTestId('sdk-status')
      .filter({ hasText: /^Integration complete$/ })
      .waitFor();
    await expectSteps(page, ['finish', 'finish', 'finish', 'finish']);
    const lastCall = page.getByTestId('sdk-last-call');
    await lastCall.filter({ hasText: '"vip_purchase" is not a defined event key' }).waitFor();
    expect(await lastCall.getAttribute('class')).toContain('ant-alert-warning');
    const warning = await lastCall.innerText();
    expect(warning).toContain('1 of 3 events were refused (the others were stored)');
    expect(warning).not.toMatch(/[\u4e00-\u9fff]/);
    expect(await page.getByText(/Integration failed|was refused\. Check the access key/).count()).toBe(0);
    await lastCall.getByRole('link', { name: 'Events' }).waitFor();

    // The request log says the same, as a warning.
    await page.goto(`/accessToken/${fresh}`);
    const logged = page
      .getByTestId('request-logs')
      .locator('tr.ant-table-row', { hasText: '/api/sdk/v1/events' })
      .first();
    await logged
      .locator('.ant-typography-warning', { hasText: '"vip_purchase" is not a defined event key' })
      .waitFor();

    // The Chinese console says it in Chinese, from the same stored row.
    const zh = await openPage(browser, '/login');
    await storeSession(zh.page, session, { projectId: fresh, lng: 'zhCN' });
    await zh.page.goto(`/sdkIntegrate/${fresh}`);
    await zh.page
      .getByTestId('sdk-status')
      .filter({ hasText: /^接入完成$/ })
      .waitFor();
    const zhCall = zh.page.getByTestId('sdk-last-call');
    await zhCall
      .filter({ hasText: '3 个事件中有 1 个被拒绝（其余已保存）：“vip_purchase” 不是已定义的事件 key' })
      .waitFor();
    expect(await zhCall.innerText()).not.toContain('is not a defined');
    expect(zh.pageErrors).toEqual([]);
    await zh.context.close();

    // A batch of nothing but the undefined key is refused whole: a failure, naming it.
    const whole = await report(
      [{ name: 'vip_purchase', deviceId: device, platform: 'android', sdkVersion: '2.3.0' }],
      key,
    );
    expect(whole).toMatchObject({ status: 200, accepted: 0 });
    await page.goto(`/sdkIntegrate/${fresh}`);
    await page
      .getByTestId('sdk-status')
      .filter({ hasText: /^Integration failed$/ })
      .waitFor();
    await lastCall
      .filter({ hasText: 'Every event of the batch was refused: "vip_purchase" is not a defined event key' })
      .waitFor();
    expect(await lastCall.getAttribute('class')).toContain('ant-alert-error');
    await expectSteps(page, ['finish', 'finish', 'finish', 'error']);
    await page
      .getByTestId('sdk-steps')
      .locator('.ant-steps-item-error')
      .getByText(/"vip_purchase" is not a defined event key/)
      .waitFor();

    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('shows what the traffic generator reports for a fresh project', async () => {
    const fresh = (
      await api<{ id: string }>('POST', '/api/projects', {
        body: { name: 'Simulated', domainPrefix: `sim-${stamp}` },
        token,
        projectId,
      })
    ).id;
    const key = (await api<{ accessKey: string }>('GET', '/api/access-key', { token, projectId: fresh }))
      .accessKey;
    const { page, context, pageErrors } = await signedInPage(`/sdkIntegrate/${fresh}`, session, fresh);
    await page
      .getByTestId('sdk-status')
      .filter({ hasText: /^Not integrated$/ })
      .waitFor();

    // The generator talks HTTP only: SDK batches with the access key, attribution reports.
    const root = join(import.meta.dirname, '..', '..');
    const run = promisify(execFile);
    const { stdout } = await run(
      'npx',
      [
        'tsx',
        'src/cli/simulate.ts',
        '--project',
        fresh,
        '--key',
        key,
        '--url',
        BASE_URL,
        '--days',
        '7',
        '--devices',
        '60',
        '--seed',
        '11',
      ],
      { cwd: root, timeout: 60_000 },
    );
    expect(stdout).toMatch(/events: [1-9][\d,]* accepted/);
    await expectStatus(page, 'Integration complete');

    // The audience page shows the server's figures, with thousands separators.
    const figures = await api<{ activeDevices: number; newDevices: number; events: number }>(
      'GET',
      '/api/analytics/summary',
      { token, projectId: fresh },
    );
    expect(figures.activeDevices).toBe(60);
    expect(figures.events).toBeGreaterThan(999);
    const grouped = (value: number) => new Intl.NumberFormat('en-US').format(value);
    await page.goto(`/audience/${fresh}`);
    const summary = page.getByTestId('summary-numbers');
    await summary
      .getByTestId('number-activeDevices')
      .filter({ hasText: /^Active devices60$/ })
      .waitFor();
    await summary
      .getByTestId('number-events')
      .filter({ hasText: `Events${grouped(figures.events)}` })
      .waitFor();
    // Devices first seen six days ago that came back the next day: a coloured retention cell.
    const cohorts = await api<{
      cohorts: Array<{ date: string; size: number; rates: Array<number | null> }>;
    }>('GET', '/api/analytics/retention?days=7', { token, projectId: fresh });
    const cohort = cohorts.cohorts.find((row) => row.size > 0 && (row.rates[1] ?? 0) > 0);
    expect(cohort).toBeDefined();
    const cell = page.getByTestId(`retention-${cohort!.date}-1`);
    await cell.filter({ hasText: `${Math.round(cohort!.rates[1]! * 1000) / 10}%` }).waitFor();
    expect(await cell.evaluate((element) => getComputedStyle(element).backgroundColor)).toMatch(
      /^rgba\(115, 103, 240/,
    );
    await page.getByRole('img', { name: 'DAU / WAU / MAU' }).locator('canvas').waitFor();

    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
