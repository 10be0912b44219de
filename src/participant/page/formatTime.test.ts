import { describe, expect, it } from 'vitest';
import { formatTime, gmtOffset, splitCountdown, zoneName } from './formatTime';

describe('participant times', () => {
  it('shows instants in the campaign zone, not the phone zone, and names the zone', () => {
    expect(formatTime('2026-12-01T00:00:00+08:00', 'GMT+08:00')).toBe('2026-12-01 00:00 GMT+08:00');
    expect(formatTime('2026-12-01T00:00:00+08:00', 'GMT-05:30')).toBe('2026-11-30 10:30 GMT-05:30');
    expect(formatTime('2026-12-01T00:00:00Z', 'GMT')).toBe('2026-12-01 00:00 GMT');
    expect(formatTime('2026-12-01T00:00:00Z', 'GMT+00:00')).toBe('2026-12-01 00:00 GMT');
    expect(formatTime('2026-07-01T12:00:00Z', 'America/New_York')).toBe('2026-07-01 08:00 America/New_York');
    expect(formatTime('nonsense', 'GMT')).toBe('');
    expect(gmtOffset('GMT+5')).toBe(300);
  });

  it('leaves the zone out on request (the first time of a range)', () => {
    expect(formatTime('2026-12-01T00:00:00+08:00', 'GMT+08:00', false)).toBe('2026-12-01 00:00');
    expect(zoneName('GMT+5')).toBe('GMT+05:00');
    expect(zoneName('UTC')).toBe('GMT');
  });

  it('splits countdowns into days and a clock', () => {
    expect(splitCountdown(90_061_000)).toEqual({ days: 1, time: '01:01:01' });
    expect(splitCountdown(-5)).toEqual({ days: 0, time: '00:00:00' });
    expect(splitCountdown(1)).toEqual({ days: 0, time: '00:00:01' });
  });
});
