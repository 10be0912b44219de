import { useCallback, useState } from 'react';
import { Alert, Card, Segmented, Space, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import type { Granularity } from '../../linkAnalytics/analyticsTypes';
import { CountTotals } from '../../linkAnalytics/CountTotals';
import { DateRangePresets } from '../../linkAnalytics/DateRangePresets';
import { presetRange, type DateRange } from '../../linkAnalytics/dateRangePresets';
import { MetricBreakdown } from '../../linkAnalytics/MetricBreakdown';
import { TrendChart } from '../../linkAnalytics/TrendChart';
import { useProjectToday } from '../../projects/useProjectTimeZone';
import { ClickDetailsTable } from './ClickDetailsTable';
import { hourlyAllowed, REPORT_MAX_DAYS } from './linkReportRange';
import { LinkReportHead } from './LinkReportHead';
import { LinkSummaryCard } from './LinkSummaryCard';
import { useLinkReport } from './useLinkReport';

/** One link's report: totals, trend, platforms, channels and event details for a date range. */
export function LinkReportPage() {
  const { t } = useTranslation();
  const { link_hash_id: id = '' } = useParams();
  const today = useProjectToday();
  const [range, setRange] = useState<DateRange>(() => presetRange('last7Days', today));
  const [granularity, setGranularity] = useState<Granularity>('day');
  const { link, report, lines, platforms, channels } = useLinkReport(id, range, granularity);
  const data = report.data;
  const platformLabel = useCallback(
    (platform: string) => t(`analytics:platform.${platform}`, { defaultValue: platform }),
    [t],
  );
  const channelLabel = useCallback(
    (channel: string) => (channel === 'direct' ? t('analytics:channelDirect') : channel),
    [t],
  );

  return (
    <div className="gc-page">
      <LinkReportHead id={id} link={link.data} />
      <LinkSummaryCard link={link.data} loading={link.isLoading} failed={Boolean(link.error)} />
      <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
        <DateRangePresets value={range} onChange={setRange} maxDays={REPORT_MAX_DAYS} />
        <Segmented<Granularity>
          value={granularity}
          onChange={setGranularity}
          options={[
            { value: 'day', label: t('analytics:granularity.day') },
            {
              value: 'hour',
              label: t('analytics:granularity.hour'),
              disabled: !hourlyAllowed(range),
            },
          ]}
        />
      </Space>
      {report.error && <Alert type="error" showIcon title={report.error.message || t('links:loadFailed')} />}
      <CountTotals totals={data?.totals} loading={report.isLoading} />
      <Card title={t('analytics:trend')} data-testid="link-trend">
        <Spin spinning={report.isLoading}>
          <TrendChart lines={lines} label={t('analytics:trend')} />
        </Spin>
      </Card>
      <MetricBreakdown
        title={t('analytics:byPlatform')}
        groupTitle={t('analytics:platformColumn')}
        rows={platforms}
        renderGroup={platformLabel}
        testId="link-platforms"
      />
      <MetricBreakdown
        title={t('analytics:byChannel')}
        groupTitle={t('analytics:channelColumn')}
        rows={channels}
        renderGroup={channelLabel}
        testId="link-channels"
      />
      {/* A new range starts the table on its first page again. */}
      {id && <ClickDetailsTable key={`${range.from}:${range.to}`} linkRecordId={id} range={range} />}
    </div>
  );
}
