import type { Dayjs } from 'dayjs';
import { DAY_FORMAT, type DateRange } from '../../linkAnalytics/dateRangePresets';

/** The presets of the ads reports, in the order they are offered. */
export const adsPresetKeys = ['today', 'yesterday', 'last7Days', 'last10Days'] as const;
export type AdsPresetKey = (typeof adsPresetKeys)[number];

/** The ads reports' longest range (the server answers `rangeTooLong` beyond). */
export const ADS_MAX_DAYS = 10;

/** The range of a preset as API days, counted back from `today` (today included in "last N days"). */
export function adsPresetRange(key: AdsPresetKey, today: Dayjs): DateRange {
  const day = today.startOf('day');
  const [from, to] =
    key === 'today'
      ? [day, day]
      : key === 'yesterday'
        ? [day.subtract(1, 'day'), day.subtract(1, 'day')]
        : [day.subtract((key === 'last7Days' ? 7 : 10) - 1, 'day'), day];
  return { from: from.format(DAY_FORMAT), to: to.format(DAY_FORMAT) };
}

/** The preset a range is, if any (for the selected button). */
export function adsPresetOf(range: DateRange, today: Dayjs): AdsPresetKey | undefined {
  return adsPresetKeys.find((key) => {
    const preset = adsPresetRange(key, today);
    return preset.from === range.from && preset.to === range.to;
  });
}
