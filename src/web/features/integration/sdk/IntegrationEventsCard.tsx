import { Card, Col, Row, Space, Statistic, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../charts/formatNumber';
import type { IntegrationStatus } from '../integrationTypes';

type EventRow = IntegrationStatus['events'][number];
type PlatformRow = IntegrationStatus['platforms'][number];

/** Which standard events arrived (from which platforms), and what each reporting platform still lacks. */
export function IntegrationEventsCard({ data }: { data: IntegrationStatus }) {
  const { t } = useTranslation();
  const platformName = (platform: string) =>
    t(`integration:platform.${platform}`, { defaultValue: platform });
  return (
    <Card title={t('integration:sdk.eventsTitle')} data-testid="integration-events">
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={15}>
          <Table<EventRow>
            rowKey="name"
            size="small"
            pagination={false}
            dataSource={data.events}
            columns={[
              {
                title: t('integration:sdk.eventName'),
                dataIndex: 'name',
                render: (name: string) => <code>{name}</code>,
              },
              {
                title: t('integration:sdk.received'),
                dataIndex: 'seen',
                render: (seen: boolean) =>
                  seen ? (
                    <Tag color="success">{t('integration:sdk.seen')}</Tag>
                  ) : (
                    <Tag>{t('integration:sdk.notSeen')}</Tag>
                  ),
              },
              {
                title: t('integration:sdk.events'),
                dataIndex: 'count',
                align: 'right',
                render: (value: number) => formatNumber(value),
              },
              {
                title: t('integration:sdk.lastDate'),
                dataIndex: 'lastDate',
                render: (value: string | null) => value ?? '-',
              },
              {
                title: t('integration:sdk.platforms'),
                dataIndex: 'platforms',
                render: (platforms: string[]) =>
                  platforms.length ? platforms.map(platformName).join(', ') : '-',
              },
            ]}
          />
        </Col>
        <Col xs={24} xl={9}>
          <Space orientation="vertical" size={16} style={{ width: '100%' }}>
            <Statistic
              title={t('integration:sdk.customEvents')}
              value={data.customEvents}
              formatter={(value) => formatNumber(Number(value))}
            />
            <Table<PlatformRow>
              rowKey="platform"
              size="small"
              pagination={false}
              dataSource={data.platforms}
              locale={{ emptyText: t('integration:sdk.noPlatforms') }}
              columns={[
                { title: t('integration:sdk.platform'), dataIndex: 'platform', render: platformName },
                {
                  title: t('integration:sdk.events'),
                  dataIndex: 'events',
                  align: 'right',
                  render: (value: number) => formatNumber(value),
                },
                {
                  title: t('integration:sdk.missing'),
                  dataIndex: 'missing',
                  render: (missing: string[]) =>
                    missing.length ? (
                      <Typography.Text type="warning">{missing.join(', ')}</Typography.Text>
                    ) : (
                      <Tag color="success">{t('integration:sdk.nothingMissing')}</Tag>
                    ),
                },
              ]}
            />
          </Space>
        </Col>
      </Row>
    </Card>
  );
}
