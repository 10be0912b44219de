import type { ReactNode } from 'react';
import { Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { formatTime } from '../../links/formatTime';
import type { EventLogRow } from '../integrationTypes';
import { oneLine } from '../prettyJson';

const text = (value: string | null | undefined) => value || '-';

/**
 * The event log columns: activity ID, report time, device ID, event
 * data, event name, deep link ID, system platform, attribution source, user ID.
 */
export function eventLogColumns(
  t: TFunction,
  deviceBadge: (row: EventLogRow) => ReactNode,
): ColumnsType<EventLogRow> {
  return [
    {
      title: t('integration:eventLogs.column.activityId'),
      dataIndex: 'activityId',
      width: 140,
      ellipsis: true,
      render: (value: string | null) =>
        value ? <Typography.Text copyable={{ text: value }}>{value}</Typography.Text> : '-',
    },
    {
      title: t('integration:eventLogs.column.time'),
      dataIndex: 'time',
      width: 160,
      render: (value: string) => formatTime(value),
    },
    {
      title: t('integration:eventLogs.column.deviceId'),
      dataIndex: 'deviceId',
      width: 220,
      ellipsis: true,
      render: (value: string, row) => (
        <span>
          {deviceBadge(row)}
          {value}
        </span>
      ),
    },
    {
      title: t('integration:eventLogs.column.data'),
      dataIndex: 'data',
      ellipsis: true,
      render: (value: EventLogRow['data']) => <code>{oneLine(value)}</code>,
    },
    {
      title: t('integration:eventLogs.column.name'),
      dataIndex: 'name',
      width: 150,
      render: (value: string, row) => (
        <span>
          {value}{' '}
          <Tag color={row.category === 'custom' ? 'purple' : 'blue'}>
            {t(`integration:eventLogs.category.${row.category}`)}
          </Tag>
        </span>
      ),
    },
    { title: t('integration:eventLogs.column.linkId'), dataIndex: 'linkId', width: 110, render: text },
    {
      title: t('integration:eventLogs.column.platform'),
      dataIndex: 'platform',
      width: 100,
      render: (value: string) => t(`integration:platform.${value}`, { defaultValue: value }),
    },
    { title: t('integration:eventLogs.column.source'), dataIndex: 'source', width: 130, render: text },
    {
      title: t('integration:eventLogs.column.userId'),
      dataIndex: 'userId',
      width: 140,
      ellipsis: true,
      render: text,
    },
  ];
}
