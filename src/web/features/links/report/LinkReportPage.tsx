import { useCallback, useMemo, useState } from 'react';
import { Alert, Button, Card, Descriptions, Segmented, Space, Spin, Typography } from 'antd';
import { ArrowLeftOutlined, EditOutlined, ReloadOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import useSWR from 'swr';
import { buildQuery } from '../../../api/createRequestClient';
import { projectPath } from '../../../app/routeTable';
import { useSession } from '../../../session/useSession';
import { countKeys, type Granularity, type LinkReport } from '../../linkAnalytics/analyticsTypes';
import { useProjectTimeZone, useProjectToday } from '../../projects/useProjectTimeZone';
import { CountTotals } from '../../linkAnalytics/CountTotals';
import { DateRangePresets } from '../../linkAnalytics/DateRangePresets';
import { presetRange, rangeDayCount, type DateRange } from '../../linkAnalytics/dateRangePresets';
import { MetricBreakdown } from '../../linkAnalytics/MetricBreakdown';
import { TrendChart } from '../../linkAnalytics/TrendChart';
import { formatTime } from '../formatTime';
import { linkConfigPath, linkRoutes } from '../linkRoutes';
import type { LinkItem } from '../linkTypes';
import { useCanEdit } from '../../../app/useCanEdit';
import { useInvalidate } from '../useInvalidate';
import { ClickDetailsTable } from './ClickDetailsTable';

/** The server's longest report range (docs/deep-links.md). */
const REPORT_MAX_DAYS = 92;
/** Hourly points beyond a few days make an unreadable chart. */
const HOURLY_MAX_DAYS = 3;

/** One link's report: totals, trend, platforms, channels and event details for a date range. */
export function LinkReportPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canEdit = useCanEdit();
  const invalidate = useInvalidate();
  const { projectId } = useSession();
  const { link_hash_id: id = '' } = useParams();
  const today = useProjectToday();
  const timeZone = useProjectTimeZone();
  const [range, setRange] = useState<DateRange>(() => presetRange('last7Days', today));
  const [granularity, setGranularity] = useState<Granularity>('day');
  const hourly =
    granularity === 'hour' && rangeDayCount(dayjs(range.from), dayjs(range.to)) <= HOURLY_MAX_DAYS;
  const link = useSWR<LinkItem>(`/api/links/${encodeURIComponent(id)}`);
  const report = useSWR<LinkReport>(
    `/api/links/${encodeURIComponent(id)}/report${buildQuery({
      ...range,
      granularity: hourly ? 'hour' : 'day',
      tz: timeZone,
    })}`,
  );
  const data = report.data;

  const lines = useMemo(
    () =>
      countKeys.map((key) => ({
        name: t(`analytics:count.${key}`),
        points: (data?.series ?? []).map((point) => ({ time: point.time, value: point[key] })),
      })),
    [data, t],
  );
  // Memoised: a new rows array would redraw the charts on every render.
  const platforms = useMemo(
    () => (data?.byPlatform ?? []).map(({ platform, ...counts }) => ({ group: platform, ...counts })),
    [data],
  );
  const channels = useMemo(
    () => (data?.byChannel ?? []).map(({ channel, ...counts }) => ({ group: channel, ...counts })),
    [data],
  );
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
      <div className="gc-page-head">
        <Space align="center">
          <Button
            type="text"
            icon={<ArrowLeftOutlined />}
            aria-label={t('links:back')}
            onClick={() => navigate(projectPath(linkRoutes.links, projectId))}
          />
          <Typography.Title level={3}>{link.data?.name ?? t('menu:page.linkReport')}</Typography.Title>
        </Space>
        <Space>
          {/* Reports are cached like every query (SPEC 7): new clicks show on request. */}
          <Button
            icon={<ReloadOutlined />}
            onClick={() => void invalidate(`/api/links/${encodeURIComponent(id)}`)}
          >
            {t('analytics:refresh')}
          </Button>
          {canEdit && link.data && (
            <Button
              icon={<EditOutlined />}
              onClick={() => navigate(linkConfigPath(projectId, link.data!.templateId, link.data!.id))}
            >
              {t('common:edit')}
            </Button>
          )}
        </Space>
      </div>
      {link.error ? (
        <Alert type="error" showIcon title={t('links:report.notFound')} />
      ) : (
        <Card size="small">
          <Spin spinning={link.isLoading}>
            <Descriptions
              size="small"
              column={{ xs: 1, md: 2, xl: 4 }}
              items={[
                {
                  key: 'url',
                  label: t('links:links.url'),
                  children: link.data ? (
                    <Typography.Text copyable data-testid="link-url">
                      {link.data.url}
                    </Typography.Text>
                  ) : (
                    '-'
                  ),
                },
                { key: 'linkId', label: t('links:links.linkId'), children: link.data?.linkId ?? '-' },
                {
                  key: 'template',
                  label: t('links:links.template'),
                  children: link.data?.templateName ?? '-',
                },
                {
                  key: 'created',
                  label: t('links:field.createdAt'),
                  children: formatTime(link.data?.createdAt),
                },
              ]}
            />
          </Spin>
        </Card>
      )}
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
              disabled: rangeDayCount(dayjs(range.from), dayjs(range.to)) > HOURLY_MAX_DAYS,
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
