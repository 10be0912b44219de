import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  api,
  BASE_URL,
  CONTEXT_OPTIONS,
  launchBrowser,
  signUpViaApi,
  storeSession,
  type Session,
} from './browser';

// A project's time zone in the project form. A browser in New York creating a project
// in English gets New York; the Chinese console starts at GMT+08:00; a new zone is saved and the
// analysis pages say which zone their days are in.

let browser: Browser;
let token = '';
let sessionData: Session;
const stamp = Date.now().toString(36).slice(-6);

interface Project {
  id: string;
  name: string;
  timezone: string;
}

beforeAll(async () => {
  browser = await launchBrowser();
  ({ session: sessionData } = await signUpViaApi('zones', 'Zones Co'));
  token = sessionData.token;
});

afterAll(async () => {
  await browser?.close();
});

/** The console signed in, in a browser whose own zone is New York. */
async function openConsole(lng: 'enUS' | 'zhCN', path: string, projectId = '') {
  const context = await browser.newContext({
    ...CONTEXT_OPTIONS,
    baseURL: BASE_URL,
    viewport: { width: 1440, height: 900 },
    timezoneId: 'America/New_York',
  });
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (err) => pageErrors.push(err.message));
  await page.goto('/login');
  await storeSession(page, sessionData, { projectId, lng });
  await page.goto(path);
  return { page, pageErrors, close: () => context.close() };
}

const zoneSelect = (page: Page) => page.getByRole('dialog').getByTestId('project-timezone');

describe('project time zone', () => {
  it('defaults to the browser zone in English, is changed in the form and shown by analysis', async () => {
    const { page, pageErrors, close } = await openConsole('enUS', '/projectManagement');
    await page.getByRole('button', { name: /New project/ }).click();
    const dialog = page.getByRole('dialog', { name: 'New project' });
    await dialog.getByLabel('Project name').fill('Zoned');
    await dialog.getByLabel('Domain prefix').fill(`zone-${stamp}`);
    await zoneSelect(page)
      .getByText(/\(GMT-0[45]:00\) America\/New_York/)
      .waitFor();
    await dialog.getByText('Analytics days, date presets and CSV dates are counted in this zone').waitFor();
    await dialog.getByRole('button', { name: /Save$/ }).click();
    await dialog.waitFor({ state: 'detached' });
    const created = (await api<Project[]>('GET', '/api/projects', { token })).find((p) => p.name === 'Zoned');
    expect(created?.timezone).toBe('America/New_York');

    // Another zone, found by typing: the form says the figures will be recounted.
    await page.getByRole('row', { name: /Zoned/ }).getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit project' });
    await zoneSelect(page).click();
    await page.keyboard.type('Shanghai');
    await page.locator('.ant-select-item-option', { hasText: '(GMT+08:00) Asia/Shanghai' }).click();
    await edit.getByText(/Saving recounts this project's analytics/).waitFor();
    await edit.getByRole('button', { name: /Save$/ }).click();
    await edit.waitFor({ state: 'detached' });
    const saved = (await api<Project[]>('GET', '/api/projects', { token })).find((p) => p.name === 'Zoned');
    expect(saved?.timezone).toBe('Asia/Shanghai');

    await page.goto(`/audience/${saved!.id}`);
    await page.getByTestId('range-zone').getByText('Days in the project time zone: Asia/Shanghai').waitFor();
    await page.goto(`/channelAnalytics/${saved!.id}`);
    await page.getByTestId('range-zone').getByText('Days in the project time zone: Asia/Shanghai').waitFor();
    expect(pageErrors).toEqual([]);
    await close();
  });

  it('starts at GMT+08:00 in the Chinese console, whatever the browser zone', async () => {
    const { page, pageErrors, close } = await openConsole('zhCN', '/projectManagement');
    await page.getByRole('button', { name: /新建项目/ }).click();
    await zoneSelect(page).getByText('(GMT+08:00) Asia/Shanghai').waitFor();
    expect(pageErrors).toEqual([]);
    await close();
  });
});
