import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { api, launchBrowser, openSignedIn, signUpViaApi, type Session } from './browser';

// In English, a wizard step with problems lists each one naming its field, as sentences; an
// empty key-value row is dropped rather than refused; templates speak the console's language
// (the card's name and the campaign title a template starts with).

let browser: Browser;
let session: Session;
let projectId = '';
const stamp = Date.now().toString(36).slice(-6);

beforeAll(async () => {
  browser = await launchBrowser();
  ({ session } = await signUpViaApi('wizard-errors', 'Error Works'));
  projectId = (
    await api<{ id: string }>('POST', '/api/projects', {
      body: { name: 'Errors', domainPrefix: `we-${stamp}` },
      token: session.token,
    })
  ).id;
});

afterAll(async () => {
  await browser?.close();
});

function signedInPage(path: string) {
  return openSignedIn(browser, path, session, projectId);
}

async function next(page: Page, title: string): Promise<void> {
  await page.getByRole('button', { name: 'Next' }).click();
  await page.locator('.gc-wizard-body .ant-card-head-title', { hasText: title }).waitFor();
}

/** The lines of the step's problem summary once it lists `count` fields. */
async function summary(page: Page, count: number): Promise<string[]> {
  const box = page.getByTestId('form-problems');
  const heading =
    count === 1 ? 'Fix this field before going on:' : `Fix these ${count} fields before going on:`;
  await box.filter({ hasText: heading }).waitFor();
  return box.locator('li').allInnerTexts();
}

describe('wizard errors and templates in English', () => {
  it('names every field in the step summary, drops an empty key-value row, and starts from an English template', async () => {
    const { page, context, pageErrors } = await signedInPage(
      `/campaignManagement/${projectId}/type/template/lucky-wheel?goal=engagement-retention`,
    );

    // The template card: its name and the campaign title it starts with, in English.
    const card = page.getByTestId('template-classic');
    await card.waitFor();
    await expect(card.locator('.ant-card-meta-title').innerText()).resolves.toBe('Classic wheel');
    await expect(card.locator('.ant-card-meta-description').innerText()).resolves.toBe('Lucky-wheel');
    await card.click();
    await page.locator('.gc-wizard-body .ant-card-head-title', { hasText: 'Choose goal' }).waitFor();

    // Basic info: the title comes from the template in English; problems name the field.
    await next(page, 'Basic info');
    const title = page.getByLabel('Campaign title');
    await expect(title.inputValue()).resolves.toBe('Lucky-wheel');
    await title.fill('');
    await title.press('Tab');
    await page.getByRole('button', { name: 'Next' }).click();
    expect(await summary(page, 1)).toEqual(['Campaign title: This field is required.']);
    await title.fill('Spring wheel');
    await title.press('Tab');
    await page
      .getByTestId('form-problems')
      .filter({ hasText: 'Campaign title: Must not contain spaces.' })
      .waitFor();
    await title.fill(`Spring-${stamp}`);
    await title.press('Tab');
    await page.getByTestId('form-problems').waitFor({ state: 'detached' });

    // Logic and rewards: a prize's cell is named by its prize and column.
    await next(page, 'Logic and rewards');
    await page.getByLabel('Stock 1').fill('-1');
    await page.getByLabel('Win probability (%) 2').fill('-3');
    await page.getByLabel('Win probability (%) 2').press('Tab');
    await page.getByRole('button', { name: 'Next' }).click();
    expect(await summary(page, 2)).toEqual([
      'Prize 1 › Stock: Must be at least 0.',
      'Prize 2 › Win probability (%): Must be at least 0.',
    ]);
    await page.getByLabel('Stock 1').fill('10');
    await page.getByLabel('Win probability (%) 2').fill('3');
    await page.getByLabel('Win probability (%) 2').press('Tab');

    // Pages and copy: a row with a value but no key is refused, naming the list, row and part;
    // an entirely empty row is not.
    await next(page, 'Pages and copy');
    await page.getByRole('button', { name: 'Add key-value' }).click();
    await page.getByLabel('Value', { exact: true }).nth(1).fill('spring');
    await page.getByLabel('Value', { exact: true }).nth(1).press('Tab');
    await page.getByRole('button', { name: 'Add key-value' }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    expect(await summary(page, 1)).toEqual([
      'Link data 2 › Key: Keys may hold only English letters, digits and symbols, no spaces.',
    ]);
    await page.getByLabel('Key', { exact: true }).nth(1).fill('season');
    await page.getByLabel('Key', { exact: true }).nth(1).press('Tab');
    await expect(page.getByLabel('Key', { exact: true }).count()).resolves.toBe(3);
    await next(page, 'Multi-language');
    await page.getByRole('button', { name: 'Save campaign' }).click();
    await page.waitForURL(`**/campaignManagement/${projectId}`);

    const list = await api<{ items: Array<{ id: string; title: string }> }>(
      'GET',
      '/api/campaigns?area=growth',
      { token: session.token, projectId },
    );
    const saved = list.items.find((item) => item.title === `Spring-${stamp}`);
    expect(saved).toBeDefined();
    const detail = await api<{ config: { linkData: unknown } }>('GET', `/api/campaigns/${saved!.id}`, {
      token: session.token,
      projectId,
    });
    expect(detail.config.linkData).toEqual([
      { key: 'utm_source', value: 'campaign' },
      { key: 'season', value: 'spring' },
    ]);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('starts a campaign from a template with its English title', async () => {
    const { page, context, pageErrors } = await signedInPage(
      `/campaignManagement/${projectId}/createActivity/dice/classic?goal=engagement-retention`,
    );
    await page.locator('.gc-wizard-body .ant-card-head-title', { hasText: 'Choose goal' }).waitFor();
    await next(page, 'Basic info');
    await expect(page.getByLabel('Campaign title').inputValue()).resolves.toBe('Lucky-dice');
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
