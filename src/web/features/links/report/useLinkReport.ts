import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { buildQuery } from '../../../api/createRequestClient';
import type { Granularity, LinkReport } from '../../linkAnalytics/analyticsTypes';
import { countTrendLines } from '../../linkAnalytics/countTrendLines';
import type { DateRange } from '../../linkAnalytics/dateRangePresets';
import { useProjectTimeZone } from '../../projects/useProjectTimeZone';
import type { LinkItem } from '../linkTypes';
import { hourlyAllowed } from './linkReportRange';

/**
 * A link and its report for a range in the project's time zone: by the hour when asked and the
 * range allows it, else by day; with its trend lines and its platform and channel rows.
 */
export function useLinkReport(id: string, range: DateRange, granularity: Granularity) {
  const { t } = useTranslation();
  const timeZone = useProjectTimeZone();
  const hourly = granularity === 'hour' && hourlyAllowed(range);
  const link = useSWR<LinkItem>(`/api/links/${encodeURIComponent(id)}`);
  const report = useSWR<LinkReport>(
    `/api/links/${encodeURIComponent(id)}/report${buildQuery({
      ...range,
      granularity: hourly ? 'hour' : 'day',
      tz: timeZone,
    })}`,
  );
  const data = report.data;

  const lines = useMemo(
    () => countTrendLines(data?.series ?? [], (key) => t(`analytics:count.${key}`)),
    [data, t],
  );
  // Memoised: a new rows array would redraw the charts on every render.
  const platforms = useMemo(
    () => (data?.byPlatform ?? []).map(({ platform, ...counts }) => ({ group: platform, ...counts })),
    [data],
  );
  const channels = useMemo(
    () => (data?.byChannel ?? []).map(({ channel, ...counts }) => ({ group: channel, ...counts })),
    [data],
  );
  return { link, report, lines, platforms, channels };
}
