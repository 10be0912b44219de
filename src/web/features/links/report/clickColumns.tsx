import { Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import type { ClickRow, EventType } from '../../linkAnalytics/analyticsTypes';
import { formatTime } from '../formatTime';

export const allColumns = [
  'time',
  'type',
  'platform',
  'os',
  'brand',
  'model',
  'browser',
  'country',
  'referrer',
  'channel',
  'outcome',
  'deviceId',
  'userAgent',
  'params',
] as const;
export type ColumnKey = (typeof allColumns)[number];
export const defaultColumns: ColumnKey[] = [
  'time',
  'type',
  'platform',
  'os',
  'brand',
  'country',
  'channel',
  'outcome',
];
const typeColours: Record<EventType, string> = {
  click: 'blue',
  install: 'green',
  open: 'purple',
  register: 'gold',
};

const text = (value: string | null | undefined) => value || '-';

/** How each column of a link's event details shows its value; the title is added by the table. */
export function clickColumnRenders(t: TFunction): Record<ColumnKey, ColumnsType<ClickRow>[number]> {
  return {
    time: { dataIndex: 'time', width: 160, render: (value: string) => formatTime(value) },
    type: {
      dataIndex: 'type',
      width: 100,
      render: (value: EventType) => <Tag color={typeColours[value]}>{t(`analytics:event.${value}`)}</Tag>,
    },
    platform: {
      dataIndex: 'platform',
      render: (value: string | null) =>
        value ? t(`analytics:platform.${value}`, { defaultValue: value }) : '-',
    },
    os: {
      dataIndex: 'os',
      render: (_value, row) => text([row.os, row.osVersion].filter(Boolean).join(' ')),
    },
    brand: { dataIndex: 'brand', render: text },
    model: { dataIndex: 'model', render: text },
    browser: { dataIndex: 'browser', render: text },
    country: { dataIndex: 'country', render: text },
    referrer: { dataIndex: 'referrer', ellipsis: true, render: text },
    channel: {
      dataIndex: 'channel',
      render: (value: string | null) => (value === 'direct' ? t('analytics:channelDirect') : text(value)),
    },
    outcome: {
      dataIndex: 'outcome',
      render: (value: string | null) =>
        value ? t(`links:events.outcome.${value}`, { defaultValue: value }) : '-',
    },
    deviceId: { dataIndex: 'deviceId', ellipsis: true, render: text },
    userAgent: {
      dataIndex: 'userAgent',
      width: 280,
      render: (value: string | null) =>
        value ? (
          <Typography.Text ellipsis={{ tooltip: value }} style={{ maxWidth: 260 }}>
            {value}
          </Typography.Text>
        ) : (
          '-'
        ),
    },
    params: {
      dataIndex: 'params',
      render: (value: Record<string, unknown> | null) =>
        value && Object.keys(value).length > 0 ? (
          <Typography.Text code ellipsis={{ tooltip: JSON.stringify(value) }} style={{ maxWidth: 240 }}>
            {JSON.stringify(value)}
          </Typography.Text>
        ) : (
          '-'
        ),
    },
  };
}
