import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const BASE_URL = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3000';

// The flags the machine needs: no sandbox as root, and no background traffic to hosts this
// closed network refuses.
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ARGS,
    headless: true,
  });
}

export interface OpenedPage {
  context: BrowserContext;
  page: Page;
  /** Uncaught page errors seen so far; a test asserts it stays empty. */
  pageErrors: string[];
}

/**
 * Every test context asks for reduced motion, so the console runs without antd's animations: a
 * click never lands on a dropdown or dialog still moving in or out.
 */
export const CONTEXT_OPTIONS = { reducedMotion: 'reduce' } as const;

export async function openPage(browser: Browser, path = '/'): Promise<OpenedPage> {
  const context = await browser.newContext({
    ...CONTEXT_OPTIONS,
    baseURL: BASE_URL,
    viewport: { width: 1366, height: 860 },
  });
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (err) => pageErrors.push(err.message));
  await page.goto(path);
  return { context, page, pageErrors };
}

/** A unique e-mail per run so tests never collide on the shared e2e database. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
}
