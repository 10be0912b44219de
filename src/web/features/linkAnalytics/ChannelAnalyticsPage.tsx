import { useCallback, useMemo, useState } from 'react';
import { Alert, App, Button, Card, Select, Space, Spin, Typography } from 'antd';
import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { buildQuery } from '../../api/createRequestClient';
import type { LinkItem } from '../links/linkTypes';
import { useListPage } from '../links/useListPage';
import { countKeys, type ChannelAnalytics, type Counts } from './analyticsTypes';
import { useProjectTimeZone, useProjectToday } from '../projects/useProjectTimeZone';
import { CountTotals } from './CountTotals';
import { countTrendLines } from './countTrendLines';
import { DateRangePresets } from './DateRangePresets';
import { MAX_QUERY_DAYS, presetRange, type DateRange } from './dateRangePresets';
import { exportCsv } from './exportCsv';
import { MetricBreakdown } from './MetricBreakdown';
import { TrendChart } from './TrendChart';

/** Channel analytics: clicks, installs, opens and registrations by channel (at most 10 days). */
export function ChannelAnalyticsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const today = useProjectToday();
  const timeZone = useProjectTimeZone();
  const [range, setRange] = useState<DateRange>(() => presetRange('last7Days', today));
  const [linkId, setLinkId] = useState<string>();
  const [linkQuery, setLinkQuery] = useState('');
  const links = useListPage<LinkItem>('/api/links', { q: linkQuery, page: 1, pageSize: 100 });
  const { data, error, isLoading, mutate } = useSWR<ChannelAnalytics>(
    `/api/analytics/channels${buildQuery({ ...range, tz: timeZone, linkId })}`,
  );

  const totals = useMemo<Counts | undefined>(
    () =>
      data &&
      (Object.fromEntries(
        countKeys.map((key) => [key, data.items.reduce((sum, item) => sum + item[key], 0)]),
      ) as Counts),
    [data],
  );
  const lines = useMemo(
    () => countTrendLines(data?.series ?? [], (key) => t(`analytics:count.${key}`)),
    [data, t],
  );
  const rows = useMemo(
    () => (data?.items ?? []).map(({ channel, ...counts }) => ({ group: channel, ...counts })),
    [data],
  );
  const channelLabel = useCallback(
    (channel: string) => (channel === 'direct' ? t('analytics:channelDirect') : channel),
    [t],
  );

  function download() {
    if (!data || rows.length === 0) {
      void message.info(t('analytics:noData'));
      return;
    }
    exportCsv(
      range,
      [t('analytics:channelColumn'), ...countKeys.map((key) => t(`analytics:count.${key}`))],
      [...rows]
        .sort((a, b) => b.clicks - a.clicks)
        .map((row) => [channelLabel(row.group), ...countKeys.map((key) => row[key])]),
    );
    void message.success(t('links:exported'));
  }

  return (
    <div className="gc-page">
      <div className="gc-page-head">
        <div>
          <Typography.Title level={3}>{t('menu:page.channelAnalytics')}</Typography.Title>
          <Typography.Text type="secondary">{t('analytics:channels.description')}</Typography.Text>
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
          showSearch={{ filterOption: false, onSearch: setLinkQuery }}
          style={{ width: 240 }}
          placeholder={t('analytics:channels.allLinks')}
          aria-label={t('analytics:channels.link')}
          loading={links.isLoading}
          value={linkId}
          onChange={(value?: string) => setLinkId(value)}
          options={links.items.map((link) => ({ value: link.id, label: `${link.name} (${link.linkId})` }))}
        />
      </Space>
      {error && <Alert type="error" showIcon title={error.message || t('links:loadFailed')} />}
      <CountTotals totals={totals} loading={isLoading} />
      <Card title={t('analytics:trend')} data-testid="channel-trend">
        <Spin spinning={isLoading}>
          <TrendChart lines={lines} label={t('analytics:trend')} />
        </Spin>
      </Card>
      <MetricBreakdown
        title={t('analytics:byChannel')}
        groupTitle={t('analytics:channelColumn')}
        rows={rows}
        renderGroup={channelLabel}
        testId="channel-breakdown"
      />
    </div>
  );
}
