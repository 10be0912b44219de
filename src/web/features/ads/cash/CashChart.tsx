import { useMemo } from 'react';
import type { G2Spec } from '@antv/g2';
import { useTranslation } from 'react-i18next';
import { G2Chart } from '../../../charts/G2Chart';
import { lineSpec } from '../../../charts/lineSpec';
import type { CashOverview } from '../adsTypes';
import { useFormatMoney } from '../useFormatMoney';
import { cashPoints } from './cashSeries';

/** Credited and withdrawn amounts per day as two lines, labelled as money of `currency`. */
export function CashChart({ overview }: { overview: CashOverview }) {
  const { t } = useTranslation();
  const formatMoney = useFormatMoney();
  const spec = useMemo<G2Spec>(() => {
    const valueFormatter = (value: number) => formatMoney(value, overview.currency);
    return lineSpec({
      data: cashPoints(overview.series, (key) => t(`ads:cash.series.${key}`)),
      encode: { x: 'date', y: 'value', color: 'name' },
      scale: { y: { zero: true, nice: true } },
      axis: { x: { title: false, labelAutoHide: true }, y: { title: false, labelFormatter: valueFormatter } },
      legend: { color: { position: 'top', layout: { justifyContent: 'center' } } },
      tooltip: { items: [{ channel: 'y', valueFormatter }] },
    });
  }, [overview, formatMoney, t]);
  return (
    <G2Chart
      spec={spec}
      height={320}
      label={t('ads:cash.chart')}
      loadFailedText={t('ads:report.chartFailed')}
      testId="ads-cash-chart"
    />
  );
}
