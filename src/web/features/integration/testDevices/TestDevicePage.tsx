import { useState } from 'react';
import { App, Button, Card, Space, Table, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { projectPath } from '../../../app/routeTable';
import { useSession } from '../../../session/useSession';
import { formatTime } from '../../links/formatTime';
import type { TestDevice } from '../integrationTypes';
import { useCanEdit } from '../../../app/useCanEdit';
import { TestDeviceFormModal } from './TestDeviceFormModal';
import { useTestDevices } from './useTestDevices';
import { ConfirmDeleteButton } from '../../../app/ConfirmDeleteButton';

/** Test devices (name and device id); their events are highlighted in the event logs. */
export function TestDevicePage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { client, projectId } = useSession();
  const canEdit = useCanEdit();
  const { devices, error, isLoading, mutate } = useTestDevices();
  const [editing, setEditing] = useState<TestDevice | undefined>();
  const [open, setOpen] = useState(false);

  async function remove(device: TestDevice) {
    try {
      await client.delete(`/api/test-devices/${encodeURIComponent(device.id)}`);
      void message.success(t('common:deleted'));
      await mutate();
    } catch {
      // Shown by the request client.
    }
  }

  return (
    <div className="gc-page">
      <div className="gc-page-head">
        <div>
          <Typography.Title level={3}>{t('menu:page.testDevice')}</Typography.Title>
          <Typography.Text type="secondary">
            {t('integration:testDevices.description')}{' '}
            <Link to={projectPath('eventLogs/:projectId', projectId)}>{t('menu:page.eventLogs')}</Link>
          </Typography.Text>
        </div>
        {canEdit && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => {
              setEditing(undefined);
              setOpen(true);
            }}
          >
            {t('integration:testDevices.add')}
          </Button>
        )}
      </div>
      <Card>
        <Table<TestDevice>
          rowKey="id"
          loading={isLoading}
          dataSource={devices}
          locale={{ emptyText: error ? t('integration:loadFailed') : t('integration:testDevices.empty') }}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          columns={[
            { title: t('integration:testDevices.name'), dataIndex: 'name' },
            {
              title: t('integration:testDevices.deviceId'),
              dataIndex: 'deviceId',
              render: (value: string) => (
                <Typography.Text copyable code>
                  {value}
                </Typography.Text>
              ),
            },
            {
              title: t('integration:sdk.platform'),
              dataIndex: 'platform',
              width: 120,
              render: (value: string | null) =>
                value ? t(`integration:platform.${value}`, { defaultValue: value }) : '-',
            },
            {
              title: t('integration:sdk.lastSeen'),
              dataIndex: 'lastSeenAt',
              width: 180,
              render: (value: string | null) =>
                value ? formatTime(value) : <Tag>{t('integration:sdk.notSeen')}</Tag>,
            },
            {
              title: t('integration:createdAt'),
              dataIndex: 'createdAt',
              width: 180,
              render: (value?: string) => formatTime(value),
            },
            ...(canEdit
              ? [
                  {
                    title: t('common:actions'),
                    key: 'actions',
                    width: 160,
                    render: (_: unknown, row: TestDevice) => (
                      <Space>
                        <Button
                          type="link"
                          size="small"
                          onClick={() => {
                            setEditing(row);
                            setOpen(true);
                          }}
                        >
                          {t('common:edit')}
                        </Button>
                        <ConfirmDeleteButton
                          title={t('integration:testDevices.deleteTitle')}
                          description={t('integration:testDevices.deleteConfirm', { name: row.name })}
                          onConfirm={() => remove(row)}
                        />
                      </Space>
                    ),
                  },
                ]
              : []),
          ]}
        />
      </Card>
      <TestDeviceFormModal
        open={open}
        device={editing}
        onClose={() => setOpen(false)}
        onSaved={() => {
          setOpen(false);
          void message.success(t(editing ? 'common:updated' : 'common:created'));
          void mutate();
        }}
      />
    </div>
  );
}
