import { Card, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { projectPath } from '../../../app/routeTable';
import { useSession } from '../../../session/useSession';
import { formatTime } from '../../links/formatTime';
import type { IntegrationStatus } from '../integrationTypes';

type Device = IntegrationStatus['testDevices'][number];

/** The project's test devices and whether each has reported anything yet. */
export function TestDevicesCard({ devices }: { devices: Device[] }) {
  const { t } = useTranslation();
  const { projectId } = useSession();
  return (
    <Card
      title={t('menu:page.testDevice')}
      className="gc-fill"
      extra={
        <Link to={projectPath('testDevice/:projectId', projectId)}>{t('integration:sdk.manageDevices')}</Link>
      }
      data-testid="sdk-test-devices"
    >
      <Table<Device>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={devices}
        locale={{ emptyText: t('integration:testDevices.empty') }}
        columns={[
          { title: t('integration:testDevices.name'), dataIndex: 'name' },
          { title: t('integration:testDevices.deviceId'), dataIndex: 'deviceId', ellipsis: true },
          {
            title: t('integration:sdk.lastSeen'),
            dataIndex: 'lastSeenAt',
            render: (value: string | null) =>
              value ? formatTime(value) : <Tag>{t('integration:sdk.notSeen')}</Tag>,
          },
        ]}
      />
    </Card>
  );
}
