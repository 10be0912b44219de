import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { ADS_MAX_DAYS, adsPresetOf, adsPresetRange } from './adsDatePresets';

const today = dayjs('2025-03-05T15:30:00');

describe('adsPresetRange', () => {
  it('counts today in the last N days', () => {
    expect(adsPresetRange('today', today)).toEqual({ from: '2025-03-05', to: '2025-03-05' });
    expect(adsPresetRange('yesterday', today)).toEqual({ from: '2025-03-04', to: '2025-03-04' });
    expect(adsPresetRange('last7Days', today)).toEqual({ from: '2025-02-27', to: '2025-03-05' });
    expect(adsPresetRange('last10Days', today)).toEqual({ from: '2025-02-24', to: '2025-03-05' });
  });

  it('never offers more than the limit', () => {
    const { from, to } = adsPresetRange('last10Days', today);
    expect(dayjs(to).diff(dayjs(from), 'day') + 1).toBe(ADS_MAX_DAYS);
  });
});

describe('adsPresetOf', () => {
  it('names the preset a range is', () => {
    expect(adsPresetOf({ from: '2025-02-27', to: '2025-03-05' }, today)).toBe('last7Days');
    expect(adsPresetOf({ from: '2025-02-28', to: '2025-03-05' }, today)).toBeUndefined();
  });
});
