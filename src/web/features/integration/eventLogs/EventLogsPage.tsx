import { useMemo, useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Segmented,
  Select,
  Space,
  Table,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { buildQuery } from '../../../api/createRequestClient';
import { formatNumber } from '../../../charts/formatNumber';
import { DateRangePresets } from '../../linkAnalytics/DateRangePresets';
import { MAX_QUERY_DAYS, presetRange, type DateRange } from '../../linkAnalytics/dateRangePresets';
import { useProjectTimeZone, useProjectToday } from '../../projects/useProjectTimeZone';
import type { EventCategory, EventLogAnswer, EventLogRow } from '../integrationTypes';
import { useTestDevices } from '../testDevices/useTestDevices';
import { EventLogDetail } from './EventLogDetail';
import { eventLogColumns } from './eventLogColumns';
import '../integration.css';

/** "Latest N records" choices (the server takes at most 1000). */
export const LIMITS = [20, 50, 100, 200, 500, 1000] as const;

/** Reported events, newest first: standard or custom, a date range (10 days at most), latest N. */
export function EventLogsPage() {
  const { t } = useTranslation();
  const [category, setCategory] = useState<EventCategory | 'all'>('all');
  const today = useProjectToday();
  const timeZone = useProjectTimeZone();
  const [range, setRange] = useState<DateRange>(() => presetRange('today', today));
  const [limit, setLimit] = useState<number>(100);
  const [testOnly, setTestOnly] = useState(false);
  const { devices } = useTestDevices();
  const { data, error, isLoading, isValidating, mutate } = useSWR<EventLogAnswer>(
    `/api/event-logs${buildQuery({
      category: category === 'all' ? undefined : category,
      ...range,
      tz: timeZone,
      limit,
      testOnly: testOnly || undefined,
    })}`,
  );

  // The server flags events of devices listed when they arrived; devices added since match here.
  const testNames = useMemo(
    () => new Map(devices.map((device) => [device.deviceId, device.name])),
    [devices],
  );
  const isTest = (row: EventLogRow) => row.testDevice || testNames.has(row.deviceId);
  const rows = data?.items ?? [];

  return (
    <div className="gc-page">
      <div className="gc-page-head">
        <div>
          <Typography.Title level={3}>{t('menu:page.eventLogs')}</Typography.Title>
          <Typography.Text type="secondary">{t('integration:eventLogs.description')}</Typography.Text>
        </div>
        <Button icon={<ReloadOutlined />} loading={isValidating} onClick={() => void mutate()}>
          {t('integration:refresh')}
        </Button>
      </div>
      <Card>
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <Space wrap size={[16, 8]}>
            <Segmented<EventCategory | 'all'>
              value={category}
              onChange={setCategory}
              options={(['all', 'standard', 'custom'] as const).map((value) => ({
                value,
                label: t(`integration:eventLogs.category.${value}`),
              }))}
            />
            <Space size={8}>
              <Typography.Text>{t('integration:eventLogs.latest')}</Typography.Text>
              <Select
                value={limit}
                onChange={setLimit}
                style={{ width: 120 }}
                aria-label={t('integration:eventLogs.latest')}
                options={LIMITS.map((value) => ({
                  value,
                  label: t('integration:eventLogs.records', { count: value, shown: formatNumber(value) }),
                }))}
              />
            </Space>
            <Checkbox checked={testOnly} onChange={(event) => setTestOnly(event.target.checked)}>
              {t('integration:eventLogs.testOnly')}
            </Checkbox>
          </Space>
          <DateRangePresets value={range} onChange={setRange} maxDays={MAX_QUERY_DAYS} />
          {error && <Alert type="error" showIcon title={error.message || t('integration:loadFailed')} />}
          <Typography.Text type="secondary" data-testid="event-log-count">
            {t('integration:eventLogs.shown', { count: rows.length, shown: formatNumber(rows.length) })}
          </Typography.Text>
          <Table<EventLogRow>
            rowKey="eventId"
            size="small"
            loading={isLoading}
            dataSource={rows}
            scroll={{ x: 1400 }}
            pagination={{ pageSize: 50, hideOnSinglePage: true, showSizeChanger: false }}
            locale={{ emptyText: t('integration:eventLogs.empty') }}
            rowClassName={(row) => (isTest(row) ? 'gc-test-device-row' : '')}
            expandable={{ expandedRowRender: (row) => <EventLogDetail row={row} /> }}
            columns={eventLogColumns(t, (row) =>
              isTest(row) ? (
                <Tooltip title={testNames.get(row.deviceId)}>
                  <Tag color="orange" data-testid="test-device-tag">
                    {t('integration:eventLogs.testDevice')}
                  </Tag>
                </Tooltip>
              ) : null,
            )}
          />
        </Space>
      </Card>
    </div>
  );
}
