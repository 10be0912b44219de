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
  // A busy machine makes pages slow, not wrong: actions and waits get a minute.
  context.setDefaultTimeout(60_000);
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

/** What the console keeps after logging in: the session the server answers to sign-up and login. */
export interface Session {
  token: string;
  expiresAt: string;
  user: unknown;
}

export interface ApiOptions {
  /** Sent as JSON. */
  body?: unknown;
  /** Bearer token of the caller; none for a public call. */
  token?: string;
  /** Sent as x-project-id. */
  projectId?: string;
  /** Sent as x-lang, so error messages are in that language; English unless told. */
  lang?: string;
}

/** One call to the server's API, as the console makes it: the raw status and `{ code, msg, data }` envelope. */
export async function apiCall<T>(
  method: string,
  path: string,
  { body, token, projectId, lang = 'en' }: ApiOptions = {},
): Promise<{ status: number; data: T; body: { code: number; msg: string; data: T } }> {
  const response = await fetch(`${BASE_URL}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      'x-lang': lang,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(projectId ? { 'x-project-id': projectId } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await response.json()) as { code: number; msg: string; data: T };
  return { status: response.status, data: envelope.data, body: envelope };
}

/** Like apiCall, for a call that must succeed: the envelope's data, or an error naming the call. */
export async function api<T>(method: string, path: string, options: ApiOptions = {}): Promise<T> {
  const { status, data, body } = await apiCall<T>(method, path, options);
  if (body.code !== 0) throw new Error(`${method} ${path}: ${status} ${body.msg}`);
  return data;
}

/** Signs a new owner up through the API; sign-up answers the session, so no login follows. */
export async function signUpViaApi(
  prefix: string,
  companyName: string,
): Promise<{ email: string; password: string; session: Session }> {
  const email = uniqueEmail(prefix);
  const password = 'secret123';
  const session = await api<Session>('POST', '/api/auth/sign-up', {
    body: { companyName, email, password, confirmPassword: password, agreement: true },
  });
  return { email, password, session };
}

/**
 * Writes a session into the page's storage as the login screen does, with the console's language
 * and (when given) the chosen project. The page must already be on the console's origin.
 */
export async function storeSession(
  page: Page,
  session: Session,
  { projectId = '', lng = 'enUS' }: { projectId?: string; lng?: 'enUS' | 'zhCN' } = {},
): Promise<void> {
  await page.evaluate(
    ([stored, language, project]) => {
      localStorage.setItem('token', stored.token);
      localStorage.setItem('expired', stored.expiresAt);
      localStorage.setItem('userInfo', JSON.stringify(stored.user));
      localStorage.setItem('lng', language);
      if (project) localStorage.setItem('projectId', project);
    },
    [session, lng, projectId] as const,
  );
}

/** A page signed in with a stored session, in English, on the project, opened at path. */
export async function openSignedIn(
  browser: Browser,
  path: string,
  session: Session,
  projectId: string,
): Promise<OpenedPage> {
  const opened = await openPage(browser, '/login');
  await storeSession(opened.page, session, { projectId });
  await opened.page.goto(path);
  return opened;
}
