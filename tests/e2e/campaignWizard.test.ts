import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { api, apiCall, launchBrowser, openSignedIn, signUpViaApi, type Session } from './browser';

// The campaign wizard on the real server: an operator creates a lucky-wheel campaign through
// every step, is stopped by a validation error and fixes it, leaves half-way (the draft is kept),
// resumes the draft from the create action and saves. Then a gameplay folder added to the
// server's schemas directory appears in the chooser and a campaign of it saves, with no code.

let browser: Browser;
let token = '';
let projectId = '';
let session: Session;
const stamp = Date.now().toString(36).slice(-6);

interface Draft {
  id: string;
  mark: string;
  step: string;
  config: Record<string, unknown>;
}

interface CampaignSummary {
  id: string;
  mark: string;
  title: string;
  status: string;
}

beforeAll(async () => {
  browser = await launchBrowser();
  ({ session } = await signUpViaApi('wizard', 'Wizard Works'));
  token = session.token;
  projectId = (
    await api<{ id: string }>('POST', '/api/projects', {
      body: { name: 'Wizards', domainPrefix: `wz-${stamp}` },
      token,
    })
  ).id;
});

afterAll(async () => {
  await browser?.close();
});

/** A page signed in as the test's owner (what the login screen stores), in English. */
function signedInPage(path: string) {
  return openSignedIn(browser, path, session, projectId);
}

async function stepTitle(page: Page, title: string): Promise<void> {
  await page.locator('.gc-wizard-body .ant-card-head-title', { hasText: title }).waitFor();
}

async function next(page: Page, title: string): Promise<void> {
  await page.getByRole('button', { name: 'Next' }).click();
  await stepTitle(page, title);
}

async function chooseGameplay(page: Page, gameplay: string, template: string): Promise<void> {
  await page.goto(`/campaignManagement/${projectId}/type`);
  await page.getByText('Engagement and retention', { exact: true }).click();
  await page.getByRole('button', { name: gameplay, exact: true }).click();
  await page.getByRole('button', { name: template, exact: true }).click();
  await stepTitle(page, 'Choose goal');
}

/** The popup (select list or date panel) open right now, if any. */
const OPEN_POPUP =
  '.ant-select-dropdown:not(.ant-select-dropdown-hidden), .ant-picker-dropdown:not(.ant-picker-dropdown-hidden)';

/**
 * Opens every select and date picker on the wizard step with a real mouse click, each first
 * scrolled to sit just above the sticky footer, and checks that the popup is what the mouse would
 * hit where it lies over the footer (or, clear of it, at its middle). Answers the fields checked
 * and how many popups covered part of the footer.
 */
async function popupsAboveFooter(page: Page): Promise<{ fields: string[]; overFooter: number }> {
  const triggers = page.locator(
    '.gc-wizard-body .ant-select:not(.ant-select-disabled):visible, .gc-wizard-body .ant-picker:not(.ant-picker-disabled):visible',
  );
  const fields: string[] = [];
  let overFooter = 0;
  for (let i = 0; i < (await triggers.count()); i++) {
    const trigger = triggers.nth(i);
    const name =
      (await trigger.locator('input').first().getAttribute('aria-label')) ??
      (await trigger.locator('input').first().getAttribute('id')) ??
      `popup ${i + 1}`;
    await trigger.evaluate((element) => {
      const footer = document.querySelector('.gc-wizard-footer')!.getBoundingClientRect();
      window.scrollBy(0, element.getBoundingClientRect().bottom - (footer.top - 8));
    });
    await trigger.click();
    const popup = page.locator(OPEN_POPUP).last();
    await popup.waitFor();
    const hit = await popup.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const footer = document.querySelector('.gc-wizard-footer')!.getBoundingClientRect();
      const top = Math.max(box.top, footer.top);
      const bottom = Math.min(box.bottom, footer.bottom, window.innerHeight);
      const covers = bottom - top > 4;
      const x = box.left + Math.min(box.width / 2, 40);
      const y = covers ? (top + bottom) / 2 : box.top + Math.min(box.height / 2, 40);
      return { covers, inside: element.contains(document.elementFromPoint(x, y)) };
    });
    expect(hit.inside, `${name}: the popup is what the mouse hits`).toBe(true);
    if (hit.covers) overFooter++;
    fields.push(name);
    await page.keyboard.press('Escape');
    await page
      .locator(OPEN_POPUP)
      .waitFor({ state: 'detached' })
      .catch(() => undefined);
    await expect.poll(() => page.locator(OPEN_POPUP).count()).toBe(0);
  }
  return { fields, overFooter };
}

