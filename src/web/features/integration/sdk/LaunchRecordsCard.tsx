import { Card, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { projectPath } from '../../../app/routeTable';
import { useSession } from '../../../session/useSession';
import { formatTime } from '../../links/formatTime';
import type { IntegrationStatus } from '../integrationTypes';

type Launch = IntegrationStatus['launchRecords'][number];

const text = (value: string | null) => value || '-';

/** The latest installs, opens and launches received (test devices highlighted). */
export function LaunchRecordsCard({ records }: { records: Launch[] }) {
  const { t } = useTranslation();
  const { projectId } = useSession();
  return (
    <Card
      title={t('integration:sdk.launchRecords')}
      extra={<Link to={projectPath('eventLogs/:projectId', projectId)}>{t('menu:page.eventLogs')}</Link>}
      data-testid="launch-records"
    >
      <Table<Launch>
        rowKey="eventId"
        size="small"
        pagination={false}
        dataSource={records}
        scroll={{ x: 900 }}
        locale={{ emptyText: t('integration:sdk.noLaunches') }}
        rowClassName={(row) => (row.testDevice ? 'gc-test-device-row' : '')}
        columns={[
          {
            title: t('integration:eventLogs.column.time'),
            dataIndex: 'time',
            width: 160,
            render: formatTime,
          },
          {
            title: t('integration:eventLogs.column.name'),
            dataIndex: 'name',
            render: (name: string) => <code>{name}</code>,
          },
          {
            title: t('integration:eventLogs.column.deviceId'),
            dataIndex: 'deviceId',
            ellipsis: true,
            render: (value: string, row) => (
              <span>
                {row.testDevice && <Tag color="orange">{t('integration:eventLogs.testDevice')}</Tag>}
                {value}
              </span>
            ),
          },
          {
            title: t('integration:eventLogs.column.platform'),
            dataIndex: 'platform',
            render: (value: string) => t(`integration:platform.${value}`, { defaultValue: value }),
          },
          { title: t('integration:sdk.version'), dataIndex: 'sdkVersion', render: text },
          { title: t('integration:eventLogs.detail.appVersion'), dataIndex: 'appVersion', render: text },
          { title: t('integration:eventLogs.column.linkId'), dataIndex: 'linkId', render: text },
        ]}
      />
    </Card>
  );
}
