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

// The risk blocklist page on the real server: an address range added through the form (the
// form refuses a bad line first, in the console's language, before anything is sent), listed
// normalized, its audit row shown, then removed after a confirmation, which the audit trail
// records too.

let browser: Browser;
let session: Session;
let projectId = '';
const stamp = Date.now().toString(36).slice(-6);

beforeAll(async () => {
  browser = await launchBrowser();
  ({ session } = await signUpViaApi('risk', 'Risk Co'));
  projectId = (
    await api<{ id: string }>('POST', '/api/projects', {
      body: { name: 'Risk', domainPrefix: `rk${stamp}` },
      token: session.token,
    })
  ).id;
});

afterAll(async () => {
  await browser?.close();
});

/** The URLs of POSTs the page sends to `part` from now on. */
function postsTo(page: Page, part: string): string[] {
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes(part)) posts.push(r.url());
  });
  return posts;
}

describe('risk blocklist', () => {
  it('adds an address range, lists it, shows its audit rows and removes it', async () => {
    const { page, context, pageErrors } = await openSignedIn(
      browser,
      `/riskBlocklist/${projectId}`,
      session,
      projectId,
    );
    await page.getByRole('heading', { name: 'Risk blocklist' }).waitFor();
    const posts = postsTo(page, '/api/risk/blocklist');
    await page.getByRole('button', { name: /Add to blocklist/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('IP address', { exact: true }).click();
    await dialog.getByLabel('Values').fill('203.0.113.0/24\n010.0.0.1');
    await dialog.getByRole('button', { name: /Save$/ }).click();
    await dialog
      .getByText('Line 2: No leading zeros in an IPv4 part or a prefix (write 10.0.0.1, not 010.0.0.1)')
      .waitFor();
    expect(posts).toEqual([]);

    await dialog.getByLabel('Values').fill('203.0.113.7/24\n\n2001:DB8::/64');
    await dialog.getByLabel('Note').fill(`farm ${stamp}`);
    await dialog.getByRole('button', { name: /Save$/ }).click();
    await page.getByText('2 entries added').waitFor();
    expect(posts).toHaveLength(1);
    const table = page.getByTestId('risk-blocklist');
    const subnet = table.getByRole('row', { name: /203\.0\.113\.0\/24/ });
    await subnet.waitFor();
    await expect.poll(() => subnet.innerText()).toContain(`farm ${stamp}`);
    await table.getByRole('row', { name: /2001:db8::\/64/ }).waitFor();

    await page.getByRole('tab', { name: 'Audit trail' }).click();
    const audit = page.getByTestId('risk-audit');
    await audit.getByRole('row', { name: /Blocked.*203\.0\.113\.0\/24.*IP address/ }).waitFor();

    await page.getByRole('tab', { name: 'Blocklist' }).click();
    await subnet.getByRole('button', { name: 'Delete' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => subnet.count()).toBe(0);
    await page.getByRole('tab', { name: 'Audit trail' }).click();
    await audit.getByRole('row', { name: /Unblocked.*203\.0\.113\.0\/24/ }).waitFor();
    await expect.poll(() => audit.getByRole('row', { name: /203\.0\.113\.0\/24/ }).count()).toBe(2);

    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('says why an address is refused in Chinese, before anything is sent', async () => {
    const { page, context, pageErrors } = await openPage(browser, '/login');
    await storeSession(page, session, { projectId, lng: 'zhCN' });
    await page.goto(`/riskBlocklist/${projectId}`);
    const posts = postsTo(page, '/api/risk/blocklist');
    await page.getByRole('button', { name: /添加到黑名单/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('IP 地址', { exact: true }).click();
    await dialog.getByLabel('值').fill('fe80::1%eth0');
    await dialog.locator('.ant-btn-primary').click();
    await dialog.getByText('第 1 行：请去掉区域标识（% 及其后部分）：它只指某台机器的网络接口').waitFor();
    expect(posts).toEqual([]);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
