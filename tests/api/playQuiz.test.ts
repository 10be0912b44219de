import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/testApp';
import { call } from './helpers/api';
import { createProject, signUpOwner, type SignedIn } from './helpers/accounts';
import { campaignAction, createCampaign, templateConfig, withTimes } from './helpers/campaigns';
import { act, apiSecretOf, playPage, signedSession } from './helpers/play';

// The prize quiz played through the participant API: the server asks the questions, scores the
// answers (the page never receives them) and gives the best prize the score reaches.

const HOUR = 3_600_000;

interface Question {
  id: string;
  title: string;
  multiple: boolean;
  options: { id: string; text: string }[];
}
interface Started {
  result: { attemptId: string; questions: Question[]; deadline: string | null; secondsPerQuestion: number };
  me: { chances: { left: number }; canPlay: boolean };
}
interface QuizParticipation {
  totals: Record<string, number>;
  quiz: {
    attempts: number;
    scores: { score: number; attempts: number }[];
    questions: { id: string; options: unknown[] }[];
  };
}
interface Answered {
  result: {
    score: number;
    possible: number;
    correct: number;
    outcome: string;
    prize: { id: string | null; name: string; isThank: boolean };
    rewardId: string | null;
    reward: { id: string; awardStatus: string } | null;
    review: { questionId: string; correct: boolean }[];
  };
  me: { chances: { left: number } };
}

const question = (id: string, answers: string[], score: number) => ({
  id,
  title: { 'zh-CN': `问题 ${id}`, 'en-US': `Question ${id}` },
  options: ['a', 'b', 'c'].map((o) => ({ id: o, text: { 'zh-CN': `选项 ${o}`, 'en-US': `Option ${o}` } })),
  answers,
  score,
});
const prize = (id: string, minScore: number, stock: number) => ({
  id,
  name: { 'zh-CN': `奖品 ${id}`, 'en-US': `Prize ${id}` },
  deliveryType: 'system',
  isThank: false,
  stock,
  minScore,
});

