import { useTranslation } from 'react-i18next';
import type { ReportCounts } from '../adsTypes';
import { StatCards } from '../StatCards';
import { reportMetrics } from './incomeRows';
import { useFormatMetric } from './useFormatMetric';

/** The KPI testid of each figure (`ads-kpi-income`, ...). */
export const kpiNames: Record<keyof ReportCounts, string> = {
  requests: 'requests',
  serves: 'serves',
  clicks: 'clicks',
  incomeMicros: 'income',
  ecpmMicros: 'ecpm',
  matchRate: 'matchRate',
  ctr: 'ctr',
};

interface Props {
  totals: ReportCounts | undefined;
  currency: string;
  loading: boolean;
}

/** The range's totals as KPI cards: requests, serves, clicks, income, eCPM, match rate, CTR. */
export function IncomeKpis({ totals, currency, loading }: Props) {
  const { t } = useTranslation();
  const format = useFormatMetric(currency);
  return (
    <StatCards
      testIdPrefix="ads-kpi"
      minWidth={120}
      loading={loading}
      items={reportMetrics.map(({ key }) => ({
        key: kpiNames[key],
        title: t(`ads:metric.${key}`),
        value: totals ? format(key, totals[key]) : '-',
      }))}
    />
  );
}
