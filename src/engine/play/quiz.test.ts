import { describe, expect, it } from 'vitest';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import {
  decideAnswer,
  decideStart,
  pickQuestions,
  prizesByScore,
  quizDeadline,
  quizRulesOf,
  scoreQuiz,
  type AnswerSituation,
  type QuizDrawPrize,
  type QuizQuestion,
  type StartSituation,
} from './quiz';
import { chanceRules, countersAfter, type EntryCounters } from './chances';

const q = (id: string, answers: string[], score: number): QuizQuestion => ({
  id,
  options: [{ id: 'a' }, { id: 'b' }, { id: 'c' }],
  answers,
  score,
});
const bank = [q('q1', ['a'], 10), q('q2', ['b', 'c'], 20.5), q('q3', ['c'], 0.1), q('q4', ['a'], 30)];

function seeded(seed: number) {
  const rng = xoroshiro128plus(seed);
  return (n: number) => uniformInt(rng, 0, n - 1);
}

describe('pickQuestions', () => {
  it('asks every question once, in an order the random source decides', () => {
    const asked = pickQuestions(bank, undefined, seeded(1));
    expect([...asked].sort()).toEqual(['q1', 'q2', 'q3', 'q4']);
    expect(pickQuestions(bank, undefined, seeded(1))).toEqual(asked);
  });

  it('asks the configured number of distinct questions', () => {
    const asked = pickQuestions(bank, 2, seeded(7));
    expect(asked).toHaveLength(2);
    expect(new Set(asked).size).toBe(2);
    expect(pickQuestions(bank, 9, seeded(7))).toHaveLength(4);
    expect(pickQuestions(bank, 0, seeded(7))).toHaveLength(4);
  });

  it('gives each question the same chance to come first (Fisher-Yates over 40,000 seeded attempts)', () => {
    const random = seeded(42);
    const first: Record<string, number> = {};
    const runs = 40_000;
    for (let i = 0; i < runs; i++) {
      const [id] = pickQuestions(bank, 1, random);
      first[id] = (first[id] ?? 0) + 1;
    }
    // Binomial(40 000, 1/4): standard deviation about 87; 5 of them either side.
    for (const id of ['q1', 'q2', 'q3', 'q4']) expect(Math.abs(first[id] - runs / 4)).toBeLessThan(5 * 87);
  });

  it('with a fixed source, the exact order (so an attempt can be replayed)', () => {
    const picks = [0, 0, 0];
    let i = 0;
    // j = 0 each time: swap the last with the first, then with the first again, ...
    expect(pickQuestions(bank, undefined, () => picks[i++])).toEqual(['q2', 'q3', 'q4', 'q1']);
  });
});

describe('scoreQuiz', () => {
  it('scores exact answer sets in hundredths, only for asked questions', () => {
    const score = scoreQuiz(bank, ['q1', 'q2', 'q3'], {
      q1: ['a'],
      q2: ['c', 'b'],
      q3: ['c', 'a'],
      q4: ['a'],
    });
    expect(score.hundredths).toBe(1000 + 2050);
    expect(score.possibleHundredths).toBe(1000 + 2050 + 10);
    expect(score.correct).toEqual([
      { questionId: 'q1', correct: true },
      { questionId: 'q2', correct: true },
      { questionId: 'q3', correct: false },
    ]);
  });

  it('gives nothing for a partial multi-answer, an unknown option, a missing answer or an inherited key', () => {
    const score = scoreQuiz(bank, ['q1', 'q2', 'q4'], { q2: ['b'], q4: ['z'], toString: ['a'] } as never);
    expect(score.hundredths).toBe(0);
    expect(scoreQuiz(bank, ['toString'], {}).possibleHundredths).toBe(0);
  });

  it('adds two-decimal scores exactly (0.1 ten times is 1)', () => {
    const tenths = Array.from({ length: 10 }, (_, i) => q(`t${i}`, ['a'], 0.1));
    const picks = Object.fromEntries(tenths.map((t) => [t.id, ['a']]));
    expect(
      scoreQuiz(
        tenths,
        tenths.map((t) => t.id),
        picks,
      ).hundredths,
    ).toBe(100);
  });
});

