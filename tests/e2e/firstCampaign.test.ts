import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { BASE_URL, CONTEXT_OPTIONS, launchBrowser, uniqueEmail } from './browser';
import { PHONES } from './player';
import { API_SECRET_VARIABLE, HANDOFF_FILES } from '../../src/web/features/campaigns/handoffSnippets';

// The README's "Your first campaign", step by step as it reads: sign up, create the project, a
// lucky wheel from its Classic template, online, a player signed in by the program the Get link
// dialog shows (run with the secret of the Access key page), a spin on a phone, and the report.
// The operator's browser is in New York, the phone in Shanghai: the campaign runs on the
// project's clock, and the phone and the report show the same time of the win, with its zone.

const OPERATOR_ZONE = 'America/New_York';
const PHONE_ZONE = 'Asia/Shanghai';
const stamp = Date.now().toString(36).slice(-6);
const dir = mkdtempSync(join(tmpdir(), 'gc-e2e-first-'));

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The offset New York has now, as a campaign time zone (`GMT-05:00` in winter). */
function operatorOffset(): string {
  const name = new Intl.DateTimeFormat('en-US', { timeZone: OPERATOR_ZONE, timeZoneName: 'longOffset' })
    .formatToParts(new Date())
    .find((part) => part.type === 'timeZoneName')!.value;
  return name === 'GMT' ? 'GMT+00:00' : name;
}

async function stepTitle(page: Page, title: string): Promise<void> {
  await page.locator('.gc-wizard-body .ant-card-head-title', { hasText: title }).waitFor();
}

function row(page: Page, title: string): Locator {
  return page.locator('tr.ant-table-row', { has: page.getByRole('link', { name: title, exact: true }) });
}

async function more(page: Page, title: string, item: string): Promise<void> {
  await row(page, title).getByRole('button', { name: /^More/ }).click();
  await page
    .locator('.ant-dropdown:not(.ant-dropdown-hidden)')
    .getByRole('menuitem', { name: item, exact: true })
    .click();
}

