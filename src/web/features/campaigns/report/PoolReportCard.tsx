import { Card, Col, Row, Statistic, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCampaignTime } from './campaignClock';
import type { PoolReport } from '../reportTypes';
import { ExportButton } from './ExportButton';
import { countColumn } from './reportColumns';

const number = new Intl.NumberFormat();
type Round = PoolReport['rounds'][number];
const STATE_COLOR: Record<string, string> = {
  inProgress: 'processing',
  settling: 'warning',
  claiming: 'gold',
  settled: 'default',
};

/** A coin pool's rounds: coins staked, the pool shared, and how much of it was claimed or expired. */
export function PoolReportCard({ pool, exportUrl }: { pool: PoolReport; exportUrl: string }) {
  const formatTime = useCampaignTime();
  const { t } = useTranslation();
  const r = (key: string, params?: Record<string, unknown>) => t(`campaigns:report.pool.${key}`, params);
  return (
    <Card title={r('title')} extra={<ExportButton url={exportUrl} />} data-testid="report-pool">
      <Row gutter={[16, 16]}>
        <Col xs={12} md={8}>
          <Statistic title={r('total')} value={number.format(pool.total)} />
        </Col>
        <Col xs={12} md={8}>
          <Statistic title={r('earned')} value={number.format(pool.coins.earned)} />
        </Col>
        <Col xs={12} md={8}>
          <Statistic title={r('stakedAll')} value={number.format(pool.coins.staked)} />
        </Col>
      </Row>
      <Table
        size="small"
        rowKey="index"
        pagination={false}
        style={{ marginTop: 16 }}
        dataSource={pool.rounds}
        locale={{ emptyText: r('none') }}
        columns={[
          { title: r('round'), dataIndex: 'index', render: (i: number) => i + 1 },
          { title: r('ends'), dataIndex: 'to', render: (v: string) => formatTime(v) },
          {
            title: r('state'),
            dataIndex: 'state',
            render: (s: string) => <Tag color={STATE_COLOR[s]}>{r(`states.${s}`)}</Tag>,
          },
          { title: r('stakers'), dataIndex: 'stakers', align: 'right' },
          countColumn<Round>(r('staked'), 'staked'),
          countColumn<Round>(r('shared'), 'shared'),
          countColumn<Round>(r('claimed'), 'claimed'),
          countColumn<Round>(r('expired'), 'expired'),
        ]}
      />
    </Card>
  );
}