describe('prizesByScore', () => {
  const prizes = [
    { id: 'gold', minScore: 100 },
    { id: 'silver', minScore: 50 },
    { id: 'bronze', minScore: 50 },
    { id: 'thanks', isThank: true, minScore: 0 },
    { id: 'nolines' },
  ];

  it('ranks the prizes a score reaches, highest line first, ties in config order', () => {
    expect(prizesByScore(prizes, [], 10_000)).toEqual(['gold', 'silver', 'bronze']);
    expect(prizesByScore(prizes, [], 9_999)).toEqual(['silver', 'bronze']);
    expect(prizesByScore(prizes, [], 4_999)).toEqual([]);
  });

  it("takes a prize's score line over its minimum score", () => {
    const lines = [
      { prizeId: 'gold', score: 60.5 },
      { prizeId: 'silver', score: 80 },
    ];
    expect(prizesByScore(prizes, lines, 8_000)).toEqual(['silver', 'gold', 'bronze']);
    expect(prizesByScore(prizes, lines, 6_049)).toEqual(['bronze']);
    expect(prizesByScore(prizes, lines, 6_050)).toEqual(['gold', 'bronze']);
  });
});

describe('quizDeadline', () => {
  it('allows the configured seconds per asked question plus a grace; none without a limit', () => {
    expect(quizDeadline(1_000, 30, 3)).toBe(1_000 + 100_000);
    expect(quizDeadline(1_000, 0, 3)).toBeNull();
    expect(quizDeadline(1_000, undefined, 3)).toBeNull();
  });
});

describe('quiz edges', () => {
  it('gives nothing for as many picks as answers when one of them is wrong', () => {
    const score = scoreQuiz(bank, ['q2'], { q2: ['b', 'a'] });
    expect(score).toEqual({
      hundredths: 0,
      possibleHundredths: 2050,
      correct: [{ questionId: 'q2', correct: false }],
    });
  });

  it('reaches no prize whose line is above the score, a line given or not', () => {
    expect(prizesByScore([{ id: 'gold' }], [{ prizeId: 'gold', score: 80 }], 7_999)).toEqual([]);
    expect(prizesByScore([{ id: 'gold', minScore: 80 }], [], 7_999)).toEqual([]);
  });

  it('has no deadline for a negative time limit', () => {
    expect(quizDeadline(1_000, -5, 3)).toBeNull();
  });
});

describe('quizRulesOf', () => {
  it('reads the bank, the questions per attempt, the time limit and the score lines', () => {
    const rules = quizRulesOf({
      questions: [
        { id: 'q1', options: [{ id: 'a' }, { id: 'b' }], answers: ['b'], score: 12.5 },
        { id: 7, options: 'none', answers: 'a' },
        'not a question',
      ],
      questionsPerAttempt: 2,
      secondsPerQuestion: 15,
      scoreLines: [{ prizeId: 'gold', score: 90 }, { prizeId: 'silver' }],
    });
    expect(rules).toEqual({
      questions: [
        { id: 'q1', options: [{ id: 'a' }, { id: 'b' }], answers: ['b'], score: 12.5 },
        { id: '7', options: [], answers: [], score: 0 },
        { id: 'undefined', options: [], answers: [], score: 0 },
      ],
      perAttempt: 2,
      secondsPerQuestion: 15,
      lines: [
        { prizeId: 'gold', score: 90 },
        { prizeId: 'silver', score: Number.POSITIVE_INFINITY },
      ],
    });
  });

  it('asks every question without a time limit when the counts are not positive integers', () => {
    expect(quizRulesOf({ questionsPerAttempt: 1.5, secondsPerQuestion: -3 })).toMatchObject({
      questions: [],
      perAttempt: undefined,
      secondsPerQuestion: 0,
      lines: [],
    });
    expect(quizRulesOf({ questionsPerAttempt: 0, secondsPerQuestion: '30' })).toMatchObject({
      perAttempt: undefined,
      secondsPerQuestion: 0,
    });
  });
});

