import { describe, expect, it } from 'vitest';
import { checkWithKeywords } from './checkWithKeywords';

const schema = {
  type: 'object',
  sumNotBelowMin: {
    sumOf: 'questions',
    sumField: 'score',
    minOf: 'prizes',
    minField: 'minScore',
    message: 'quizScoreTooLow',
  },
};

describe('sumNotBelowMin', () => {
  it('passes when the questions can reach the lowest prize score', () => {
    expect(
      checkWithKeywords(schema, {
        questions: [{ score: 5 }, { score: 5 }],
        prizes: [{ minScore: 10 }, { minScore: 20 }],
      }),
    ).toEqual([]);
  });
  it('fails when no one could reach any prize, in both languages', () => {
    const data = { questions: [{ score: 5 }], prizes: [{ minScore: 10 }, { minScore: 20 }] };
    expect(checkWithKeywords(schema, data, 'zh-CN')).toEqual([
      { path: '/questions', keyword: 'sumNotBelowMin', message: '题目总分 5 不能低于最低奖品分数 10' },
    ]);
    expect(checkWithKeywords(schema, data, 'en-US')[0].message).toBe(
      'The total question score 5 must not be below the lowest prize score 10',
    );
  });
});
