import { describe, expect, it } from 'vitest';
import type { RetentionAnswer } from '../analysisTypes';
import { formatRate } from './formatRate';
import { retentionCurve } from './retentionCurve';

describe('formatRate', () => {
  it('shows a percentage with one decimal', () => {
    expect(formatRate(0.4567)).toBe('45.7%');
    expect(formatRate(1)).toBe('100%');
    expect(formatRate(0)).toBe('0%');
    expect(formatRate(null)).toBe('-');
  });
});

describe('retentionCurve', () => {
  it('weights cohorts by size and skips days not reached yet', () => {
    const answer: RetentionAnswer = {
      from: '2024-01-01',
      to: '2024-01-02',
      tz: 'UTC',
      days: 2,
      cohorts: [
        { date: '2024-01-01', size: 10, retained: [10, 5, 2], rates: [1, 0.5, 0.2] },
        { date: '2024-01-02', size: 30, retained: [30, 3, null], rates: [1, 0.1, null] },
        { date: '2024-01-03', size: 0, retained: [0, null, null], rates: [0, null, null] },
      ],
    };
    expect(retentionCurve(answer)).toEqual([
      { n: 1, percent: 20 },
      { n: 2, percent: 20 },
    ]);
  });

  it('has no value before any cohort reached day N', () => {
    const answer: RetentionAnswer = {
      from: '2024-01-01',
      to: '2024-01-01',
      tz: 'UTC',
      days: 1,
      cohorts: [{ date: '2024-01-01', size: 4, retained: [4, null], rates: [1, null] }],
    };
    expect(retentionCurve(answer)).toEqual([{ n: 1, percent: null }]);
  });
});
