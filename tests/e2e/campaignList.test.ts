import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { api, launchBrowser, openSignedIn, signUpViaApi, type Session } from './browser';

// Campaign operations through the console on the real server: a lucky-wheel campaign seeded
// through the API is published, taken offline (after a cancelled and a confirmed dialog),
// scheduled for a chosen time, previewed in the phone frame, linked, copied and the copy
// deleted. Then a prize and a user type are created through their pages, each after a
// validation error shown under its field.

let browser: Browser;
let token = '';
let projectId = '';
let session: Session;
const stamp = Date.now().toString(36).slice(-6);

interface Campaign {
  id: string;
  title: string;
  status: string;
  link: string;
}

/** A lucky-wheel campaign from the template's config, running from an hour ago for ten days. */
async function seedCampaign(title: string): Promise<Campaign> {
  const entry = await api<{ templates: Array<{ name: string; config: Record<string, unknown> }> }>(
    'GET',
    '/api/schemas/gameplay/lucky-wheel',
    { token, projectId },
  );
  const template = entry.templates.find((candidate) => candidate.name === 'classic') ?? entry.templates[0];
  const hour = 60 * 60 * 1000;
  const config = {
    ...template.config,
    title,
    startTime: new Date(Date.now() - hour).toISOString().replace(/\.\d{3}Z$/, 'Z'),
    endTime: new Date(Date.now() + 10 * 24 * hour).toISOString().replace(/\.\d{3}Z$/, 'Z'),
    timezone: 'GMT',
  };
  return api<Campaign>('POST', '/api/campaigns', {
    body: { area: 'growth', kind: 'gameplay', mark: 'lucky-wheel', templateMark: template.name, config },
    token,
    projectId,
  });
}

beforeAll(async () => {
  browser = await launchBrowser();
  ({ session } = await signUpViaApi('campaigns', 'Wheel Works'));
  token = session.token;
  const project = await api<{ id: string }>('POST', '/api/projects', {
    body: { name: 'Growth', domainPrefix: `gw-${stamp}` },
    token,
  });
  projectId = project.id;
});

afterAll(async () => {
  await browser?.close();
});

/** A page signed in as the test's owner (the stored session the login screen would write), in English. */
function signedInPage(path: string) {
  return openSignedIn(browser, path, session, projectId);
}

function row(page: Page, title: string): Locator {
  return page.locator('tr.ant-table-row', { has: page.getByRole('link', { name: title, exact: true }) });
}

async function statusOf(page: Page, title: string, status: string): Promise<void> {
  await row(page, title).getByTestId('campaign-status').filter({ hasText: status }).waitFor();
}

async function menuCommand(page: Page, title: string, menu: 'More' | 'Preview', command: string) {
  await row(page, title)
    .getByRole('button', { name: new RegExp(`^${menu}`) })
    .click();
  // antd keeps closed dropdowns in the DOM: pick the item from the one that is open now, and
  // wait for it to finish closing so the next command never sees two open menus.
  const open = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)');
  await open.getByRole('menuitem', { name: command, exact: true }).click();
  await expect.poll(() => open.count()).toBe(0);
}

describe('campaign list', () => {
  it('publishes, takes offline, schedules, previews, links, copies and deletes a campaign', async () => {
    const title = `Wheel-${stamp}`;
    const seeded = await seedCampaign(title);
    const { page, context, pageErrors } = await signedInPage(`/campaignManagement/${projectId}`);

    await statusOf(page, title, 'Draft');

    // Publish now: the activity started an hour ago, so it runs at once.
    await row(page, title).getByRole('button', { name: 'Go online' }).click();
    let dialog = page.getByRole('dialog', { name: 'Go online' });
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await statusOf(page, title, 'In progress');
    expect((await api<Campaign>('GET', `/api/campaigns/${seeded.id}`, { token, projectId })).status).toBe(
      'running',
    );

    // Take offline: cancelling changes nothing, confirming does.
    await row(page, title).getByRole('button', { name: 'Take offline' }).click();
    let confirm = page.locator('.ant-modal-confirm');
    await confirm.getByText('goes offline at once').waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    await statusOf(page, title, 'In progress');
    await row(page, title).getByRole('button', { name: 'Take offline' }).click();
    confirm = page.locator('.ant-modal-confirm');
    await confirm.getByRole('button', { name: 'Take offline' }).click();
    await statusOf(page, title, 'Offline');

    // Schedule going online at a chosen time, two days ahead (before the end), picked in the
    // campaign's time zone (GMT here), whatever the browser's is.
    const at = new Date(Date.now() + 2 * 24 * 60 * 60 * 1000);
    const pad = (n: number) => String(n).padStart(2, '0');
    const typed = `${at.getUTCFullYear()}-${pad(at.getUTCMonth() + 1)}-${pad(at.getUTCDate())} 10:30`;
    await row(page, title).getByRole('button', { name: 'Go online' }).click();
    dialog = page.getByRole('dialog', { name: 'Go online' });
    await dialog.getByText('At a chosen time').click();
    const picker = dialog.getByTestId('online-at');
    await picker.click();
    await picker.fill(typed);
    // The picker's own OK takes the typed time (Enter would also submit the dialog's form).
    await page.locator('.ant-picker-dropdown:visible .ant-picker-ok button').click();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.waitFor({ state: 'detached' });
    await statusOf(page, title, 'Not started');
    // Waiting for its chosen online time, the row says when, and offers taking it offline or
    // changing that time, never going online beside going offline.
    await row(page, title)
      .getByTestId('campaign-starts')
      .filter({ hasText: `Starts ${typed} (GMT)` })
      .waitFor();
    await row(page, title).getByRole('button', { name: 'Take offline' }).waitFor();
    await row(page, title).getByRole('button', { name: 'Change online time' }).waitFor();
    expect(await row(page, title).getByRole('button', { name: 'Go online' }).count()).toBe(0);
    const scheduled = await api<Campaign & { onlineAt: string }>('GET', `/api/campaigns/${seeded.id}`, {
      token,
      projectId,
    });
    expect(scheduled.status).toBe('scheduled');
    expect(new Date(scheduled.onlineAt).getTime()).toBe(
      Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate(), 10, 30),
    );

    // Preview on mobile: the phone frame shows the participant page of this campaign.
    await menuCommand(page, title, 'Preview', 'Preview on mobile');
    const phone = page.getByTestId('phone-frame');
    await phone.waitFor();
    const iframe = phone.locator('iframe[data-testid="preview-frame"]');
    expect(await iframe.getAttribute('src')).toMatch(new RegExp(`^/p/${seeded.id}\\?preview=.+`));
    // The participant page of the preview token: the template's page title in the browser's language.
    await page.frameLocator('[data-testid="preview-frame"]').getByText('Lucky Wheel').first().waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();

    // Get link: the participant address and its QR code.
    await menuCommand(page, title, 'More', 'Get link');
    const linkDialog = page.getByRole('dialog', { name: 'Campaign link' });
    await expect(linkDialog.getByTestId('campaign-link').textContent()).resolves.toContain(`/p/${seeded.id}`);
    await linkDialog.getByTestId('campaign-qr').locator('canvas').waitFor();
    await linkDialog.getByRole('button', { name: 'Close' }).click();

    // Copy: a new draft appears; then delete it after confirming.
    await menuCommand(page, title, 'More', 'Copy');
    const copyTitle = `${title}-copy`;
    await statusOf(page, copyTitle, 'Draft');
    await menuCommand(page, copyTitle, 'More', 'Delete');
    confirm = page.locator('.ant-modal-confirm');
    await confirm.getByText('cannot be recovered').waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await row(page, copyTitle).waitFor({ state: 'detached' });
    const left = await api<{ items: Campaign[] }>(
      'GET',
      `/api/campaigns?title=${encodeURIComponent(title)}`,
      {
        token,
        projectId,
      },
    );
    expect(left.items.map((item) => item.title)).toEqual([title]);

    expect(pageErrors).toEqual([]);
    await context.close();
  });
});

