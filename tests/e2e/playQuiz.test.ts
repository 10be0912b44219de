import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { api, launchBrowser, signUpViaApi, type Session } from './browser';
import { liveCampaign, openAsPlayer } from './player';

// A prize quiz on a phone: the player starts the quiz from a signed hand-off, answers each
// question the server asked (one single-choice, one multiple-choice), and the server's score
// names the prize; the page never held the answers.

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
  campaignId = await liveCampaign(session, projectId, 'prize-quiz', {
    title: `Quiz-${stamp}`,
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
  });
});

afterAll(async () => {
  await browser?.close();
});

describe('prize quiz on a phone', () => {
  it('answers the questions the server asked and wins the prize the score reaches', async () => {
    const player = await openAsPlayer(
      browser,
      { session, projectId },
      campaignId,
      `quizzer-${stamp}`,
      'pixel',
    );
    const { page } = player;
    try {
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
      expect(player.errors).toEqual([]);
    } finally {
      await player.close();
    }
  });
});
