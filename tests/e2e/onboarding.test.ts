import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiCall, launchBrowser, openPage, uniqueEmail } from './browser';

// The whole first hour of a new customer, through the real UI on the real server:
// sign up (which logs in and opens the new-project dialog on home), create projects, switch
// between them, invite a member, see the member list, switch language, log out, log in again.
// Then a token that expires behind the page's back.

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

async function login(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: /^Log in$/ }).click();
}

async function createProject(page: Page, name: string, prefix: string): Promise<void> {
  await page.getByRole('button', { name: /New project/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Project name').fill(name);
  await dialog.getByLabel('Domain prefix').fill(prefix);
  await dialog.getByRole('button', { name: /^Save$/ }).click();
  await page.getByRole('cell', { name: new RegExp(`^${name}`) }).waitFor();
}

async function chooseProject(page: Page, name: string): Promise<void> {
  await page.getByTestId('project-switcher').click();
  await page.locator('.ant-select-item-option', { hasText: new RegExp(`^${name}$`) }).click();
}

describe('a new customer', () => {
  it('signs up, creates and switches projects, invites a member, switches language and logs out', async () => {
    const { page, context, pageErrors } = await openPage(browser, '/sign-up');
    const email = uniqueEmail('owner');
    const stamp = Date.now().toString(36).slice(-6);

    // zh-CN is the default; switch to English on the sign-up page itself.
    await page.getByRole('button', { name: /^注\s*册$/ }).waitFor();
    await page.getByTestId('language-switch').click();
    await page.getByRole('button', { name: /^Sign up$/ }).waitFor();

    // Bad input is refused in the form before anything is sent.
    await page.getByLabel('Company name').fill('Acme Growth');
    await page.getByLabel('E-mail').fill('not-an-email');
    await page.getByLabel('Password', { exact: true }).fill('secret123');
    await page.getByLabel('Confirm password').fill('secret124');
    await page.getByRole('button', { name: /^Sign up$/ }).click();
    await page.getByText('E-mail is not a valid email').first().waitFor();
    await page.getByText('The two passwords do not match').first().waitFor();
    expect(page.url()).toContain('/sign-up');

    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Confirm password').fill('secret123');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: /^Sign up$/ }).click();

    // Signed in at once: home, with the dialog of the first project open.
    const first = page.getByRole('dialog', { name: 'New project' });
    await first.waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await first.getByLabel('Project name').fill('Alpha');
    await first.getByLabel('Domain prefix').fill(`alpha-${stamp}`);
    await first.getByRole('button', { name: /^Save$/ }).click();
    await first.waitFor({ state: 'detached' });
    await page.locator('.gc-project-card', { hasText: 'Alpha' }).waitFor();

    // A second project, from project management.
    await page.goto('/projectManagement');
    await createProject(page, 'Beta', `beta-${stamp}`);

    // Switching project moves the project-scoped route and stores the choice.
    await page.goto('/');
    await chooseProject(page, 'Alpha');
    const alphaId = await page.evaluate(() => localStorage.getItem('projectId'));
    expect(alphaId).toBeTruthy();
    await page.goto(`/manageTag/${alphaId}`);
    await chooseProject(page, 'Beta');
    await page.waitForURL(
      (url) => url.pathname.startsWith('/manageTag/') && !url.pathname.endsWith(alphaId!),
    );
    // The route moves first; the stored choice follows it.
    const betaId = new URL(page.url()).pathname.split('/').pop()!;
    expect(betaId).not.toBe(alphaId);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('projectId'))).toBe(betaId);

    // Invite an operator with access to Alpha only.
    const memberEmail = uniqueEmail('olga');
    await page.goto('/memberManagement');
    await page.getByRole('button', { name: /Add member/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill('Olga Operator');
    await dialog.getByLabel('E-mail').fill(memberEmail);
    await dialog.getByLabel('Initial password').fill('secret123');
    await dialog.getByLabel('Confirm password').fill('secret123');
    await dialog.getByLabel('Permission for Alpha').click({ force: true });
    await page.locator('.ant-select-item-option', { hasText: /^Edit$/ }).click();
    await dialog.getByRole('button', { name: /^Save$/ }).click();

    // The member list shows both people.
    await page.getByRole('cell', { name: 'Olga Operator' }).waitFor();
    await expect(page.getByRole('cell', { name: memberEmail }).count()).resolves.toBe(1);
    await expect(page.getByRole('cell', { name: email }).count()).resolves.toBe(1);

    // Back to Chinese: the menu and the choice survive a reload.
    await page.goto('/');
    await page.getByTestId('language-switch').click();
    await page.getByText('用户增长').first().waitFor();
    await page.reload();
    await page.getByText('用户增长').first().waitFor();
    expect(await page.evaluate(() => localStorage.getItem('lng'))).toBe('zhCN');

    // Log out from the user menu; the old token no longer works.
    const token = await page.evaluate(() => localStorage.getItem('token'));
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    await page.waitForURL(/\/login/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    const after = await apiCall('GET', '/api/me', { token: token ?? '' });
    expect(after.status).toBe(401);

    // A wrong password is refused; the invited operator can log in and reaches Alpha but not Beta.
    await page.getByTestId('language-switch').click();
    await login(page, email, 'wrong-password');
    await page.getByText('Invalid username or password').first().waitFor();
    await login(page, memberEmail, 'secret123');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    // The no-permission page is a chunk of its own: the gate spins until it arrives.
    const statusChunk = '**/assets/NoPermissionPage-*.js';
    let asked!: () => void;
    let release!: () => void;
    const chunkAsked = new Promise<void>((resolve) => (asked = resolve));
    const chunkReleased = new Promise<void>((resolve) => (release = resolve));
    await page.route(statusChunk, async (route) => {
      asked();
      await chunkReleased;
      await route.continue();
    });
    await page.goto(`/manageTag/${betaId}`);
    await chunkAsked;
    await page.locator('.gc-content .gc-page-spin').waitFor();
    expect(await page.getByTestId('no-permission').count()).toBe(0);
    release();
    await page.getByTestId('no-permission').waitFor();
    expect(await page.locator('.gc-content .gc-page-spin').count()).toBe(0);
    await page.unroute(statusChunk);
    await page.goto(`/manageTag/${alphaId}`);
    await page.getByRole('heading', { name: 'Tags' }).first().waitFor();
    expect(await page.getByTestId('no-permission').count()).toBe(0);

    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('lands on /login with the login-expired message when the token stops working', async () => {
    const email = uniqueEmail('expiry');
    const signUp = await apiCall('POST', '/api/auth/sign-up', {
      body: {
        companyName: 'Expiry Ltd',
        email,
        password: 'secret123',
        confirmPassword: 'secret123',
        agreement: true,
      },
    });
    expect(signUp.status).toBe(200);

    const { page, context } = await openPage(browser, '/login');
    await page.getByLabel('邮箱').fill(email);
    await page.getByLabel('密码', { exact: true }).fill('secret123');
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));

    // The session ends on the server (as when it expires); the next call answers 401.
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const logout = await apiCall('POST', '/api/auth/logout', { token: token ?? '' });
    expect(logout.status).toBe(200);

    await page.goto('/memberManagement');
    await page.waitForURL(/\/login/);
    await page.getByText('登录已过期，请重新登录').first().waitFor();
    const stored = await page.evaluate(() => [
      localStorage.getItem('token'),
      localStorage.getItem('expired'),
      localStorage.getItem('userInfo'),
    ]);
    expect(stored).toEqual([null, null, null]);
    // Shown once, even though several calls failed at the same moment.
    expect(await page.getByText('登录已过期，请重新登录').count()).toBe(1);
    await context.close();
  });
});