/** The form item of one input (its nearest one, not the form's outer items). */
function fieldOf(scope: Locator, label: string): Locator {
  return scope
    .getByLabel(label, { exact: true })
    .locator(
      'xpath=ancestor::div[contains(concat(" ", normalize-space(@class), " "), " ant-form-item ")][1]',
    );
}

describe('supporting lists', () => {
  it('creates a prize and a user type through their pages, each after a validation error under its field', async () => {
    const { page, context, pageErrors } = await signedInPage(`/rewardManagement/${projectId}`);

    // A prize: an id with a space is refused under the id field, then saved once fixed.
    await page.getByRole('button', { name: 'New prize' }).click();
    let dialog = page.getByRole('dialog', { name: 'New prize' });
    await dialog.getByLabel('Prize id').fill('spin prize');
    await dialog.getByLabel('Prize name (Simplified Chinese)').fill('转盘大奖');
    await dialog.getByLabel('Unlimited stock').check();
    await dialog.getByRole('radio', { name: 'System', exact: true }).check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await fieldOf(dialog, 'Prize id')
      .locator('.ant-form-item-explain-error', { hasText: 'Invalid format' })
      .waitFor();
    await dialog.getByLabel('Prize id').fill('spin-prize');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('prize-table').getByText('转盘大奖').waitFor();
    const prizes = await api<{ items: Array<{ config: { id: string; unlimitedStock: boolean } }> }>(
      'GET',
      '/api/prizes',
      { token, projectId },
    );
    expect(prizes.items.map((row) => [row.config.id, row.config.unlimitedStock])).toEqual([
      ['spin-prize', true],
    ]);

    // A user type: the identifier may not hold spaces (the schema's own message), then it saves.
    await page.goto(`/userTypeManagement/${projectId}`);
    await page.getByRole('button', { name: 'New user type' }).click();
    dialog = page.getByRole('dialog', { name: 'New user type' });
    await dialog.getByLabel('Name').fill('VIP');
    await dialog.getByLabel('Identifier').fill('vip users');
    await dialog.getByRole('button', { name: 'Save' }).click();
    const identifierItem = dialog.locator('.ant-form-item', { has: page.getByLabel('Identifier') });
    await identifierItem
      .getByText('Keys may hold only English letters, digits and symbols, no spaces')
      .waitFor();
    await dialog.getByLabel('Identifier').fill('vip_users');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('user-type-table').getByText('vip_users').waitFor();

    // The same identifier again: the server's uniqueness answer lands under the field too.
    await page.getByRole('button', { name: 'New user type' }).click();
    dialog = page.getByRole('dialog', { name: 'New user type' });
    await dialog.getByLabel('Name').fill('VIP again');
    await dialog.getByLabel('Identifier').fill('vip_users');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await fieldOf(dialog, 'Identifier')
      .locator('.ant-form-item-explain-error', { hasText: 'This identifier is already in use' })
      .waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    const types = await api<{ items: Array<{ name: string; identifier: string }> }>(
      'GET',
      '/api/user-types',
      {
        token,
        projectId,
      },
    );
    expect(types.items.map((row) => [row.name, row.identifier])).toEqual([['VIP', 'vip_users']]);

    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
