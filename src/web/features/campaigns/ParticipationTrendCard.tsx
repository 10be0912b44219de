import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { TrendChart } from '../linkAnalytics/TrendChart';
import { ExportButton } from './report/ExportButton';
import { metricName } from './reportMetric';
import type { Participation } from './reportTypes';

/** Draws, participants and winners by day. */
export function ParticipationTrendCard({
  trend,
  exportUrl,
}: {
  trend: Participation['trend'];
  exportUrl: string;
}) {
  const { t } = useTranslation();
  return (
    <Card
      title={t('campaigns:report.trend')}
      extra={<ExportButton url={exportUrl} />}
      data-testid="report-trend"
    >
      <TrendChart
        label={t('campaigns:report.trend')}
        height={260}
        lines={(['draws', 'participants', 'winners'] as const).map((key) => ({
          name: metricName(t, key),
          points: (trend ?? []).map((row) => ({ time: row.date, value: row[key] })),
        }))}
      />
    </Card>
  );
}