describe('campaign wizard', () => {
  it('creates a lucky wheel through every step, with a fixed error and a resumed draft', async () => {
    const { page, context, pageErrors } = await signedInPage(`/campaignManagement/${projectId}/type`);
    const title = `Spring-${stamp}`;

    // Choose goal -> choose gameplay (cards filtered by goal) -> template -> the entry's steps.
    await chooseGameplay(page, 'Lucky draw wheel', 'Classic wheel');
    await expect(page.getByRole('radio', { name: 'Engagement and retention' }).isChecked()).resolves.toBe(
      true,
    );

    // Basic info: a title with a space is refused under its field, the engine's message.
    await next(page, 'Basic info');
    await page.getByLabel('Campaign title').fill('Spring wheel');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.locator('.ant-form-item-explain-error', { hasText: 'Must not contain spaces' }).waitFor();
    await stepTitle(page, 'Basic info');
    await page.getByLabel('Campaign title').fill(title);
    await page.getByLabel('Campaign title').press('Tab');
    // Both the message under the field and the step's summary line go once the title is fixed.
    await page
      .locator('.ant-form-item-explain-error', { hasText: 'Must not contain spaces' })
      .waitFor({ state: 'detached' });
    await page
      .getByTestId('form-problems')
      .filter({ hasText: 'Campaign title' })
      .waitFor({ state: 'detached' });
    await expect(page.getByRole('combobox', { name: 'Timezone' }).count()).resolves.toBe(1);

    // Logic and rewards: the prize table fills the thank-you prize with the remainder.
    await next(page, 'Logic and rewards');
    await expect(page.getByTestId('odds-summary').textContent()).resolves.toContain('thank-you prize 49.5%');
    await page.getByLabel('Prize name 1').fill('Grand prize');
    await page.getByLabel('Win probability (%) 2').fill('40');
    await page.getByLabel('Win probability (%) 2').press('Tab');
    await page
      .getByTestId('odds-summary')
      .filter({ hasText: 'Other prizes 60.5%, thank-you prize 39.5%' })
      .waitFor();
    await expect(page.getByTestId('thank-share').textContent()).resolves.toBe('39.5%');

    // A new prize, then dragged (dnd-kit) from the bottom to the top of the list.
    await page.getByRole('button', { name: 'Add prize' }).click();
    await page.getByLabel('Prize name 5').fill('Sticker');
    await page.getByLabel('Win probability (%) 5').fill('4.5');
    // Enter commits the cell and keeps the page: a row's cells are a form of their own (Chrome's
    // autofill reads a changed field's whole form on every key), which never submits.
    await expect(
      page.getByLabel('Prize name 5').evaluate((input: HTMLInputElement) => input.form?.elements.length),
    ).resolves.toBe(4);
    const url = page.url();
    await page.getByLabel('Win probability (%) 5').press('Enter');
    await page
      .getByTestId('odds-summary')
      .filter({ hasText: 'Other prizes 65%, thank-you prize 35%' })
      .waitFor();
    expect(page.url()).toBe(url);
    const handle = (await page.getByTestId('prize-row-4').getByLabel('Drag to reorder').boundingBox())!;
    const top = (await page.getByTestId('prize-row-0').boundingBox())!;
    await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
    await page.mouse.down();
    await page.mouse.move(handle.x + handle.width / 2, handle.y - 20, { steps: 5 });
    await page.mouse.move(top.x + 40, top.y + top.height / 2, { steps: 10 });
    await page.mouse.up();
    await expect(page.getByLabel('Prize id 1').inputValue()).resolves.toBe('p5');
    await expect(page.getByLabel('Prize name 2').inputValue()).resolves.toBe('Grand prize');

    // Leaving the configuration asks first, then keeps the progress as a draft on the server.
    await page.getByRole('link', { name: 'Campaigns', exact: true }).click();
    const confirm = page.locator('.ant-modal-confirm', { hasText: 'Leave the configuration?' });
    await confirm.getByRole('button', { name: 'Stay' }).click();
    await confirm.waitFor({ state: 'detached' });
    await stepTitle(page, 'Logic and rewards');
    await page.getByRole('link', { name: 'Campaigns', exact: true }).click();
    await confirm.getByRole('button', { name: 'Leave' }).click();
    await page.waitForURL(`**/campaignManagement/${projectId}`);
    const drafts = await api<Draft[]>('GET', '/api/drafts?area=growth&kind=gameplay&mark=lucky-wheel', {
      token,
      projectId,
    });
    expect(drafts).toHaveLength(1);
    expect(drafts[0].step).toBe('logic');
    expect(drafts[0].config.title).toBe(title);

    // The create action offers the draft: the chooser lists it, the wizard asks resume or discard.
    await page.goto(`/campaignManagement/${projectId}/type`);
    await page.getByTestId('draft-item').filter({ hasText: title }).waitFor();
    await page.goto(
      `/campaignManagement/${projectId}/createActivity/lucky-wheel/classic?goal=engagement-retention`,
    );
    const offer = page.getByRole('dialog', { name: 'Unsaved progress' });
    await offer.getByRole('button', { name: 'Resume' }).click();
    await stepTitle(page, 'Logic and rewards');
    await expect(page.getByLabel('Win probability (%) 3').inputValue()).resolves.toBe('40');
    await expect(page.getByLabel('Prize name 2').inputValue()).resolves.toBe('Grand prize');
    await expect(page.getByLabel('Prize id 1').inputValue()).resolves.toBe('p5');

    // The remaining steps, then save: back to the campaign list, the draft gone.
    await next(page, 'Pages and copy');
    await next(page, 'Multi-language');
    await page.getByRole('button', { name: 'Save campaign' }).click();
    await page.waitForURL(`**/campaignManagement/${projectId}`);
    await page.getByRole('link', { name: title, exact: true }).waitFor();

    const list = await api<{ items: CampaignSummary[] }>('GET', '/api/campaigns?area=growth', {
      token,
      projectId,
    });
    const saved = list.items.find((item) => item.title === title);
    expect(saved?.mark).toBe('lucky-wheel');
    const detail = await api<{
      config: {
        goal: string;
        prizes: Array<{ id: string; name: Record<string, string>; odds?: number; isThank?: boolean }>;
      };
    }>('GET', `/api/campaigns/${saved!.id}`, { token, projectId });
    expect(detail.config.goal).toBe('engagement-retention');
    expect(detail.config.prizes.map((prize) => prize.id)).toEqual([
      'p5',
      'coupon10',
      'points',
      'phone',
      'thanks',
    ]);
    expect(detail.config.prizes[0]).toMatchObject({ name: { 'zh-CN': 'Sticker' }, odds: 4.5 });
    expect(detail.config.prizes[1].name['zh-CN']).toBe('Grand prize');
    expect(detail.config.prizes[2].odds).toBe(40);
    expect(detail.config.prizes.find((prize) => prize.isThank)?.odds).toBe(35);
    expect(
      await api<Draft[]>('GET', '/api/drafts?area=growth&kind=gameplay&mark=lucky-wheel', {
        token,
        projectId,
      }),
    ).toEqual([]);

    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('offers a gameplay folder added to the schemas directory and saves a campaign of it', async () => {
    const schemasDir = process.env.E2E_SCHEMAS_DIR;
    expect(schemasDir, 'scripts/e2e.mjs passes the server schemas directory').toBeTruthy();
    const mark = `scratch-${stamp}`;
    const folder = join(schemasDir!, 'gameplays', mark);
    const name = `Scratch card ${stamp}`;

    // A new folder: the blind box's files with a mark, words and one field of its own.
    cpSync(join(schemasDir!, 'gameplays', 'blind-box'), folder, { recursive: true });
    const edit = (file: string, change: (json: Record<string, unknown>) => void) => {
      const path = join(folder, file);
      const json = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
      change(json);
      writeFileSync(path, JSON.stringify(json, null, 2));
    };
    try {
      edit('schema.json', (schema) => {
        (schema.properties as Record<string, unknown>).coating = {
          $ref: '/_defs/common.json#/$defs/hexColor',
          title: 'fields.coating',
        };
        (schema.required as string[]).push('coating');
      });
      edit('templates/classic.json', (config) => {
        config.coating = '#c0c0c0';
        config.title = `Scratch-${stamp}`;
      });
      for (const [lang, words] of [
        ['en-US', { 'meta.title': name, 'fields.coating': 'Coating colour' }],
        ['zh-CN', { 'meta.title': `刮刮卡 ${stamp}`, 'fields.coating': '涂层颜色' }],
      ] as const)
        edit(`locales/${lang}.json`, (strings) => Object.assign(strings, words));
      edit('meta.json', (meta) => {
        meta.mark = mark;
        const steps = meta.steps as Array<{ key: string; fields: string[] }>;
        steps.find((step) => step.key === 'logic')!.fields.push('coating');
      });

      // The server's watcher picks the folder up.
      const until = Date.now() + 20_000;
      while ((await apiCall('GET', `/api/schemas/gameplay/${mark}`, { token, projectId })).status !== 200) {
        if (Date.now() > until) throw new Error(`${mark} never appeared in the registry`);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }

      const { page, context, pageErrors } = await signedInPage(`/campaignManagement/${projectId}/type`);
      await chooseGameplay(page, name, 'Classic blind box');
      await next(page, 'Basic info');
      await next(page, 'Logic and rewards');
      await expect(page.getByLabel('Coating colour').inputValue()).resolves.toBe('#c0c0c0');
      await page.getByLabel('Coating colour').fill('red');
      await page.getByLabel('Coating colour').press('Tab');
      await page.getByRole('button', { name: 'Next' }).click();
      await page.locator('.ant-form-item-explain-error', { hasText: 'hex colour' }).waitFor();
      await page.getByLabel('Coating colour').fill('#ffd700');
      await next(page, 'Pages and copy');
      await next(page, 'Multi-language');
      await page.getByRole('button', { name: 'Save campaign' }).click();
      await page.waitForURL(`**/campaignManagement/${projectId}`);

      const list = await api<{ items: CampaignSummary[] }>('GET', `/api/campaigns?area=growth&mark=${mark}`, {
        token,
        projectId,
      });
      expect(list.items.map((item) => item.mark)).toEqual([mark]);
      const detail = await api<{ config: { coating: string } }>('GET', `/api/campaigns/${list.items[0].id}`, {
        token,
        projectId,
      });
      expect(detail.config.coating).toBe('#ffd700');
      expect(pageErrors).toEqual([]);
      await context.close();
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('opens every dropdown and date picker above the sticky footer, and saves with no failing request', async () => {
    const { page, context, pageErrors } = await signedInPage(`/campaignManagement/${projectId}/type`);
    // Every answer of 400 or more and every console error the page sees, from the first step to the list.
    const failures: string[] = [];
    page.on('response', (response) => {
      if (response.status() >= 400)
        failures.push(`${response.status()} ${response.request().method()} ${response.url()}`);
    });
    page.on('console', (entry) => {
      if (entry.type() === 'error') failures.push(`console: ${entry.text()}`);
    });
    const title = `Popups-${stamp}`;
    // A saved callback address, so the delivery's address field has a list to open.
    await api('POST', '/api/callback-addresses', {
      body: { name: 'Prize service', url: 'https://8.8.8.8/prize-callback' },
      token,
      projectId,
    });
    await chooseGameplay(page, 'Lucky draw wheel', 'Classic wheel');
    const fields: string[] = [];
    let overFooter = 0;
    for (const step of ['Basic info', 'Logic and rewards', 'Pages and copy', 'Multi-language']) {
      const seen = await popupsAboveFooter(page);
      fields.push(...seen.fields);
      overFooter += seen.overFooter;
      if (step === 'Logic and rewards') {
        await page.getByLabel('Campaign title').fill(title);
        await page.getByLabel('Campaign title').press('Tab');
      }
      await next(page, step);
    }
    const last = await popupsAboveFooter(page);
    fields.push(...last.fields);
    overFooter += last.overFooter;
    expect(fields).toEqual(
      expect.arrayContaining([
        'Timezone',
        'root_onlineAt',
        'Delivery 1',
        'root_delivery_callbackUrl',
        'root_languages',
        'root_defaultLanguage',
      ]),
    );
    // The check meant something: popups did open over the footer, and were still on top.
    expect(overFooter).toBeGreaterThanOrEqual(3);

    // The default language, picked by a real click on the option lying over the footer.
    const language = page.locator('.ant-select', { has: page.locator('#root_defaultLanguage') });
    await language.click();
    const options = page.locator(OPEN_POPUP).last().locator('.ant-select-item-option');
    await options.first().waitFor();
    const footer = (await page.locator('.gc-wizard-footer').boundingBox())!;
    const boxes = await options.evaluateAll((items) =>
      items.map((item) => ({ text: item.textContent ?? '', box: item.getBoundingClientRect().toJSON() })),
    );
    const overlap = (box: DOMRect) =>
      Math.max(0, Math.min(box.bottom, footer.y + footer.height) - Math.max(box.top, footer.y));
    const target = boxes
      .filter((option) => option.text !== '')
      .reduce((best, option) => (overlap(option.box) > overlap(best.box) ? option : best));
    expect(overlap(target.box), 'an option lies over the footer').toBeGreaterThan(0);
    await page.mouse.click(target.box.left + 40, target.box.top + target.box.height / 2);
    await expect.poll(() => language.locator('.ant-select-content').getAttribute('title')).toBe(target.text);
    // English (one of the campaign's languages) again, clicked where it lies, footer or not.
    await language.click();
    await page.locator(OPEN_POPUP).last().getByText('English', { exact: true }).click();
    await expect.poll(() => language.locator('.ant-select-content').getAttribute('title')).toBe('English');

    // A draft written, then the campaign saved: the server drops the draft with the save, and the
    // page asks for nothing more (no DELETE of a draft already gone).
    await page.getByTestId('save-draft').click();
    await page.getByText('Draft saved').waitFor();
    await page.getByRole('button', { name: 'Save campaign' }).click();
    await page.waitForURL(`**/campaignManagement/${projectId}`);
    await page.getByRole('link', { name: title, exact: true }).waitFor();
    expect(
      await api<Draft[]>('GET', '/api/drafts?area=growth&kind=gameplay&mark=lucky-wheel', {
        token,
        projectId,
      }),
    ).toEqual([]);
    expect(failures).toEqual([]);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it("says what a server callback's prize keys are and where they arrive, and saves them", async () => {
    const { page, context, pageErrors } = await signedInPage(`/campaignManagement/${projectId}/type`);
    const title = `Keys-${stamp}`;
    await chooseGameplay(page, 'Lucky draw wheel', 'Classic wheel');
    await next(page, 'Basic info');
    await page.getByLabel('Campaign title').fill(title);
    await page.getByLabel('Campaign title').press('Tab');
    await next(page, 'Logic and rewards');

    // A prize delivered by server callback, with no keys: the step says what they are for.
    await page.getByRole('combobox', { name: 'Delivery 1' }).click();
    await page.locator(OPEN_POPUP).last().getByText('Server callback', { exact: true }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    const missing =
      'Prize 1 › Virtual prize keys: A server callback needs at least one key: the keys and values are what the callback sends to the callback address, as its data.';
    await page.getByTestId('form-problems').filter({ hasText: missing }).waitFor();
    await stepTitle(page, 'Logic and rewards');

    // The prize's details explain the field under it, next to the same message.
    await page.getByRole('button', { name: 'Edit prize 1' }).click();
    const drawer = page.getByRole('dialog', { name: 'Prize 1' });
    await drawer
      .getByText(
        'What your server needs to hand this prize over. With every win, the keys and values are sent to the callback address in the callback\'s data object: sku = vip-7d arrives as "data": {"sku": "vip-7d"}. At least one.',
      )
      .waitFor();
    await drawer
      .getByRole('combobox')
      .and(drawer.locator('#root_callbackUrl'))
      .fill('https://8.8.8.8/prize-callback');
    await drawer.getByRole('button', { name: 'Add key-value' }).click();
    await drawer.getByLabel('Key', { exact: true }).fill('sku');
    await drawer.getByLabel('Value', { exact: true }).fill('vip-7d');
    await drawer.getByLabel('Value', { exact: true }).press('Tab');
    await drawer.getByRole('button', { name: 'Apply' }).click();
    await drawer.waitFor({ state: 'hidden' });
    await page
      .getByTestId('form-problems')
      .filter({ hasText: 'Virtual prize keys' })
      .waitFor({ state: 'detached' });

    await next(page, 'Pages and copy');
    await next(page, 'Multi-language');
    await page.getByRole('button', { name: 'Save campaign' }).click();
    await page.waitForURL(`**/campaignManagement/${projectId}`);
    const list = await api<{ items: CampaignSummary[] }>('GET', '/api/campaigns?area=growth', {
      token,
      projectId,
    });
    const saved = list.items.find((item) => item.title === title);
    const detail = await api<{ config: { prizes: Array<Record<string, unknown>> } }>(
      'GET',
      `/api/campaigns/${saved!.id}`,
      { token, projectId },
    );
    expect(detail.config.prizes[0]).toMatchObject({
      deliveryType: 'callback',
      callbackUrl: 'https://8.8.8.8/prize-callback',
      keys: [{ key: 'sku', value: 'vip-7d' }],
    });
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
