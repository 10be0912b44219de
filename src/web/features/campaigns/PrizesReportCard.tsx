import { Card, Progress, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { ExportButton } from './report/ExportButton';
import { metricName, stockUsedPercent } from './reportMetric';
import type { Participation } from './reportTypes';

type Prize = NonNullable<Participation['prizes']>[number];

/** Each prize's odds, how many were given and what is left of its stock. */
export function PrizesReportCard({ prizes, exportUrl }: { prizes: Prize[]; exportUrl: string }) {
  const { t } = useTranslation();
  const m = (key: string) => metricName(t, key);
  return (
    <Card
      title={t('campaigns:report.prizes')}
      extra={<ExportButton url={exportUrl} />}
      data-testid="report-prizes"
    >
      <Table
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={prizes}
        columns={[
          { title: m('name'), dataIndex: 'name' },
          { title: m('odds'), render: (_, p) => (p.odds === null ? '-' : `${p.odds}%`) },
          { title: m('issued'), dataIndex: 'issued', align: 'right' },
          {
            title: m('stock'),
            render: (_, p) =>
              p.isThank ? (
                '-'
              ) : p.stock === null ? (
                t('campaigns:report.unlimited')
              ) : (
                <span style={{ display: 'inline-block', minWidth: 140 }}>
                  {t('campaigns:report.stockLeft', { left: p.left, stock: p.stock })}
                  <Progress percent={stockUsedPercent(p.issued, p.stock)} size="small" showInfo={false} />
                </span>
              ),
          },
        ]}
      />
    </Card>
  );
}
