import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { api, launchBrowser, openSignedIn, signUpViaApi, type Session } from './browser';

// The server refuses control characters in every field and line breaks in names (docs/http-and-security.md,
// "Hostile input"); the forms say so before submit, in the server's words: a plain antd form (a tag)
// and a schema-generated one (a link template, through the engine's validateConfig).

let browser: Browser;
let session: Session;
let projectId = '';
const stamp = Date.now().toString(36).slice(-6);

beforeAll(async () => {
  browser = await launchBrowser();
  ({ session } = await signUpViaApi('hostile', 'Hostile Co'));
  projectId = (
    await api<{ id: string }>('POST', '/api/projects', {
      body: { name: 'Hostile', domainPrefix: `ho${stamp}` },
      token: session.token,
    })
  ).id;
});

afterAll(async () => {
  await browser?.close();
});

async function openConsole(
  path: string,
): Promise<{ page: Page; pageErrors: string[]; close(): Promise<void> }> {
  const { page, context, pageErrors } = await openSignedIn(browser, path, session, projectId);
  return { page, pageErrors, close: () => context.close() };
}

function postsTo(page: Page, part: string): string[] {
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes(part)) posts.push(r.url());
  });
  return posts;
}

describe('control characters in the forms', () => {
  it('a tag name with a control character is refused before submit', async () => {
    const { page, pageErrors, close } = await openConsole(`/manageTag/${projectId}`);
    const posts = postsTo(page, '/api/tags');
    await page.getByRole('button', { name: /New tag/ }).click();
    await page.getByLabel('Tag name').fill(`bell\u0007${stamp}`);
    await page.getByRole('dialog').getByRole('button', { name: /Save$/ }).click();
    await page.getByText('Must not contain control characters (found U+0007)').waitFor();
    expect(posts).toEqual([]);
    await page.getByLabel('Tag name').fill(`plain${stamp}`);
    await page.getByRole('dialog').getByRole('button', { name: /Save$/ }).click();
    await page.getByRole('row', { name: new RegExp(`plain${stamp}`) }).waitFor();
    expect(posts).toHaveLength(1);
    expect(pageErrors).toEqual([]);
    await close();
  });

  it('a schema form (link template) names the field holding one', async () => {
    const { page, pageErrors, close } = await openConsole(`/templateMenage/${projectId}`);
    const posts = postsTo(page, '/api/link-templates');
    await page.getByRole('button', { name: /New template/ }).click();
    await page.waitForURL(/\/templateMenage\/templateConfig\//);
    await page.getByLabel('Template name').fill(`App\u0000${stamp}`);
    await page.getByRole('button', { name: /Save$/ }).click();
    await page
      .getByText(/Must not contain control characters \(found U\+0000\)/)
      .first()
      .waitFor();
    expect(posts).toEqual([]);
    expect(pageErrors).toEqual([]);
    await close();
  });
});
