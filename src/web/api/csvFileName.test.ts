import { describe, expect, it } from 'vitest';
import { csvFileName } from './csvFileName';

describe('csvFileName', () => {
  it('names a ranged export start--end.csv', () => {
    expect(csvFileName({ start_time: '2026-01-01', end_time: '2026-01-07' })).toBe(
      '2026-01-01--2026-01-07.csv',
    );
  });
  it('falls back to output.csv without a complete range', () => {
    expect(csvFileName()).toBe('output.csv');
    expect(csvFileName({ start_time: '2026-01-01' })).toBe('output.csv');
    expect(csvFileName({ start_time: '', end_time: '2026-01-07' })).toBe('output.csv');
  });
  it('never produces a path', () => {
    expect(csvFileName({ start_time: '../a', end_time: 'b/c' })).toBe('..-a--b-c.csv');
  });
});
