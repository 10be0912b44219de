import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { BASE_URL, api, launchBrowser, signUpViaApi, type Session } from './browser';

// A prize quiz on a phone: the player starts the quiz from a signed hand-off, answers each
// question the server asked (one single-choice, one multiple-choice), and the server's score
// names the prize; the page never held the answers.

const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';

let browser: Browser;
let session: Session;
let projectId = '';
let campaignId = '';
const stamp = Date.now().toString(36).slice(-6);

const text = (en: string, zh: string) => ({ 'en-US': en, 'zh-CN': zh });
const QUESTIONS = [
  {
    id: 'planet',
    title: text('Which planet is the largest?', '哪颗行星最大？'),
    options: [
      { id: 'mars', text: text('Mars', '火星') },
      { id: 'jupiter', text: text('Jupiter', '木星') },
      { id: 'venus', text: text('Venus', '金星') },
    ],
    answers: ['jupiter'],
    score: 50,
  },
  {
    id: 'primes',
    title: text('Which numbers are prime?', '哪些数是质数？'),
    options: [
      { id: 'two', text: text('2', '2') },
      { id: 'four', text: text('4', '4') },
      { id: 'seven', text: text('7', '7') },
    ],
    answers: ['two', 'seven'],
    score: 50,
  },
];
const RIGHT: Record<string, string[]> = { planet: ['Jupiter'], primes: ['2', '7'] };

beforeAll(async () => {
  browser = await launchBrowser();
  ({ session } = await signUpViaApi('quizzer', 'Quiz Works'));
  projectId = (
    await api<{ id: string }>('POST', '/api/projects', {
      body: { name: 'Quiz', domainPrefix: `qz-${stamp}` },
      token: session.token,
    })
  ).id;
  const entry = await api<{ templates: Array<{ name: string; config: Record<string, unknown> }> }>(
    'GET',
    '/api/schemas/gameplay/prize-quiz',
    { token: session.token, projectId },
  );
  const template = entry.templates[0];
  const hour = 3_600_000;
  const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
  const config = {
    ...template.config,
    title: `Quiz-${stamp}`,
    startTime: iso(Date.now() - hour),
    endTime: iso(Date.now() + 48 * hour),
    timezone: 'GMT',
    defaultLanguage: 'en-US',
    questions: QUESTIONS,
    chances: { initialCount: 2, dailyFree: 0 },
    secondsPerQuestion: 60,
    prizes: [
      {
        id: 'gold',
        name: text('Gold badge', '金徽章'),
        deliveryType: 'system',
        isThank: false,
        unlimitedStock: true,
        minScore: 100,
      },
    ],
    scoreLines: [],
  };
  campaignId = (
    await api<{ id: string }>('POST', '/api/campaigns', {
      body: { area: 'growth', kind: 'gameplay', mark: 'prize-quiz', templateMark: template.name, config },
      token: session.token,
      projectId,
    })
  ).id;
  await api('POST', `/api/campaigns/${campaignId}/actions`, {
    body: { action: 'goOnline' },
    token: session.token,
    projectId,
  });
});

afterAll(async () => {
  await browser?.close();
});

describe('prize quiz on a phone', () => {
  it('answers the questions the server asked and wins the prize the score reaches', async () => {
    const { apiSecret } = await api<{ apiSecret: string }>('GET', '/api/access-key', {
      token: session.token,
      projectId,
    });
    const userId = `quizzer-${stamp}`;
    const exp = Math.floor(Date.now() / 1000) + 600;
    const sig = createHmac('sha256', apiSecret).update(`${campaignId}.${userId}.${exp}`).digest('base64url');
    const context = await browser.newContext({
      baseURL: BASE_URL,
      viewport: { width: 412, height: 915 },
      deviceScaleFactor: 2.625,
      hasTouch: true,
      isMobile: true,
      userAgent: PHONE_UA,
      locale: 'en-US',
    });
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    try {
      await page.goto(`/p/${campaignId}?u=${userId}&exp=${exp}&sig=${sig}`);
      await page.getByTestId('play-page').waitFor();
      expect(await page.getByTestId('play-page').getAttribute('data-renderer')).toBe('quiz');
      await expect.poll(() => page.getByTestId('play-state').getAttribute('data-chances')).toBe('2');

      const started = page.waitForResponse((r) => r.url().endsWith('/actions/startQuiz'));
      await page.getByTestId('quiz-start').tap();
      const body = await (await started).text();
      // The questions came without their answers.
      expect(body).not.toContain('jupiter"]');
      expect(body).not.toMatch(/"answers"/);
      await expect.poll(() => page.getByTestId('play-state').getAttribute('data-chances')).toBe('1');

      for (let step = 0; step < QUESTIONS.length; step++) {
        const quiz = page.getByTestId('quiz');
        const asked = await quiz.getAttribute('data-question');
        expect(asked).not.toBeNull();
        await quiz.getByText(`of ${QUESTIONS.length}`).waitFor();
        await quiz.getByRole('timer').waitFor();
        if (asked === 'primes') {
          await quiz.getByText('Pick every right answer').waitFor();
          expect(await quiz.getByRole('checkbox').count()).toBe(3);
        } else {
          expect(await quiz.getByRole('radio').count()).toBe(3);
        }
        expect(await page.getByTestId('quiz-next').isDisabled()).toBe(true);
        for (const option of RIGHT[asked!]) await quiz.getByLabel(option, { exact: true }).tap();
        await page.getByTestId('quiz-next').tap();
      }

      const result = page.getByTestId('play-result');
      await result.waitFor();
      expect(await result.getAttribute('data-prize-id')).toBe('gold');
      await result.getByText('Gold badge').waitFor();
      await result.getByRole('button', { name: 'OK' }).tap();
      await page.getByTestId('quiz-score').getByText('You scored 100 of 100').waitFor();
      await page.getByText('2 of 2 right').waitFor();
      // The reward is the player's, in "my prizes".
      await page.getByTestId('my-prizes').getByText('Gold badge').waitFor();
      await page.getByRole('button', { name: 'Try again' }).waitFor();
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
