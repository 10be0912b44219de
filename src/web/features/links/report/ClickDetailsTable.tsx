import { useState } from 'react';
import { Button, Card, Checkbox, Popover, Segmented, Space, Table, Tag, Typography } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../charts/formatNumber';
import { eventTypes, type ClickRow, type EventType } from '../../linkAnalytics/analyticsTypes';
import { useProjectTimeZone } from '../../projects/useProjectTimeZone';
import type { DateRange } from '../../linkAnalytics/dateRangePresets';
import { formatTime } from '../formatTime';
import { useListPage } from '../useListPage';
import { useStoredColumns } from './useStoredColumns';

const PAGE_SIZE = 20;
const STORAGE_KEY = 'gc.linkEvents.columns';
const allColumns = [
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
type ColumnKey = (typeof allColumns)[number];
const defaultColumns: ColumnKey[] = [
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

/** A link's event details (clicks, installs, opens, registrations) with configurable columns. */
export function ClickDetailsTable({ linkRecordId, range }: { linkRecordId: string; range: DateRange }) {
  const timeZone = useProjectTimeZone();
  const { t } = useTranslation();
  const [type, setType] = useState<EventType | 'all'>('all');
  const [page, setPage] = useState(1);
  const [visible, setVisible] = useStoredColumns(STORAGE_KEY, allColumns, defaultColumns);
  const { items, total, isLoading, error } = useListPage<ClickRow>(
    `/api/links/${encodeURIComponent(linkRecordId)}/clicks`,
    { type: type === 'all' ? undefined : type, ...range, tz: timeZone, page, pageSize: PAGE_SIZE },
  );

  const render: Record<ColumnKey, ColumnsType<ClickRow>[number]> = {
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
  const columns = visible.map((key) => ({
    ...render[key as ColumnKey],
    key,
    title: t(`links:events.column.${key}`),
  }));

  const settings = (
    <Checkbox.Group
      value={visible}
      onChange={(next) => next.length > 0 && setVisible(next)}
      style={{ display: 'grid', gap: 8 }}
      options={allColumns.map((key) => ({ value: key, label: t(`links:events.column.${key}`) }))}
    />
  );

  return (
    <Card
      title={t('links:events.title')}
      data-testid="event-details"
      extra={
        <Space wrap>
          <Segmented<EventType | 'all'>
            value={type}
            onChange={(next) => {
              setType(next);
              setPage(1);
            }}
            options={[
              { value: 'all', label: t('links:events.all') },
              ...eventTypes.map((value) => ({ value, label: t(`analytics:event.${value}`) })),
            ]}
          />
          <Popover
            trigger="click"
            placement="bottomRight"
            title={t('links:events.columns')}
            content={settings}
          >
            <Button icon={<SettingOutlined />} aria-label={t('links:events.columns')}>
              {t('links:events.columns')}
            </Button>
          </Popover>
        </Space>
      }
    >
      <Table<ClickRow>
        rowKey="id"
        size="small"
        loading={isLoading}
        dataSource={items}
        columns={columns}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: error ? t('links:loadFailed') : t('analytics:noData') }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total,
          onChange: setPage,
          hideOnSinglePage: true,
          showSizeChanger: false,
          showTotal: (count) => t('links:events.total', { total: formatNumber(count) }),
        }}
      />
    </Card>
  );
}
