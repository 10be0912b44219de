import { useState } from 'react';
import { App, Button, Card, Table, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { projectPath } from '../../../app/routeTable';
import { useSession } from '../../../session/useSession';
import type { TestDevice } from '../integrationTypes';
import { useCanEdit } from '../../../app/useCanEdit';
import { testDeviceColumns } from './testDeviceColumns';
import { TestDeviceFormModal } from './TestDeviceFormModal';
import { useTestDevices } from './useTestDevices';

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
          columns={testDeviceColumns({
            t,
            canEdit,
            edit: (device) => {
              setEditing(device);
              setOpen(true);
            },
            remove,
          })}
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
