import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { BASE_URL, CONTEXT_OPTIONS, launchBrowser, uniqueEmail } from './browser';

// The first hour of a new customer on a 1440 px screen, as the README leads them: sign up and
// land logged in with the new-project dialog open, create the project from home, follow the
// quick start to campaigns, make a campaign from a template and put it online, where it runs at
// once with no contradicting actions; and no table hides a column behind its pinned actions.

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

async function openWide(path: string) {
  const context = await browser.newContext({
    ...CONTEXT_OPTIONS,
    baseURL: BASE_URL,
    viewport: { width: 1440, height: 900 },
  });
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (err) => pageErrors.push(err.message));
  await page.goto(path);
  return { context, page, pageErrors };
}

/**
 * Header cells a reader cannot see whole: outside the table's scroll box, under a pinned (sticky)
 * column, or with their text running past the cell into the next one. Pinned cells themselves
 * must sit inside the box too. Empty header cells (drag handles, actions without a title) count
 * only by position.
 */
async function hiddenHeaders(table: Locator): Promise<string[]> {
  await table.locator('[role="columnheader"], th').first().waitFor();
  return table.evaluate((root) => {
    const cells = [...root.querySelectorAll<HTMLElement>('th, [role="columnheader"]')].filter(
      (cell) => cell.getBoundingClientRect().width > 0 && !cell.closest('.ant-table-measure-row'),
    );
    const box = (
      root.querySelector<HTMLElement>('.ant-table-content, .ant-table-header') ?? root
    ).getBoundingClientRect();
    const pinned = cells.filter((cell) => getComputedStyle(cell).position === 'sticky');
    const problems: string[] = [];
    for (const cell of cells) {
      const r = cell.getBoundingClientRect();
      const name = cell.textContent?.trim() || `(column ${cells.indexOf(cell) + 1})`;
      if (r.left < box.left - 1 || r.right > box.right + 1)
        problems.push(`${name}: outside the visible area`);
      if (!pinned.includes(cell)) {
        for (const fixed of pinned) {
          const f = fixed.getBoundingClientRect();
          if (r.right > f.left + 1 && r.left < f.right - 1)
            problems.push(`${name}: under ${fixed.textContent}`);
        }
      }
      if (cell.textContent?.trim() && cell.scrollWidth > cell.clientWidth + 1) {
        problems.push(`${name}: text runs past the cell`);
      }
      const text = document.createRange();
      text.selectNodeContents(cell);
      const t = text.getBoundingClientRect();
      if (cell.textContent?.trim() && (t.right > r.right + 1 || t.left < r.left - 1)) {
        problems.push(`${name}: text overlaps the next cell`);
      }
    }
    return problems;
  });
}

function row(page: Page, title: string): Locator {
  return page.locator('tr.ant-table-row', { has: page.getByRole('link', { name: title, exact: true }) });
}

async function stepTitle(page: Page, title: string): Promise<void> {
  await page.locator('.gc-wizard-body .ant-card-head-title', { hasText: title }).waitFor();
}

async function next(page: Page, title: string): Promise<void> {
  await page.getByRole('button', { name: 'Next' }).click();
  await stepTitle(page, title);
}

