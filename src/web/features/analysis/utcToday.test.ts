import { describe, expect, it } from 'vitest';
import { utcToday } from './utcToday';

describe('utcToday', () => {
  it('is the UTC date whatever the local time zone', () => {
    expect(utcToday(new Date('2024-03-01T23:30:00Z')).format('YYYY-MM-DD')).toBe('2024-03-01');
    expect(utcToday(new Date('2024-03-01T00:10:00+02:00')).format('YYYY-MM-DD')).toBe('2024-02-29');
  });
});
