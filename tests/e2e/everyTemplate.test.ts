import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page, Response } from 'playwright-core';
import {
  BASE_URL,
  api,
  launchBrowser,
  openSignedIn,
  signUpViaApi,
  type OpenedPage,
  type Session,
} from './browser';
import { openAsPlayer, serverEvents, type PlayerPage } from './player';
import { assetsOf, picturesOf } from './artwork';

// Every gameplay and sub-activity template, as a new operator meets it: the wizard opened from
// the template in the English console of a project in UTC (the time zone it offers is the
// project's), every step walked, saved, put online from the list, then the player's page opened
// on a phone from a signed hand-off, where the mechanic's first action is performed and its
// answer seen, with the template's artwork loaded and the page fitting the phone. The folders and
// templates come from the server's registry, so a new folder is covered without editing this
// file; a renderer this file has no first action for fails. Each template leaves a phone
// screenshot in test-results/every-template/ to look at.

const SHOTS = join(process.cwd(), 'test-results', 'every-template');
const stamp = Date.now().toString(36).slice(-5);
// Wizards and phones at once: enough to overlap the waits, few enough for two busy cores.
const AT_ONCE = 3;
const STANDARD_EVENTS = new Set([
  'install',
  'open',
  'register',
  'login',
  'launch',
  'page_view',
  'purchase',
  'share',
]);

interface Entry {
  kind: 'gameplay' | 'sub-activity';
  mark: string;
  name: string;
  meta: { play?: { mechanic?: string; renderer?: string } };
  templates: Array<{ name: string; config: Record<string, unknown> }>;
}

interface Case {
  entry: Entry;
  template: string;
  label: string;
}

interface Made {
  id: string;
  config: Record<string, unknown>;
  /** Failed requests and errors the console's page met on the way (none expected). */
  consoleProblems?: string[];
}

let browser: Browser;
let session: Session;
let projectId = '';
let apiSecret = '';
let accessKey = '';
const covered: string[] = [];
const timings = new Map<string, string[]>();

/** The registry's gameplays and sub-activities with their templates (public routes). */
async function loadCases(): Promise<Case[]> {
  const { entries } = await api<{ entries: Array<{ kind: string; mark: string }> }>('GET', '/api/schemas');
  const out: Case[] = [];
  for (const { kind, mark } of entries.filter((e) => e.kind === 'gameplay' || e.kind === 'sub-activity')) {
    const entry = await api<Entry>('GET', `/api/schemas/${kind}/${mark}`);
    for (const template of entry.templates)
      out.push({ entry, template: template.name, label: `${entry.name} / ${template.name}` });
  }
  return out;
}
const cases = await loadCases();

/**
 * The gameplay a sub-activity binds to: one of its mechanic (an invite contest ranks a referral's
 * invites), else the classic lucky wheel.
 */
const parentCase = (mechanic: string | undefined): Case =>
  cases.find(
    (c) => c.entry.kind === 'gameplay' && mechanic === 'invite' && c.entry.meta.play?.mechanic === 'invite',
  ) ?? cases.find((c) => c.entry.mark === 'lucky-wheel' && c.template === 'classic')!;
const parentCases = new Set(
  cases.filter((c) => c.entry.kind === 'sub-activity').map((c) => parentCase(c.entry.meta.play?.mechanic)),
);

/** A small semaphore: at most `n` bodies run at once. */
function limiter(n: number) {
  let running = 0;
  const waiting: Array<() => void> = [];
  return async <T>(body: () => Promise<T>): Promise<T> => {
    if (running >= n) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    try {
      return await body();
    } finally {
      running--;
      waiting.shift()?.();
    }
  };
}
const slot = limiter(AT_ONCE);

/** Promises settled when a parent gameplay is online (see parentCase). */
const parents = new Map<
  Case,
  { promise: Promise<Made>; resolve(made: Made): void; reject(e: unknown): void }
>();
function parentOf(c: Case) {
  let parent = parents.get(c);
  if (!parent) {
    let resolve!: (made: Made) => void;
    let reject!: (e: unknown) => void;
    const promise = new Promise<Made>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    promise.catch(() => {});
    parent = { promise, resolve, reject };
    parents.set(c, parent);
  }
  return parent;
}

