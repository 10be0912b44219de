import { describe, expect, it } from 'vitest';
import { hourlyAllowed } from './linkReportRange';

describe('hourlyAllowed', () => {
  it('allows hours up to three days, both ends counted', () => {
    expect(hourlyAllowed({ from: '2026-03-01', to: '2026-03-01' })).toBe(true);
    expect(hourlyAllowed({ from: '2026-03-01', to: '2026-03-03' })).toBe(true);
    expect(hourlyAllowed({ from: '2026-03-01', to: '2026-03-04' })).toBe(false);
  });

  it('counts days across a month end', () => {
    expect(hourlyAllowed({ from: '2026-02-27', to: '2026-03-01' })).toBe(true);
    expect(hourlyAllowed({ from: '2026-02-27', to: '2026-03-02' })).toBe(false);
  });
});