describe('the first hour at 1440 px', () => {
  it('signs up into home with the new-project dialog, creates a project and a campaign that runs at once', async () => {
    const { page, context, pageErrors } = await openWide('/sign-up');
    const email = uniqueEmail('first');
    const stamp = Date.now().toString(36).slice(-6);

    // Sign up (in English): no second password prompt, home opens with the new-project dialog.
    await page.getByTestId('language-switch').click();
    await page.getByLabel('Company name').fill('First Hour Ltd');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('secret123');
    await page.getByLabel('Confirm password').fill('secret123');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: /^Sign up$/ }).click();
    const dialog = page.getByRole('dialog', { name: 'New project' });
    await dialog.waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
    const me = await page.evaluate(async () => {
      const answer = await fetch('/api/me', {
        headers: { authorization: `Bearer ${localStorage.getItem('token')}` },
      });
      return answer.status;
    });
    expect(me).toBe(200);
    // Someone who has just signed up is welcomed, not welcomed back.
    await page.getByRole('heading', { name: `Welcome, ${email.split('@')[0]}` }).waitFor();

    // Before a project exists, the project-scoped quick-start steps are not links.
    expect(await page.getByTestId('quick-start-campaign').evaluate((el) => el.tagName)).not.toBe('A');

    await dialog.getByLabel('Project name').fill('First app');
    await dialog.getByLabel('Domain prefix').fill(`first-${stamp}`);
    await dialog.getByRole('button', { name: /^Save$/ }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.locator('.gc-project-card', { hasText: 'First app' }).waitFor();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('projectId'))).not.toBe('noProject');
    const projectId = (await page.evaluate(() => localStorage.getItem('projectId')))!;
    expect(new URL(page.url()).search).toBe('');

    // "New project" on home is one click to the dialog (not the project list).
    await page.getByTestId('quick-start-project').click();
    await page.getByRole('dialog', { name: 'New project' }).getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('dialog', { name: 'New project' }).waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/');

    // Every quick-start step is a link to where it is done, for this project.
    const stepLinks = {
      template: `/templateMenage/${projectId}`,
      sdk: `/sdkIntegrate/${projectId}`,
      link: `/manageLink/${projectId}`,
      campaign: `/campaignManagement/${projectId}`,
    };
    for (const [key, href] of Object.entries(stepLinks)) {
      await expect(page.getByTestId(`quick-start-${key}`).getAttribute('href'), key).resolves.toBe(href);
    }

    // The project list at 1440 px: every column visible beside the pinned actions.
    await page.goto('/projectManagement');
    await page.getByRole('cell', { name: /^First app/ }).waitFor();
    expect(await hiddenHeaders(page.locator('.ant-table').first())).toEqual([]);

    // Follow the quick start to campaigns and make one from a template.
    await page.goto('/');
    await page.getByTestId('quick-start-campaign').click();
    await page.waitForURL(`**/campaignManagement/${projectId}`);
    await page.getByRole('button', { name: 'New campaign' }).click();
    await page.getByText('Engagement and retention', { exact: true }).click();
    await page.getByRole('button', { name: 'Lucky draw wheel', exact: true }).click();
    await page.getByRole('button', { name: 'Classic wheel', exact: true }).click();
    await stepTitle(page, 'Choose goal');
    await next(page, 'Basic info');
    const title = `First-${stamp}`;
    await page.getByLabel('Campaign title').fill(title);
    await page.getByLabel('Campaign title').press('Tab');
    await next(page, 'Logic and rewards');
    // The prize table's headers stay apart at 1440 px.
    expect(await hiddenHeaders(page.locator('.gc-prize-grid'))).toEqual([]);
    await next(page, 'Pages and copy');
    await next(page, 'Multi-language');
    await page.getByRole('button', { name: 'Save campaign' }).click();
    await page.waitForURL(`**/campaignManagement/${projectId}`);
    await row(page, title).getByTestId('campaign-status').filter({ hasText: 'Draft' }).waitFor();

    // Go online now: the template's period starts today, so it runs at once.
    await row(page, title).getByRole('button', { name: 'Go online' }).click();
    const online = page.getByRole('dialog', { name: 'Go online' });
    await online.getByRole('button', { name: 'Confirm' }).click();
    await online.waitFor({ state: 'detached' });
    await row(page, title).getByTestId('campaign-status').filter({ hasText: 'In progress' }).waitFor();
    await row(page, title).getByRole('button', { name: 'Take offline' }).waitFor();
    expect(await row(page, title).getByRole('button', { name: 'Go online' }).count()).toBe(0);
    expect(await row(page, title).getByTestId('campaign-starts').count()).toBe(0);

    // The campaign list at 1440 px: "Updated" and the rest stay visible beside the actions.
    expect(await hiddenHeaders(page.getByTestId('campaign-table'))).toEqual([]);

    // (Helper G adds its check that wizard error messages name their fields in its own file.)

    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
