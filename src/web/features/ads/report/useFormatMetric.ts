import { useCallback } from 'react';
import { formatNumber } from '../../../charts/formatNumber';
import { formatRate } from '../../turbo/report/bannerReportRows';
import { useFormatMoney } from '../useFormatMoney';
import { metricKind, type ReportMetric } from './incomeRows';

/** Formats a report figure as what it is: a count, money of `currency`, or a percentage. */
export function useFormatMetric(currency: string): (metric: ReportMetric, value: number) => string {
  const formatMoney = useFormatMoney();
  return useCallback(
    (metric, value) => {
      const kind = metricKind(metric);
      if (kind === 'money') return formatMoney(value, currency);
      if (kind === 'rate') return formatRate(value);
      return formatNumber(value);
    },
    [formatMoney, currency],
  );
}