const fresh: EntryCounters = {
  poolUsed: 0,
  dailyPeriod: null,
  dailyUsed: 0,
  granted: 0,
  actions: 0,
  wins: 0,
};
const today = '2026-03-01';
const T0 = Date.parse('2026-03-01T08:00:00.000Z');

describe('decideStart: an attempt started from what was read', () => {
  const rules = { questions: bank, perAttempt: 3, secondsPerQuestion: 20, lines: [] };
  const chances = chanceRules({ chances: { dailyFree: 1, initialCount: 1 } });
  const situation = (counters: EntryCounters, over: Partial<StartSituation> = {}): StartSituation => ({
    rules,
    chances: { rules: chances, counters, today },
    budget: null,
    nowMs: T0,
    ...over,
  });

  it("spends today's free chance, then the pool, asks the seeded questions with their deadline, then refuses", () => {
    const random = seeded(42);
    let counters = fresh;
    const decided: unknown[] = [];
    for (let i = 0; i < 3; i++) {
      const decision = decideStart(situation(counters), random);
      if (decision.refusal !== null) {
        decided.push(decision.refusal);
        continue;
      }
      decided.push([decision.spend.bucket, decision.asked, decision.secondsPerQuestion, decision.deadlineMs]);
      counters = countersAfter(counters, decision.spend, false);
    }
    // 3 questions x 20 s + 10 s of grace = 70 s after the start.
    expect(decided).toEqual([
      ['daily', ['q3', 'q4', 'q1'], 20, T0 + 70_000],
      ['pool', ['q2', 'q4', 'q3'], 20, T0 + 70_000],
      'noChances',
    ]);
  });

  it('refuses once the budget is spent, before the chances; a budget left or none lets the attempt start', () => {
    const spent = { totalMicros: 1_000_000, spentMicros: 1_000_000 };
    expect(decideStart(situation(fresh, { budget: spent }), seeded(1))).toEqual({ refusal: 'overBudget' });
    const none = countersAfter(
      countersAfter(fresh, { bucket: 'daily', today }, false),
      { bucket: 'pool', today },
      false,
    );
    expect(decideStart(situation(none, { budget: spent }), seeded(1))).toEqual({ refusal: 'overBudget' });
    const left = { totalMicros: 1_000_000, spentMicros: 999_999 };
    expect(decideStart(situation(fresh, { budget: left }), seeded(1)).refusal).toBeNull();
  });

  it('asks every question with no deadline when the quiz has no limits, spending no counted chance when unlimited', () => {
    const decision = decideStart(
      {
        rules: { questions: bank, perAttempt: undefined, secondsPerQuestion: 0, lines: [] },
        chances: { rules: chanceRules({}), counters: fresh, today },
        budget: null,
        nowMs: T0,
      },
      () => 0,
    );
    expect(decision).toEqual({
      refusal: null,
      spend: { bucket: 'unlimited', today },
      asked: ['q2', 'q3', 'q4', 'q1'],
      secondsPerQuestion: 0,
      deadlineMs: null,
    });
  });
});

