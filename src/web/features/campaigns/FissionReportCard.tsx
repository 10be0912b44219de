import { Card, Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { metricName, reportNumber } from './reportMetric';
import type { Participation } from './reportTypes';

/** How the campaign spread: participants who invited, participants invited, the longest chain. */
export function FissionReportCard({ fission }: { fission: Participation['fission'] }) {
  const { t } = useTranslation();
  const m = (key: string) => metricName(t, key);
  return (
    <Card title={t('campaigns:report.fission')} data-testid="report-fission">
      <Descriptions
        column={1}
        size="small"
        items={[
          { key: 'inviters', label: m('inviters'), children: reportNumber.format(fission?.inviters ?? 0) },
          { key: 'invited', label: m('invited'), children: reportNumber.format(fission?.invited ?? 0) },
          { key: 'depth', label: m('maxDepth'), children: reportNumber.format(fission?.maxDepth ?? 0) },
        ]}
      />
    </Card>
  );
}
