import { Card, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { ExportButton } from './report/ExportButton';
import { useCampaignTime } from './report/campaignClock';
import { metricName } from './reportMetric';
import type { Participation } from './reportTypes';

type Winner = NonNullable<Participation['winners']>[number];

/** Who won what and when, and whether the prize was handed over; ten a page. */
export function WinnersReportCard({ winners, exportUrl }: { winners: Winner[]; exportUrl: string }) {
  const formatTime = useCampaignTime();
  const { t } = useTranslation();
  const m = (key: string) => metricName(t, key);
  return (
    <Card
      title={t('campaigns:report.winners')}
      extra={<ExportButton url={exportUrl} />}
      data-testid="report-winners"
    >
      <Table
        size="small"
        rowKey="rewardId"
        dataSource={winners}
        pagination={{ pageSize: 10, showSizeChanger: false }}
        columns={[
          { title: m('time'), render: (_, w) => formatTime(w.time) },
          { title: m('userId'), render: (_, w) => w.userId ?? w.participantCode },
          { title: m('prize'), dataIndex: 'prizeName' },
          {
            title: m('awardStatus'),
            render: (_, w) => t(`campaigns:rewards.status.${w.awardStatus}`, { defaultValue: w.awardStatus }),
          },
        ]}
      />
    </Card>
  );
}
