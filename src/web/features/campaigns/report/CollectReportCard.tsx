import { Card, Col, Row, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CollectReport } from '../reportTypes';
import { ExportButton } from './ExportButton';
import { countColumn } from './reportColumns';

type Fragment = CollectReport['fragments'][number];

/**
 * A fragment collection's inventory: per piece its configured odds against what the draws gave
 * (so an operator sees the odds hold), what players still hold, prizes exchanged, and gifts and
 * requests between friends.
 */
export function CollectReportCard({ collect, exportUrl }: { collect: CollectReport; exportUrl: string }) {
  const { t } = useTranslation();
  const r = (key: string, params?: Record<string, unknown>) => t(`campaigns:report.collect.${key}`, params);
  const drawn = collect.fragments.reduce((sum, f) => sum + f.drawn, 0);
  return (
    <Card title={r('title')} extra={<ExportButton url={exportUrl} />} data-testid="report-collect">
      <Table
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={collect.fragments}
        columns={[
          { title: r('fragment'), dataIndex: 'name' },
          { title: r('odds'), dataIndex: 'odds', align: 'right', render: (v: number) => `${v}%` },
          countColumn<Fragment>(r('drawn'), 'drawn'),
          {
            title: r('drawnShare'),
            key: 'share',
            align: 'right',
            render: (_, f) => (drawn === 0 ? '-' : `${Math.round((f.drawn / drawn) * 1000) / 10}%`),
          },
          countColumn<Fragment>(r('held'), 'held'),
          { title: r('holders'), dataIndex: 'collectors', align: 'right' },
        ]}
      />
      <Row gutter={[24, 16]} style={{ marginTop: 16 }}>
        <Col xs={24} md={12}>
          <Table
            size="small"
            rowKey="prizeId"
            pagination={false}
            title={() => r('exchanges')}
            dataSource={collect.exchanges}
            columns={[
              { title: r('prize'), dataIndex: 'name' },
              { title: r('exchanged'), dataIndex: 'exchanged', align: 'right' },
            ]}
          />
        </Col>
        <Col xs={24} md={12}>
          {collect.transfers.map((tr) => (
            <Tag key={tr.kind} style={{ marginBottom: 8 }}>
              {r(`transfer.${tr.kind}`, { done: tr.done, open: tr.open })}
            </Tag>
          ))}
        </Col>
      </Row>
    </Card>
  );
}
