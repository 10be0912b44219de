import { useMemo } from 'react';
import { Empty } from 'antd';
import type { G2Spec } from '@antv/g2';
import { useTranslation } from 'react-i18next';
import { G2Chart } from '../../../charts/G2Chart';
import { lineSpec } from '../../../charts/lineSpec';
import type { IncomeReport, ReportGrouping } from '../adsTypes';
import { chartPoints, type ChartPoint, type ReportMetric } from './incomeRows';
import { useFormatMetric } from './useFormatMetric';

interface Props {
  report: IncomeReport;
  groupBy: ReportGrouping;
  metric: ReportMetric;
  currency: string;
}

/**
 * One figure of the report as a chart: a line over the days when grouped by date, else bars of
 * the top 8 groups. Money is drawn in micros and labelled as money; nothing drawn for a range of zeros.
 */
export function IncomeChart({ report, groupBy, metric, currency }: Props) {
  const { t } = useTranslation();
  const format = useFormatMetric(currency);
  const points = useMemo(
    () => chartPoints(report, groupBy, metric, t('ads:report.others'), t('ads:report.unknown')),
    [report, groupBy, metric, t],
  );
  const label = `${t(`ads:metric.${metric}`)} · ${t(`ads:report.groupBy.${groupBy}`)}`;
  const spec = useMemo<G2Spec>(() => {
    const valueFormatter = (value: number) => format(metric, value);
    if (groupBy === 'date')
      return lineSpec({
        data: points,
        encode: { x: 'group', y: 'value' },
        scale: { y: { zero: true, nice: true } },
        axis: {
          x: { title: false, labelAutoHide: true },
          y: { title: false, labelFormatter: valueFormatter },
        },
        tooltip: { items: [{ channel: 'y', name: t(`ads:metric.${metric}`), valueFormatter }] },
      });
    return {
      type: 'interval',
      data: points,
      encode: { x: 'group', y: 'value', color: 'group' },
      coordinate: { transform: [{ type: 'transpose' }] },
      // Headroom past the longest bar for its value label.
      scale: {
        x: { padding: 0.3 },
        y: { domainMax: Math.max(0, ...points.map((point) => point.value)) * 1.15, nice: true },
      },
      axis: { x: { title: false }, y: { title: false, labelFormatter: valueFormatter } },
      legend: false,
      labels: [{ text: (point: ChartPoint) => valueFormatter(point.value), position: 'right', dx: 4 }],
      tooltip: { items: [{ channel: 'y', name: t(`ads:metric.${metric}`), valueFormatter }] },
    };
  }, [points, groupBy, metric, format, t]);

  const empty = points.every((point) => point.value === 0);
  return (
    <div data-testid="ads-report-chart">
      {empty ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('ads:report.emptyMetric')} />
      ) : (
        <G2Chart spec={spec} height={340} label={label} loadFailedText={t('ads:report.chartFailed')} />
      )}
    </div>
  );
}