beforeAll(async () => {
  browser = await launchBrowser();
  ({ session } = await signUpViaApi('every', 'Every Template Ltd'));
  projectId = (
    await api<{ id: string }>('POST', '/api/projects', {
      body: { name: 'Every template', domainPrefix: `every${stamp}`, timezone: 'UTC' },
      token: session.token,
    })
  ).id;
  ({ accessKey, apiSecret } = await api<{ accessKey: string; apiSecret: string }>('GET', '/api/access-key', {
    token: session.token,
    projectId,
  }));
  // The app events the templates count (tasks, pets) are defined in the project, as the Event
  // page asks an operator to do before the app may report them.
  const keys = new Set(cases.flatMap((c) => c.entry.templates.flatMap((t) => eventKeysOf(t.config))));
  for (const key of keys) {
    if (STANDARD_EVENTS.has(key)) continue;
    await api('POST', '/api/events', { token: session.token, projectId, body: { key, name: key } });
  }
  mkdirSync(SHOTS, { recursive: true });
  for (let i = 0; i < AT_ONCE; i++) {
    const opened = await openSignedIn(browser, '/', session, projectId);
    // Several wizards and phones share two cores: slow there is not wrong.
    opened.page.setDefaultTimeout(90_000);
    consoles.push(opened);
  }
}, 300_000);

afterAll(async () => {
  console.log(`every template, wizard to phone: ${covered.length} covered\n  ${covered.sort().join('\n  ')}`);
  await browser?.close();
});

/** The app event keys a config names: tasks' and pets' `event`/`events`, a referral's task event. */
function eventKeysOf(value: unknown, key = ''): string[] {
  if (typeof value === 'string')
    return key === 'event' || key === 'events' || key === 'taskEvent' ? [value] : [];
  if (Array.isArray(value)) return value.flatMap((item) => eventKeysOf(item, key));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => eventKeysOf(v, k === 'events' ? 'events' : k));
  return [];
}

/** Events of the player's app, as the project's server reports them (signed with the API secret). */
async function appReports(userId: string, names: string[]): Promise<void> {
  const answer = await serverEvents(
    { accessKey, apiSecret },
    names.map((name, i) => ({
      eventId: `${userId}-${name}-${i}-${Date.now().toString(36)}`,
      name,
      deviceId: `${userId}-phone`,
      userId,
      platform: 'android',
      time: new Date().toISOString(),
    })),
  );
  const body = (await answer.json()) as { data?: { rejected?: unknown[] } };
  expect(answer.status, JSON.stringify(body)).toBe(200);
  expect(body.data?.rejected ?? [], JSON.stringify(body)).toEqual([]);
}

/**
 * Asks `read` until `ok` holds (expect.poll belongs to one test, and these run concurrently);
 * fails with the last value read.
 */