describe('participant API: prize quiz', () => {
  let t: TestApp;
  let owner: SignedIn;
  let projectId: string;
  let secret: string;
  let base: Record<string, unknown>;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUpOwner(t.app, 'quiz@example.com');
    projectId = await createProject(t.app, owner, 'Quiz', 'quiz');
    secret = await apiSecretOf(t.app, projectId);
    base = await templateConfig(t.app, 'gameplay', 'prize-quiz', 'classic');
  });
  afterAll(async () => t.close());

  async function liveQuiz(fields: Record<string, unknown>) {
    const config = { ...withTimes(base, new Date(t.clock.now().getTime() - HOUR)), ...fields };
    const created = await createCampaign(t.app, owner, projectId, { mark: 'prize-quiz', config });
    const moved = await campaignAction(t.app, owner, projectId, created.id, 'goOnline');
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    return created.id;
  }

  const BANK = [question('q1', ['a'], 40), question('q2', ['b', 'c'], 30.5), question('q3', ['c'], 29.5)];
  const RIGHT: Record<string, string[]> = { q1: ['a'], q2: ['c', 'b'], q3: ['c'] };

  it('asks drawn questions without their answers, scores on the server and gives the best prize reached', async () => {
    const id = await liveQuiz({
      questions: BANK,
      prizes: [prize('gold', 100, 1), prize('silver', 60, 5)],
      scoreLines: [],
      chances: { initialCount: 3, dailyFree: 0 },
      secondsPerQuestion: 30,
    });
    const page = await playPage<{ campaign: Record<string, unknown> }>(t.app, id);
    expect(page.body.data.campaign).toMatchObject({ mechanic: 'quiz', renderer: 'quiz', playable: true });
    expect(JSON.stringify(page.body.data)).not.toContain('"answers"');

    const alice = await signedSession(t.app, id, 'alice', secret);
    const started = await act<Started>(t.app, id, alice.token, 'startQuiz', { lang: 'en-US' });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const { attemptId, questions } = started.body.data.result;
    expect(questions.map((q) => q.id).sort()).toEqual(['q1', 'q2', 'q3']);
    expect(questions.find((q) => q.id === 'q2')).toMatchObject({ title: 'Question q2', multiple: true });
    expect(questions[0].options.map((o) => o.text)).toEqual(['Option a', 'Option b', 'Option c']);
    // The page never receives the answers.
    expect(JSON.stringify(started.body)).not.toMatch(/answers/);
    expect(started.body.data.me.chances.left).toBe(2);

    // All right: 100 points, the gold prize.
    const answered = await act<Answered>(t.app, id, alice.token, 'answer', {
      lang: 'en-US',
      body: { attemptId, answers: RIGHT },
    });
    expect(answered.status, JSON.stringify(answered.body)).toBe(200);
    expect(answered.body.data.result).toMatchObject({
      score: 100,
      possible: 100,
      correct: 3,
      outcome: 'win',
      prize: { id: 'gold', name: 'Prize gold', isThank: false },
      reward: { awardStatus: 'success' },
    });
    // Answering costs no chance; answering the same attempt again is refused.
    expect(answered.body.data.me.chances.left).toBe(2);
    const again = await act(t.app, id, alice.token, 'answer', { body: { attemptId, answers: RIGHT } });
    expect(again.status).toBe(409);
    expect(again.body.data.error).toBe('play.attemptAnswered');

    // Gold is gone (stock 1): the same full score now earns the next prize down.
    const bob = await signedSession(t.app, id, 'bob', secret);
    const second = await act<Started>(t.app, id, bob.token, 'startQuiz');
    const full = await act<Answered>(t.app, id, bob.token, 'answer', {
      body: { attemptId: second.body.data.result.attemptId, answers: RIGHT },
    });
    expect(full.body.data.result).toMatchObject({ score: 100, outcome: 'win', prize: { id: 'silver' } });

    // A partly right attempt: q2 needs both options; 69.5 < 100 reaches only silver, 40 reaches nothing.
    const third = await act<Started>(t.app, id, bob.token, 'startQuiz');
    const partial = await act<Answered>(t.app, id, bob.token, 'answer', {
      body: { attemptId: third.body.data.result.attemptId, answers: { q1: ['a'], q2: ['b'], q3: ['c'] } },
    });
    expect(partial.body.data.result).toMatchObject({
      score: 69.5,
      correct: 2,
      outcome: 'win',
      prize: { id: 'silver' },
    });
    expect(partial.body.data.result.review).toContainEqual({ questionId: 'q2', correct: false });
    const fourth = await act<Started>(t.app, id, bob.token, 'startQuiz');
    const low = await act<Answered>(t.app, id, bob.token, 'answer', {
      body: { attemptId: fourth.body.data.result.attemptId, answers: { q1: ['a'] } },
    });
    expect(low.body.data.result).toMatchObject({
      score: 40,
      outcome: 'noPrize',
      rewardId: null,
      reward: null,
    });

    // Stock and reward records agree.
    const records = await t.app.ctx.db
      .selectFrom('reward_records')
      .select(['prize_id', 'method'])
      .where('campaign_id', '=', id)
      .execute();
    expect(records.map((r) => r.prize_id).sort()).toEqual(['gold', 'silver', 'silver']);
    expect(new Set(records.map((r) => r.method))).toEqual(new Set(['answer']));

    // The report: four attempts, plays counted, and how each question was answered.
    const report = await call<{ participation: QuizParticipation }>(
      t.app,
      'GET',
      `/api/campaigns/${id}/report`,
      {
        token: owner.token,
        projectId,
      },
    );
    const p = report.body.data.participation;
    expect(p.totals).toMatchObject({ draws: 4, winners: 2, rewards: 3 });
    expect(p.quiz).toMatchObject({
      attempts: 4,
      answered: 4,
      timedOut: 0,
      fullMarks: 2,
      averageScore: 77.38,
    });
    expect(p.quiz.scores).toEqual([
      { score: 100, attempts: 2 },
      { score: 69.5, attempts: 1 },
      { score: 40, attempts: 1 },
    ]);
    const q2 = p.quiz.questions.find((q) => q.id === 'q2')!;
    expect(q2).toMatchObject({ asked: 4, answered: 3, right: 2 });
    expect(q2.options).toEqual([
      { id: 'a', text: '选项 a', isAnswer: false, picks: 0 },
      { id: 'b', text: '选项 b', isAnswer: true, picks: 3 },
      { id: 'c', text: '选项 c', isAnswer: true, picks: 2 },
    ]);
    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/campaigns/${id}/report/export?section=quiz`,
      headers: { authorization: `Bearer ${owner.token}`, 'x-project-id': projectId, 'x-lang': 'en' },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(
      'Question ID,Question,Asked,Answered,Right,Option ID,Option,Right answer,Picks',
    );
    expect(csv.body).toContain('q2,Question q2,4,3,2,b,Option b,true,3');
  });

  it('asks the configured number of questions, and answers after the deadline earn nothing', async () => {
    const id = await liveQuiz({
      questions: BANK,
      questionsPerAttempt: 2,
      prizes: [prize('gold', 10, 10)],
      scoreLines: [],
      chances: { initialCount: 5, dailyFree: 0 },
      secondsPerQuestion: 5,
    });
    const carol = await signedSession(t.app, id, 'carol', secret);
    const started = await act<Started>(t.app, id, carol.token, 'startQuiz');
    expect(started.body.data.result.questions).toHaveLength(2);
    // 2 questions x 5 s + 10 s grace.
    expect(Date.parse(started.body.data.result.deadline!) - t.clock.now().getTime()).toBe(20_000);
    t.clock.advance(21_000);
    const late = await act<Answered>(t.app, id, carol.token, 'answer', {
      body: { attemptId: started.body.data.result.attemptId, answers: RIGHT },
    });
    expect(late.body.data.result).toMatchObject({ score: 0, outcome: 'timeUp', rewardId: null });

    // Picks for a question not asked in this attempt earn nothing.
    const next = await act<Started>(t.app, id, carol.token, 'startQuiz');
    const askedIds = next.body.data.result.questions.map((q) => q.id);
    const notAsked = ['q1', 'q2', 'q3'].find((q) => !askedIds.includes(q))!;
    const stuffed = await act<Answered>(t.app, id, carol.token, 'answer', {
      body: { attemptId: next.body.data.result.attemptId, answers: { [notAsked]: RIGHT[notAsked] } },
    });
    expect(stuffed.body.data.result.score).toBe(0);
  });

  it("refuses bad answers, unknown attempts, another participant's attempt and spent chances, in both languages", async () => {
    const id = await liveQuiz({
      questions: BANK,
      prizes: [prize('gold', 100, 10)],
      scoreLines: [],
      chances: { initialCount: 1, dailyFree: 0 },
    });
    const dave = await signedSession(t.app, id, 'dave', secret);
    const erin = await signedSession(t.app, id, 'erin', secret);
    const started = await act<Started>(t.app, id, dave.token, 'startQuiz');
    const attemptId = started.body.data.result.attemptId;

    for (const body of [{}, { attemptId }, { attemptId, answers: [] }, { attemptId, answers: { q1: 'a' } }]) {
      const bad = await act(t.app, id, dave.token, 'answer', { body, lang: 'en-US' });
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(bad.body.data.error).toBe('play.badAnswers');
      expect(bad.body.msg).toMatch(/could not be read/);
    }
    const zh = await act(t.app, id, dave.token, 'answer', { body: {}, lang: 'zh-CN' });
    expect(zh.body.msg).toBe('无法读取答案：请提交答题编号，以及每道题所选选项的编号');

    const unknown = await act(t.app, id, dave.token, 'answer', { body: { attemptId: 'nope', answers: {} } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.data.error).toBe('play.attemptNotFound');
    const stolen = await act(t.app, id, erin.token, 'answer', { body: { attemptId, answers: RIGHT } });
    expect(stolen.status).toBe(404);

    // One chance: a second attempt is refused; a draw is not an action of a quiz.
    const second = await act(t.app, id, dave.token, 'startQuiz');
    expect(second.status).toBe(409);
    expect(second.body.data.error).toBe('play.noChances');
    const draw = await act(t.app, id, dave.token, 'draw');
    expect(draw.status).toBe(400);
    expect(draw.body.data.error).toBe('play.unknownAction');

    // The chance went to the attempt even though it was never answered well; the answer still counts.
    const ok = await act<Answered>(t.app, id, dave.token, 'answer', { body: { attemptId, answers: RIGHT } });
    expect(ok.body.data.result.outcome).toBe('win');
  });

  it("refuses a quiz whose questions cannot reach the lowest prize score, with SPEC's text", async () => {
    const config = {
      ...withTimes(base, new Date(t.clock.now().getTime() + HOUR)),
      questions: [question('q1', ['a'], 10)],
      prizes: [prize('gold', 50, 1)],
      scoreLines: [],
    };
    const answer = await call(t.app, 'POST', '/api/campaigns', {
      token: owner.token,
      projectId,
      lang: 'en',
      body: { area: 'growth', kind: 'gameplay', mark: 'prize-quiz', config },
    });
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toContain(
      'The total question score 10 must not be below the lowest prize score 50',
    );
  });
});
