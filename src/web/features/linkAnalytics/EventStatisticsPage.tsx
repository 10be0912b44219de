import { useMemo, useState } from 'react';
import { Alert, App, Button, Card, Col, Row, Select, Space, Spin, Statistic, Table, Typography } from 'antd';
import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { buildQuery } from '../../api/createRequestClient';
import { formatNumber } from '../../charts/formatNumber';
import { eventTypes, type EventStatistics, type EventType } from './analyticsTypes';
import { useProjectTimeZone, useProjectToday } from '../projects/useProjectTimeZone';
import { DateRangePresets } from './DateRangePresets';
import { MAX_QUERY_DAYS, presetRange, type DateRange } from './dateRangePresets';
import { eventDays, type DayRow } from './eventDays';
import { exportCsv } from './exportCsv';
import { TrendChart } from './TrendChart';

type Items = EventStatistics['items'];

/** The range's total per event (or of the one event picked) as statistic cards. */
function EventTotals({ items, event, loading }: { items: Items; event?: EventType; loading: boolean }) {
  const { t } = useTranslation();
  return (
    <Row gutter={[16, 16]} data-testid="event-totals">
      {(event ? [event] : eventTypes).map((key) => (
        <Col key={key} xs={12} lg={6}>
          <Card size="small">
            <Statistic
              title={t(`analytics:event.${key}`)}
              loading={loading}
              value={items.find((item) => item.event === key)?.total ?? 0}
              formatter={(value) => formatNumber(Number(value))}
            />
          </Card>
        </Col>
      ))}
    </Row>
  );
}

/** The daily counts: one row per day, a column per event shown. */
function EventDaysCard({ days, shown, loading }: { days: DayRow[]; shown: EventType[]; loading: boolean }) {
  const { t } = useTranslation();
  return (
    <Card title={t('analytics:events.daily')}>
      <Table<DayRow>
        rowKey="time"
        size="small"
        loading={loading}
        dataSource={days}
        pagination={false}
        locale={{ emptyText: t('analytics:noData') }}
        columns={[
          { title: t('analytics:day'), dataIndex: 'time' },
          ...shown.map((key) => ({
            title: t(`analytics:event.${key}`),
            dataIndex: key,
            align: 'right' as const,
            render: (value: number | undefined) => formatNumber(value ?? 0),
          })),
        ]}
      />
    </Card>
  );
}

/** Event statistics: daily counts of clicks, installs, opens and registrations (at most 10 days). */
export function EventStatisticsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const today = useProjectToday();
  const timeZone = useProjectTimeZone();
  const [range, setRange] = useState<DateRange>(() => presetRange('last7Days', today));
  const [event, setEvent] = useState<EventType>();
  const { data, error, isLoading, mutate } = useSWR<EventStatistics>(
    `/api/analytics/events${buildQuery({ ...range, tz: timeZone, event })}`,
  );
  const items = useMemo(() => data?.items ?? [], [data]);
  const lines = useMemo(
    () =>
      items.map((item) => ({
        name: t(`analytics:event.${item.event}`),
        points: item.series.map((point) => ({ time: point.time, value: point.count })),
      })),
    [items, t],
  );
  const days = useMemo(() => eventDays(items), [items]);
  const shown = items.map((item) => item.event);

  function download() {
    if (days.length === 0) {
      void message.info(t('analytics:noData'));
      return;
    }
    exportCsv(
      range,
      [t('analytics:day'), ...shown.map((key) => t(`analytics:event.${key}`))],
      days.map((row) => [row.time, ...shown.map((key) => row[key] ?? 0)]),
    );
    void message.success(t('links:exported'));
  }

  return (
    <div className="gc-page">
      <div className="gc-page-head">
        <div>
          <Typography.Title level={3}>{t('menu:page.eventStatistics')}</Typography.Title>
          <Typography.Text type="secondary">{t('analytics:events.description')}</Typography.Text>
        </div>
        <Space>
          <Button icon={<ReloadOutlined />} onClick={() => void mutate()}>
            {t('analytics:refresh')}
          </Button>
          <Button icon={<DownloadOutlined />} onClick={download} disabled={!data}>
            {t('links:export')}
          </Button>
        </Space>
      </div>
      <Space wrap size={[16, 8]}>
        <DateRangePresets value={range} onChange={setRange} maxDays={MAX_QUERY_DAYS} />
        <Select
          allowClear
          style={{ width: 200 }}
          placeholder={t('analytics:events.all')}
          aria-label={t('analytics:events.event')}
          value={event}
          onChange={(value?: EventType) => setEvent(value)}
          options={eventTypes.map((value) => ({ value, label: t(`analytics:event.${value}`) }))}
        />
      </Space>
      {error && <Alert type="error" showIcon title={error.message || t('links:loadFailed')} />}
      <EventTotals items={items} event={event} loading={isLoading} />
      <Card title={t('analytics:trend')} data-testid="event-trend">
        <Spin spinning={isLoading}>
          <TrendChart lines={lines} label={t('analytics:trend')} />
        </Spin>
      </Card>
      <EventDaysCard days={days} shown={shown} loading={isLoading} />
    </div>
  );
}