async function until<T>(
  read: () => Promise<T>,
  ok: (value: T) => boolean,
  what: string,
  timeoutMs = 60_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T | undefined;
  for (;;) {
    try {
      last = await read();
      if (ok(last)) return last;
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
    if (Date.now() > deadline)
      throw new Error(`${what}: still ${JSON.stringify(last)} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function stepTitle(page: Page): Promise<string> {
  return (await page.locator('.gc-wizard-body .ant-card-head-title').first().innerText()).trim();
}

/** Console pages signed in once and reused by the wizards, one per wizard at a time. */
const consoles: OpenedPage[] = [];
const consoleSlot = limiter(AT_ONCE);

/**
 * The wizard from the template, in a console page of its own: each step walked with Next (the
 * title made unique on Basic info, where the time zone must be the project's), saved back to the
 * list, then put online (the list's Go online is the first-hour test's; here it would only repeat
 * the same dialog). Answers the campaign as the server stored it.
 */
async function walkWizard(c: Case, title: string, parentId?: string): Promise<Made> {
  const path =
    c.entry.kind === 'gameplay'
      ? `/campaignManagement/${projectId}/createActivity/${c.entry.mark}/${c.template}`
      : `/sonActiveMenage/${projectId}/sonActiveCreate/${c.entry.mark}?template=${c.template}&parentId=${parentId}`;
  const opened = consoles.pop()!;
  const { page } = opened;
  const t0 = Date.now();
  const failures: string[] = [];
  const onResponse = (r: Response) => {
    if (r.status() >= 400) failures.push(`${r.status()} ${r.request().method()} ${r.url()}`);
  };
  page.on('response', onResponse);
  opened.pageErrors.length = 0;
  try {
    await page.goto(path);
    await page.locator('.gc-wizard-body .ant-card-head-title').first().waitFor();
    const steps: string[] = [];
    for (;;) {
      const step = await stepTitle(page);
      steps.push(step);
      const titleField = page.getByLabel(/^(Campaign|Sub-activity) title$/);
      if (await titleField.count()) {
        await titleField.fill(title);
        await titleField.press('Tab');
        // One clock: the campaign starts in the project's zone (UTC), not the template's.
        expect(await page.locator('.gc-sf-timezone').innerText(), c.label).toBe('GMT+00:00');
      }
      const save = page.getByRole('button', { name: /^Save (campaign|sub-activity)$/ });
      if (await save.count()) {
        await save.click();
        break;
      }
      await page.getByRole('button', { name: 'Next', exact: true }).click();
      await page.waitForFunction(
        (before) =>
          document.querySelector('.gc-wizard-body .ant-card-head-title')?.textContent?.trim() !== before,
        step,
      );
      expect(steps.length, `${c.label}: ${steps.join(' > ')}`).toBeLessThan(12);
    }
    const list = c.entry.kind === 'gameplay' ? 'campaignManagement' : 'sonActiveMenage';
    await page.waitForURL(`**/${list}/${projectId}`, { timeout: 60_000 }).catch(async (error) => {
      const problems = await page.getByTestId('form-problems').allInnerTexts();
      throw new Error(`${c.label} did not save: ${problems.join(' | ') || String(error)}`);
    });
    // The list shows the saved campaign as a draft.
    await page.getByRole('link', { name: title, exact: true }).waitFor();
    timings.set(c.label, [`walk ${Date.now() - t0}`]);
    const found = await api<{ items: Array<{ id: string; title: string; status: string }> }>(
      'GET',
      `/api/campaigns?kind=${c.entry.kind}&title=${encodeURIComponent(title)}`,
      { token: session.token, projectId },
    );
    const saved = found.items.find((campaign) => campaign.title === title)!;
    expect(saved.status, c.label).toBe('draft');
    await api('POST', `/api/campaigns/${saved.id}/actions`, {
      body: { action: 'goOnline' },
      token: session.token,
      projectId,
    });
    const stored = await api<{ config: Record<string, unknown>; status: string }>(
      'GET',
      `/api/campaigns/${saved.id}`,
      { token: session.token, projectId },
    );
    // The template's period starts today in the project's zone: online means running at once.
    expect(stored.status, c.label).toBe('running');
    expect(stored.config.timezone, c.label).toBe('GMT+00:00');
    return { id: saved.id, config: stored.config, consoleProblems: [...failures, ...opened.pageErrors] };
  } finally {
    page.off('response', onResponse);
    consoles.push(opened);
  }
}

interface Turn {
  player: PlayerPage;
  made: Made;
  userId: string;
  /** A second phone, for mechanics that need a friend. */
  openPlayer(campaignId: string, userId: string, extraQuery?: string): Promise<PlayerPage>;
}

const result = (page: Page) => page.getByTestId('play-result');

/** The chances the page says are left (the page's line under every draw renderer). */
const chancesLeft = async (page: Page) =>
  Number(await page.getByTestId('play-state').getAttribute('data-chances'));

/** The renderer chunks a page has fetched (renderers loaded on demand), by module name. */
const rendererChunks = (page: Page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .flatMap((entry) => /\/([A-Za-z]+Renderer)-[^/]*\.js$/.exec(entry.name)?.slice(1) ?? []),
  );

/** Taps and waits for the action's answer from the server. */
async function act(page: Page, action: string, tap: () => Promise<void>): Promise<void> {
  const answered = page.waitForResponse(
    (r) => r.url().includes('/actions/') && r.url().endsWith(`/${action}`),
  );
  await tap();
  expect((await answered).status()).toBe(200);
}

/**
 * The first action of each renderer and the answer the page shows for it, by the renderer a
 * folder names in meta.json (`play.renderer`). Answers the text the player reads.
 */
const FIRST_ACTIONS: Record<string, (turn: Turn) => Promise<string>> = {
  wheel: async ({ player: { page }, made }) => {
    // A template with a countdown (drawCountdown >= 0) draws by itself once the page has counted
    // down: that is its first action, and a tap while its result is shown does nothing.
    if (Number(made.config.drawCountdown ?? -1) >= 0) {
      await result(page).waitFor();
      // The server spent one of the visit's chances on it.
      const { initialCount, dailyFree } = made.config.chances as { initialCount: number; dailyFree: number };
      await page.waitForFunction(
        (left) => document.querySelector('[data-testid="play-state"]')?.getAttribute('data-chances') === left,
        String(initialCount + dailyFree - 1),
      );
    } else await act(page, 'draw', () => page.getByTestId('draw-button').first().tap());
    return result(page).innerText();
  },
  lottery: async ({ player: { page } }) => {
    await act(page, 'draw', () => page.getByTestId('draw-button').first().tap());
    return result(page).innerText();
  },
  boxes: async ({ player: { page } }) => {
    await act(page, 'draw', () => page.getByRole('button', { name: 'Box 1', exact: true }).tap());
    return result(page).innerText();
  },
  cards: async ({ player: { page } }) => {
    await act(page, 'draw', () => page.getByRole('button', { name: 'Card 1', exact: true }).tap());
    return result(page).innerText();
  },
  slots: async ({ player: { page } }) => {
    // The lever; the reels stop on the line of the server's answer.
    const before = await chancesLeft(page);
    expect(before).toBeGreaterThan(0);
    const answer = page.waitForResponse((r) => r.url().includes('/actions/') && r.url().endsWith('/draw'));
    await page.getByTestId('draw-button').tap();
    const drawn = (await (await answer).json()) as {
      data: { result: { prize: { id: string | null; isThank: boolean } } };
    };
    const { prize } = drawn.data.result;
    await result(page).waitFor();
    expect(await result(page).getAttribute('data-prize-id')).toBe(prize.id ?? '');
    const line = await page
      .getByTestId('slots-reel')
      .evaluateAll((reels) => reels.map((reel) => reel.getAttribute('data-prize')));
    expect(line).toHaveLength(3);
    if (prize.isThank) expect(new Set(line).size, line.join(' ')).toBeGreaterThan(1);
    else expect(line).toEqual([prize.id, prize.id, prize.id]);
    // The chances under the machine count the spin once its result shows.
    await expect.poll(() => chancesLeft(page), { timeout: 30_000 }).toBe(before - 1);
    expect(await rendererChunks(page)).toEqual(['SlotsRenderer']);
    return result(page).innerText();
  },
  scratch: async ({ player: { page } }) => {
    const card = page.getByTestId('scratch');
    expect(await card.getAttribute('data-state')).toBe('covered');
    const before = await chancesLeft(page);
    expect(before).toBeGreaterThan(0);
    const box = (await page.getByTestId('scratch-canvas').boundingBox())!;
    const answer = page.waitForResponse((r) => r.url().includes('/actions/') && r.url().endsWith('/draw'));
    // A finger scratches the coating in strokes across the card until it clears by itself.
    const cdp = await page.context().newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x = 0, y = 0) =>
      cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y }] });
    const stroke = async (index: number) => {
      const y = box.y + box.height * (0.08 + ((index * 0.14) % 0.9));
      await touch('touchStart', box.x + 8, y);
      for (let i = 1; i <= 12; i += 1)
        await touch('touchMove', box.x + 8 + ((box.width - 16) * i) / 12, y + (i % 2) * 6);
      await touch('touchEnd');
    };
    // The first stroke asks the server for the draw; its answer waits under the coating.
    await stroke(0);
    const drawn = (await (await answer).json()) as { data: { result: { prize: { id: string | null } } } };
    expect(await card.getAttribute('data-state')).toBe('scratching');
    expect(await result(page).isVisible()).toBe(false);
    let strokes = 1;
    for (; strokes < 12 && !(await result(page).isVisible()); strokes += 1) await stroke(strokes);
    await result(page).waitFor();
    // Half the card, not the first touch, reveals it; the prize under the coating is the server's.
    expect(strokes).toBeGreaterThanOrEqual(3);
    expect(await result(page).getAttribute('data-prize-id')).toBe(drawn.data.result.prize.id ?? '');
    expect(await card.locator('[data-landed]').getAttribute('data-prize-id')).toBe(
      drawn.data.result.prize.id ?? '',
    );
    expect(await card.getAttribute('data-state')).toBe('revealed');
    await expect.poll(() => chancesLeft(page), { timeout: 30_000 }).toBe(before - 1);
    expect(await rendererChunks(page)).toEqual(['ScratchRenderer']);
    return result(page).innerText();
  },
  calendar: async ({ player: { page } }) => {
    await act(page, 'checkIn', () => page.getByTestId('checkin-button').tap());
    await until(
      () => page.getByTestId('checkin-streak').innerText(),
      (v) => v === '1',
      'streak',
    );
    return result(page).innerText();
  },
  board: async ({ player: { page } }) => {
    await act(page, 'roll', () => page.getByTestId('dice-roll').tap());
    await until(
      () => page.getByTestId('dice-face').getAttribute('aria-label'),
      (v) => /^[1-6]$/.test(v ?? ''),
      'die',
    );
    await until(
      () => page.getByTestId('dice-position').innerText(),
      (v) => Number(v) > 0,
      'position',
    );
    return `rolled ${await page.getByTestId('dice-face').getAttribute('aria-label')}`;
  },
  fragments: async ({ player: { page } }) => {
    await act(page, 'drawFragment', () => page.getByTestId('collect-draw').tap());
    const got = page.getByText(/^You got: /);
    await got.waitFor();
    return got.innerText();
  },
  predict: async ({ player: { page } }) => {
    const match = page.getByTestId('predict-match').first();
    await match.getByTestId('predict-option').first().tap();
    await act(page, 'predict', () => match.getByTestId('predict-confirm').tap());
    await match.getByText('Your pick').waitFor();
    return match.innerText();
  },
  quiz: async ({ player: { page } }) => {
    await act(page, 'startQuiz', () => page.getByTestId('quiz-start').tap());
    const quiz = page.getByTestId('quiz');
    await quiz
      .getByText(/of \d+/)
      .first()
      .waitFor();
    const choice = quiz.getByRole('radio').or(quiz.getByRole('checkbox')).first();
    await choice.tap();
    await until(
      () => page.getByTestId('quiz-next').isEnabled(),
      (v) => v,
      'next question',
    );
    return quiz.innerText();
  },
  invite: async ({ player: { page } }) => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE_URL });
    const link = await page.getByRole('textbox', { name: 'Your invite link' }).inputValue();
    expect(new URL(link).searchParams.get('inviter')).toBeTruthy();
    await page.getByRole('button', { name: 'Copy invite link' }).tap();
    const copied = page.getByText('Invite link copied: send it to your friends');
    await copied.waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    return copied.innerText();
  },
  tasks: async ({ player: { page }, made, userId }) => {
    const tasks = (made.config.tasks as Array<{ id: string; event: string; enabled?: boolean }>).filter(
      (task) => task.enabled !== false,
    );
    const task = page.locator(`[data-task="${tasks[0].id}"]`);
    expect(await task.getAttribute('data-status')).toBe('todo');
    // The player does the task in the app; the app reports it.
    await appReports(userId, [tasks[0].event]);
    await until(
      async () => {
        await page.reload();
        await page.getByTestId('play-page').waitFor();
        return task.getAttribute('data-status');
      },
      (v) => v === 'done',
      'task done',
    );
    return task.innerText();
  },
  pool: async ({ player: { page }, made, userId }) => {
    const task = (made.config.tasks as Array<{ event: string; coins: number }>)[0];
    await appReports(userId, [task.event]);
    await until(
      async () => {
        await page.reload();
        await page.getByTestId('play-page').waitFor();
        return page.getByTestId('pool-balance').innerText();
      },
      (v) => v === String(task.coins),
      'coins earned',
    );
    await page.getByRole('textbox', { name: 'Coins to stake' }).fill(String(task.coins));
    await act(page, 'stake', () => page.getByRole('button', { name: 'Stake coins' }).tap());
    await until(
      () => page.getByTestId('pool-staked').innerText(),
      (v) => v === String(task.coins),
      'staked',
    );
    return page.getByTestId('pool').innerText();
  },
  raise: async ({ player: { page }, made, userId }) => {
    const pet = page.getByTestId('raise-pet');
    await pet.waitFor();
    const before = await page.getByTestId('raise').innerText();
    const events = made.config.events as string[];
    await appReports(userId, [events[0]]);
    await until(
      async () => {
        await page.reload();
        await page.getByTestId('play-page').waitFor();
        return page.getByTestId('raise').innerText();
      },
      (v) => v !== before,
      'the pet grows',
    );
    return page.getByTestId('raise').innerText();
  },
  leaderboard: async ({ player: { page }, userId, openPlayer, made }) => {
    const me = page.getByTestId('board-me');
    await me.getByText(/Counted invites: 0/).waitFor();
    // The contest ranks its bound referral's invites: the player invites a friend there, the
    // friend's app registers, and the invite is decided within seconds.
    const parentId = made.config.boundCampaignId as string;
    const inviter = await openPlayer(parentId, userId);
    const link = await inviter.page.getByRole('textbox', { name: 'Your invite link' }).inputValue();
    await inviter.close();
    const friend = `${userId}-friend`;
    const invitee = await openPlayer(
      parentId,
      friend,
      `inviter=${new URL(link).searchParams.get('inviter')}`,
    );
    await invitee.close();
    await appReports(friend, ['register']);
    await until(
      async () => {
        await page.reload();
        await page.getByTestId('play-page').waitFor();
        return me.innerText();
      },
      (v) => /Counted invites: 1\b/.test(v),
      'the invite counted',
      120_000,
    );
    return me.innerText();
  },
};

describe('every gameplay and sub-activity template, from the wizard to a phone', () => {
  it('knows a first action for every folder the server lists', () => {
    expect(cases.length).toBeGreaterThanOrEqual(18);
    for (const c of cases) {
      const renderer = c.entry.meta.play?.renderer ?? '';
      expect(Object.keys(FIRST_ACTIONS), `${c.label} (renderer ${renderer})`).toContain(renderer);
    }
  });

  it.concurrent.each(cases.map((c, index) => [c.label, c, index] as const))(
    '%s',
    async (_label, c, index) => {
      let parentId: string | undefined;
      if (c.entry.kind === 'sub-activity')
        parentId = (await parentOf(parentCase(c.entry.meta.play?.mechanic)).promise).id;
      const title = `${c.entry.mark.slice(0, 18)}-${stamp}-${index}`;
      const made = await consoleSlot(async () => {
        try {
          const walked = await walkWizard(c, title, parentId);
          if (parentCases.has(c)) parentOf(c).resolve(walked);
          return walked;
        } catch (error) {
          if (parentCases.has(c)) parentOf(c).reject(error);
          throw error;
        }
      });
      await slot(async () => {
        const owner = { session, projectId, apiSecret };
        const userId = `p${index}-${stamp}`;
        const t1 = Date.now();
        const player = await openAsPlayer(browser, owner, made.id, userId);
        player.page.setDefaultTimeout(90_000);
        timings.get(c.label)!.push(`phone ${Date.now() - t1}`);
        try {
          const renderer = await player.page.getByTestId('play-page').getAttribute('data-renderer');
          expect(renderer, c.label).toBe(c.entry.meta.play?.renderer);
          // The animations have their own tests (participantPlay): here the answers count.
          await player.page.emulateMedia({ reducedMotion: 'reduce' });
          // A campaign from a template looks finished: the template's artwork is on the page, every
          // picture has loaded, and the page fits the phone.
          await player.page.waitForLoadState('networkidle');
          const shown = await picturesOf(player.page);
          const named = assetsOf(made.config);
          expect(named.size, `${c.label}: the template names no artwork`).toBeGreaterThan(0);
          expect(shown.broken, `${c.label}: pictures that did not load`).toEqual([]);
          expect(
            shown.urls.filter((url) => named.has(url)),
            `${c.label}: the template's artwork on the page`,
          ).not.toEqual([]);
          if (typeof made.config.backgroundImage === 'string')
            expect(shown.background, c.label).toBe(made.config.backgroundImage);
          expect(
            await player.page.evaluate(() => document.documentElement.scrollWidth),
            c.label,
          ).toBeLessThanOrEqual(390);
          const answer = await FIRST_ACTIONS[renderer!]({
            player,
            made,
            userId,
            openPlayer: (id, user, extra) => openAsPlayer(browser, owner, id, user, 'pixel', extra),
          });
          expect(answer.trim(), c.label).not.toBe('');
          // A renderer loaded on demand is fetched by its own pages only.
          expect(
            (await rendererChunks(player.page)).filter(
              (name) => name.toLowerCase() !== `${renderer}renderer`,
            ),
            c.label,
          ).toEqual([]);
          await player.page.screenshot({
            path: join(SHOTS, `${c.entry.kind}-${c.entry.mark}-${c.template}.png`),
            fullPage: true,
          });
          expect(player.errors, c.label).toEqual([]);
          expect(made.consoleProblems, c.label).toEqual([]);
          timings.get(c.label)!.push(`played ${Date.now() - t1}`);
          covered.push(
            `${c.label} (${renderer}): ${answer.replace(/\s+/g, ' ').slice(0, 80)} [${timings.get(c.label)!.join(', ')}]`,
          );
        } finally {
          await player.close();
        }
      });
    },
    600_000,
  );
});