describe('the README: your first campaign', () => {
  it('signs up, makes a wheel from its template, signs a player in on a phone and reads the win in the report', async () => {
    const context = await browser.newContext({
      ...CONTEXT_OPTIONS,
      baseURL: BASE_URL,
      viewport: { width: 1440, height: 900 },
      timezoneId: OPERATOR_ZONE,
    });
    // One long journey on a shared machine: slow steps are not wrong ones.
    context.setDefaultTimeout(60_000);
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    const failed: string[] = [];
    page.on('response', (r) => {
      if (r.status() >= 400) failed.push(`${r.status()} ${r.request().method()} ${r.url()}`);
    });
    const title = `First-wheel-${stamp}`;

    // 1. Sign up (in English): Home, signed in, with the New project dialog open.
    await page.goto('/sign-up');
    await page.getByTestId('language-switch').click();
    const email = uniqueEmail('readme');
    await page.getByLabel('Company name').fill('Readme Ltd');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('secret123');
    await page.getByLabel('Confirm password').fill('secret123');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: /^Sign up$/ }).click();
    const dialog = page.getByRole('dialog', { name: 'New project' });
    await dialog.waitFor();

    // 2. Create the project: its time zone is the browser's to start with.
    await dialog.getByLabel('Project name').fill('Readme app');
    await dialog.getByLabel('Domain prefix').fill(`readme-${stamp}`);
    await dialog.getByText(new RegExp(`America/New_York`)).waitFor();
    await dialog.getByRole('button', { name: /^Save$/ }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.locator('.gc-project-card', { hasText: 'Readme app' }).waitFor();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('projectId'))).not.toBe('noProject');
    const projectId = (await page.evaluate(() => localStorage.getItem('projectId')))!;

    // 3. Campaigns -> New campaign: a goal, the Lucky draw wheel, its Classic wheel template.
    await page.getByTestId('quick-start-campaign').click();
    await page.waitForURL(`**/campaignManagement/${projectId}`);
    await page.getByRole('button', { name: 'New campaign' }).click();
    await page.getByText('Engagement and retention', { exact: true }).click();
    await page.getByRole('button', { name: 'Lucky draw wheel', exact: true }).click();
    await page.getByRole('button', { name: 'Classic wheel', exact: true }).click();
    await stepTitle(page, 'Choose goal');
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await stepTitle(page, 'Basic info');
    await page.getByLabel('Campaign title').fill(title);
    await page.getByLabel('Campaign title').press('Tab');
    // Filled in from the template, its period starting today in the project's zone.
    expect(await page.locator('.gc-sf-timezone').innerText()).toBe(operatorOffset());
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: OPERATOR_ZONE }).format(new Date());
    expect(await page.locator('.gc-sf-range input').first().inputValue()).toBe(`${today} 00:00`);
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await stepTitle(page, 'Logic and rewards');
    // To see a win on the first spin: one prize at 100%, the others at 0 (the thank-you prize
    // takes what they leave).
    await page.getByLabel('Win probability (%) 1').fill('100');
    await page.getByLabel('Win probability (%) 2').fill('0');
    await page.getByLabel('Win probability (%) 3').fill('0');
    await page.getByLabel('Win probability (%) 3').press('Tab');
    await page.getByTestId('odds-summary').filter({ hasText: 'thank-you prize 0%' }).waitFor();
    for (const step of ['Pages and copy', 'Multi-language']) {
      await page.getByRole('button', { name: 'Next', exact: true }).click();
      await stepTitle(page, step);
    }
    await page.getByRole('button', { name: 'Save campaign' }).click();
    await page.waitForURL(`**/campaignManagement/${projectId}`);
    await row(page, title).getByTestId('campaign-status').filter({ hasText: 'Draft' }).waitFor();

    // 4. Go online and confirm: In progress.
    await row(page, title).getByRole('button', { name: 'Go online' }).click();
    const online = page.getByRole('dialog', { name: 'Go online' });
    await online.getByRole('button', { name: 'Confirm' }).click();
    await online.waitFor({ state: 'detached' });
    await row(page, title).getByTestId('campaign-status').filter({ hasText: 'In progress' }).waitFor();

    // 5. More -> Get link: the address and the programs that sign a player in.
    await more(page, title, 'Get link');
    const linkDialog = page.getByRole('dialog', { name: 'Campaign link' });
    const link = (await linkDialog.getByTestId('campaign-link').textContent())!;
    expect(link).toMatch(new RegExp(`^${BASE_URL}/p/[\\w-]+$`));
    const guide = linkDialog.getByTestId('handoff-guide');
    await guide.getByRole('tab', { name: 'Node.js', exact: true }).click();
    const program = (await guide.getByTestId('handoff-snippet-node').locator('pre').textContent())!;
    await linkDialog
      .getByRole('button', { name: /Close|OK/ })
      .first()
      .click();
    await linkDialog.waitFor({ state: 'detached' });

    // The programs read the project's API secret, shown on the Access key page.
    await page.getByRole('menuitem', { name: 'Integration' }).click();
    await page.getByRole('menuitem', { name: 'Access key', exact: true }).click();
    await page.waitForURL(`**/accessToken/${projectId}`);
    const secretCard = page.getByTestId('api-secret-card');
    await secretCard.getByRole('button', { name: 'Show the API secret' }).click();
    const apiSecret = (await secretCard.getByTestId('api-secret').innerText()).trim();
    expect(apiSecret).not.toContain('*');

    const file = join(dir, HANDOFF_FILES.node);
    writeFileSync(file, program);
    const ran = spawnSync(process.execPath, [file], {
      encoding: 'utf8',
      env: { ...process.env, [API_SECRET_VARIABLE]: apiSecret },
    });
    expect(ran.status, ran.stderr).toBe(0);
    const address = ran.stdout.trim();
    expect(address.startsWith(`${link}?u=`)).toBe(true);

    // 6. On a phone (in Shanghai): the player spins, the wheel stops on the drawn prize, and My
    // prizes lists it with the time it was won on the project's clock, naming the zone.
    const phone = await browser.newContext({
      baseURL: BASE_URL,
      ...PHONES.iphone,
      hasTouch: true,
      isMobile: true,
      locale: 'en-US',
      timezoneId: PHONE_ZONE,
    });
    phone.setDefaultTimeout(60_000);
    const player = await phone.newPage();
    const playerErrors: string[] = [];
    player.on('pageerror', (error) => playerErrors.push(error.message));
    await player.goto(address);
    await player.getByTestId('play-page').waitFor();
    const drawn = player.waitForResponse((r) => r.url().endsWith('/actions/draw'));
    await player.getByTestId('draw-button').first().tap();
    const draw = (await (await drawn).json()) as {
      data: { result: { prize: { id: string; name: string } } };
    };
    const result = player.getByTestId('play-result');
    await result.waitFor();
    expect(await result.getAttribute('data-prize-id')).toBe(draw.data.result.prize.id);
    await result.getByRole('button', { name: 'OK' }).tap();
    // The first prize, at 100%, won: not the thank-you prize.
    const prize = draw.data.result.prize.name;
    expect(draw.data.result.prize.id).not.toBe('thanks');
    const zone = operatorOffset();
    const won = player.getByTestId('my-prizes').getByText(/^Won on /);
    await won.waitFor();
    const wonText = await won.innerText();
    expect(wonText).toMatch(
      new RegExp(`^Won on \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2} ${zone.replace('+', '\\+')}$`),
    );
    await player.getByTestId('my-prizes').getByText(prize).waitFor();
    // The page's own period line names the zone too.
    expect(await player.locator('.gp-time').innerText()).toContain(zone);
    expect(playerErrors).toEqual([]);
    await phone.close();

    // 7. Report (More -> Report): the draw and the winner, at the same time as the phone.
    await page.goto(`/campaignManagement/${projectId}`);
    await more(page, title, 'Report');
    const totals = page.getByTestId('report-totals');
    await totals.waitFor();
    await expect.poll(() => totals.textContent()).toContain('Plays1');
    await page.getByText(`(${zone})`).first().waitFor();
    const time = wonText.replace(/^Won on /, '').replace(` ${zone}`, '');
    const winners = page.getByTestId('report-winners');
    await winners.getByRole('cell', { name: prize, exact: true }).waitFor();
    await winners.getByRole('cell', { name: time, exact: true }).waitFor();

    expect(pageErrors).toEqual([]);
    expect(failed).toEqual([]);
    await context.close();
    // The whole journey in one test: minutes on a busy machine.
  }, 300_000);
});
