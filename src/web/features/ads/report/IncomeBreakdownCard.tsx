import { useState } from 'react';
import { Card, Empty, Segmented, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { reportGroupings, type IncomeReport, type ReportGrouping } from '../adsTypes';
import { IncomeChart } from './IncomeChart';
import { IncomeTable } from './IncomeTable';
import { reportMetrics, type ReportMetric } from './incomeRows';

type View = 'table' | 'chart';

/**
 * The range's figures grouped by date, domain, URL, strategy or account, as a table or as a chart
 * of one metric; a range without requests or income says so.
 */
export function IncomeBreakdownCard({
  report,
  groupBy,
  setGroupBy,
  currency,
  empty,
  loading,
}: {
  report: IncomeReport | undefined;
  groupBy: ReportGrouping;
  setGroupBy: (next: ReportGrouping) => void;
  currency: string;
  empty: boolean;
  loading: boolean;
}) {
  const { t } = useTranslation();
  const [view, setView] = useState<View>('table');
  const [metric, setMetric] = useState<ReportMetric>('incomeMicros');
  return (
    <Card
      title={
        <Segmented<ReportGrouping>
          value={groupBy}
          onChange={setGroupBy}
          options={reportGroupings.map((key) => ({ value: key, label: t(`ads:report.groupBy.${key}`) }))}
          data-testid="ads-report-groupby"
        />
      }
      extra={
        <Segmented<View>
          value={view}
          onChange={setView}
          options={[
            { value: 'table', label: t('ads:report.table') },
            { value: 'chart', label: t('ads:report.chart') },
          ]}
          data-testid="ads-report-view"
        />
      }
    >
      {groupBy === 'account' && (
        <Typography.Paragraph type="secondary">{t('ads:report.accountHelp')}</Typography.Paragraph>
      )}
      {empty ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={t('ads:report.empty')}
          data-testid="ads-report-empty"
        />
      ) : view === 'table' ? (
        <IncomeTable rows={report?.rows ?? []} groupBy={groupBy} currency={currency} loading={loading} />
      ) : (
        <Space orientation="vertical" size={12} style={{ width: '100%' }}>
          <Segmented<ReportMetric>
            size="small"
            value={metric}
            onChange={setMetric}
            options={reportMetrics.map(({ key }) => ({ value: key, label: t(`ads:metric.${key}`) }))}
            data-testid="ads-report-metric"
          />
          {report ? (
            <IncomeChart report={report} groupBy={groupBy} metric={metric} currency={currency} />
          ) : (
            <div data-testid="ads-report-chart" style={{ height: 340 }} />
          )}
        </Space>
      )}
    </Card>
  );
}