describe('decideAnswer: an attempt answered from what was read', () => {
  const rules = { questions: bank, perAttempt: undefined, secondsPerQuestion: 0, lines: [] };
  const prizeOf = (id: string, over: Partial<QuizDrawPrize> = {}): QuizDrawPrize => ({
    id,
    valueMicros: 0,
    unlimitedStock: true,
    ...over,
  });
  const prizes = [
    prizeOf('gold', { minScore: 60, perUserMax: 1 }),
    prizeOf('silver', { minScore: 30, userType: 'vip' }),
    prizeOf('bronze', { minScore: 10, isSuper: true }),
    prizeOf('thanks', { isThank: true, minScore: 0 }),
  ];
  const state = { issued: {}, userWins: {}, userSuperWins: 0, userType: 'vip', budgetLeftMicros: null };
  const asked = ['q1', 'q2', 'q4'];
  const all = { q1: ['a'], q2: ['b', 'c'], q4: ['a'] };
  const situation = (over: Partial<AnswerSituation> = {}): AnswerSituation => ({
    rules,
    prizes,
    attempt: { asked, deadlineMs: T0 + 70_000, answered: false },
    picks: all,
    state,
    budget: null,
    nowMs: T0 + 60_000,
    ...over,
  });

  it('scores the asked questions and ranks the prizes reached, best first', () => {
    expect(decideAnswer(situation())).toEqual({
      refusal: null,
      timeUp: false,
      score: {
        hundredths: 6050,
        possibleHundredths: 6050,
        correct: [
          { questionId: 'q1', correct: true },
          { questionId: 'q2', correct: true },
          { questionId: 'q4', correct: true },
        ],
      },
      asked: 3,
      correct: 3,
      candidates: ['gold', 'silver', 'bronze'],
      outcome: 'noPrize',
    });
    // 10 + 20.5 = 30.5 points: silver and bronze.
    const partly = decideAnswer(situation({ picks: { q1: ['a'], q2: ['c', 'b'], q4: ['b'] } }));
    expect(partly).toMatchObject({ correct: 2, candidates: ['silver', 'bronze'], outcome: 'noPrize' });
    expect(decideAnswer(situation({ picks: {} }))).toMatchObject({ correct: 0, candidates: [] });
  });

  it('leaves out the prizes the participant may not win: per-user maximum, user type, a second super prize', () => {
    const limited = { ...state, userWins: { gold: 1 }, userSuperWins: 1, userType: 'normal' };
    expect(decideAnswer(situation({ state: limited }))).toMatchObject({ candidates: [], outcome: 'noPrize' });
    expect(decideAnswer(situation({ state: { ...limited, userType: 'vip' } }))).toMatchObject({
      candidates: ['silver'],
    });
  });

  it('scores nothing after the deadline (the deadline itself still counts)', () => {
    expect(decideAnswer(situation({ nowMs: T0 + 70_001 }))).toMatchObject({
      timeUp: true,
      score: { hundredths: 0, possibleHundredths: 6050 },
      asked: 3,
      correct: 0,
      candidates: [],
      outcome: 'timeUp',
    });
    expect(decideAnswer(situation({ nowMs: T0 + 70_000 }))).toMatchObject({ timeUp: false, correct: 3 });
    const noLimit = { asked, deadlineMs: null, answered: false };
    expect(decideAnswer(situation({ attempt: noLimit, nowMs: T0 + 86_400_000 }))).toMatchObject({
      timeUp: false,
    });
  });

  it('counts the answer but gives nothing once the budget is spent (overBudget only when a prize was reached)', () => {
    const spent = { totalMicros: 5_000_000, spentMicros: 5_000_000 };
    expect(decideAnswer(situation({ budget: spent }))).toMatchObject({
      correct: 3,
      candidates: [],
      outcome: 'overBudget',
    });
    expect(decideAnswer(situation({ budget: spent, picks: {} }))).toMatchObject({ outcome: 'noPrize' });
    expect(decideAnswer(situation({ budget: spent, nowMs: T0 + 80_000 }))).toMatchObject({
      outcome: 'timeUp',
    });
    expect(decideAnswer(situation({ budget: { ...spent, spentMicros: 4_999_999 } }))).toMatchObject({
      candidates: ['gold', 'silver', 'bronze'],
    });
  });

  it('refuses an attempt the participant does not have, then one already answered', () => {
    expect(decideAnswer(situation({ attempt: null }))).toEqual({ refusal: 'attemptNotFound' });
    expect(decideAnswer(situation({ attempt: { asked, deadlineMs: null, answered: true } }))).toEqual({
      refusal: 'attemptAnswered',
    });
  });
});
