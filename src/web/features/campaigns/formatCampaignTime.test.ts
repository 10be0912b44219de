import { describe, expect, it } from 'vitest';
import { formatCampaignTime, gmtOffsetMinutes } from './formatCampaignTime';

describe('gmtOffsetMinutes', () => {
  it('reads GMT offsets', () => {
    expect(gmtOffsetMinutes('GMT+08:00')).toBe(480);
    expect(gmtOffsetMinutes('GMT-03:30')).toBe(-210);
    expect(gmtOffsetMinutes('GMT')).toBe(0);
    expect(gmtOffsetMinutes('UTC+5')).toBe(300);
    expect(gmtOffsetMinutes('Asia/Shanghai')).toBeNull();
    expect(gmtOffsetMinutes(null)).toBeNull();
  });
});

describe('formatCampaignTime', () => {
  it('shows the time in the campaign timezone', () => {
    expect(formatCampaignTime('2026-12-01T00:00:00+08:00', 'GMT+08:00')).toBe('2026-12-01 00:00');
    expect(formatCampaignTime('2026-12-01T00:00:00+08:00', 'GMT')).toBe('2026-11-30 16:00');
    expect(formatCampaignTime('2026-12-01T00:00:00Z', 'GMT-03:30')).toBe('2026-11-30 20:30');
  });

  it('shows a dash for missing or broken values', () => {
    expect(formatCampaignTime(null)).toBe('-');
    expect(formatCampaignTime('not a date', 'GMT+08:00')).toBe('-');
  });
});
