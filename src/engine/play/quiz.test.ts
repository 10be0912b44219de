import { describe, expect, it } from 'vitest';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { pickQuestions, prizesByScore, quizDeadline, scoreQuiz, type QuizQuestion } from './quiz';

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
