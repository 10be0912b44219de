import { Button, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { ConfirmDeleteButton } from '../../../app/ConfirmDeleteButton';
import { formatTime } from '../../links/formatTime';
import type { TestDevice } from '../integrationTypes';

interface TestDeviceColumnsInput {
  t: TFunction;
  canEdit: boolean;
  edit(device: TestDevice): void;
  /** Deletes the device, after the member confirmed. */
  remove(device: TestDevice): unknown;
}

/**
 * The test device list's columns: name, device id to copy, platform, last seen (or never), creation
 * time, and for a member who may edit the row's edit and delete.
 */
export function testDeviceColumns({
  t,
  canEdit,
  edit,
  remove,
}: TestDeviceColumnsInput): ColumnsType<TestDevice> {
  return [
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
                <Button type="link" size="small" onClick={() => edit(row)}>
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
  ];
}
