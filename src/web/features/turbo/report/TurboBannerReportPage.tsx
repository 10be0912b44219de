import { useMemo, useState } from 'react';
import { Alert, Button, Card, Col, Empty, Row, Space, Spin, Statistic, Typography } from 'antd';
import { ArrowLeftOutlined, EditOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import useSWR from 'swr';
import { buildQuery } from '../../../api/createRequestClient';
import { projectPath } from '../../../app/routeTable';
import { useCanEdit } from '../../../app/useCanEdit';
import { formatNumber } from '../../../charts/formatNumber';
import { useSession } from '../../../session/useSession';
import { DateRangePresets } from '../../linkAnalytics/DateRangePresets';
import { MAX_QUERY_DAYS, presetRange, type DateRange } from '../../linkAnalytics/dateRangePresets';
import { TrendChart } from '../../linkAnalytics/TrendChart';
import { useProjectToday } from '../../projects/useProjectTimeZone';
import { useInvalidate } from '../../links/useInvalidate';
import { TurboStatusTag } from '../TurboStatusTag';
import { bannerConfigPath, turboRoutes } from '../turboPaths';
import { bannerCountKeys, type BannerReport, type TurboBannerRow } from '../turboTypes';
import { BannerCountsTable } from './BannerCountsTable';
import { bannerTrendLines, clickRate, formatRate, hasBannerData } from './bannerReportRows';

/**
 * One banner's report (turboBanner/:projectId/report/:id): impressions, clicks, dismissals and
 * click rate for up to 10 days of the project's time zone (SPEC 5), by day, by platform and by
 * page. A range without events says so instead of drawing empty charts.
 */
export function TurboBannerReportPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canEdit = useCanEdit();
  const invalidate = useInvalidate();
  const { projectId } = useSession();
  const { id = '' } = useParams();
  const today = useProjectToday();
  const [range, setRange] = useState<DateRange>(() => presetRange('last7Days', today));
  const base = `/api/turbo-banners/${encodeURIComponent(id)}`;
  const banner = useSWR<TurboBannerRow>(base);
  const report = useSWR<BannerReport>(`${base}/report${buildQuery({ ...range })}`);
  const data = report.data;
  const empty = Boolean(data) && !hasBannerData(data);

  const lines = useMemo(
    () => bannerTrendLines(data?.series ?? [], (key) => t(`turbo:report.count.${key}`)),
    [data, t],
  );
  const platforms = useMemo(
    () => (data?.byPlatform ?? []).map(({ platform, ...counts }) => ({ group: platform, ...counts })),
    [data],
  );
  const pages = useMemo(
    () => (data?.byPage ?? []).map(({ page, ...counts }) => ({ group: page, ...counts })),
    [data],
  );

  const totals = [
    ...bannerCountKeys.map((key) => ({
      key,
      title: t(`turbo:report.count.${key}`),
      value: formatNumber(data?.totals[key] ?? 0),
    })),
    {
      key: 'rate',
      title: t('turbo:report.clickRate'),
      value: formatRate(data ? clickRate(data.totals) : null),
    },
  ];

  return (
    <div className="gc-page">
      <div className="gc-page-head">
        <Space align="center">
          <Button
            type="text"
            icon={<ArrowLeftOutlined />}
            aria-label={t('turbo:banner.back')}
            onClick={() => navigate(projectPath(turboRoutes.banners, projectId))}
          />
          <div>
            <Typography.Title level={3}>
              <Space>
                {banner.data?.name ?? t('menu:page.turboBannerReport')}
                {banner.data && <TurboStatusTag status={banner.data.status} />}
              </Space>
            </Typography.Title>
            <Typography.Text type="secondary">{t('turbo:report.description')}</Typography.Text>
          </div>
        </Space>
        <Space>
          {/* Reports are cached like every query (SPEC 7): new events show on request. */}
          <Button icon={<ReloadOutlined />} onClick={() => void invalidate(base)}>
            {t('turbo:report.refresh')}
          </Button>
          {canEdit && banner.data && (
            <Button icon={<EditOutlined />} onClick={() => navigate(bannerConfigPath(projectId, id))}>
              {t('common:edit')}
            </Button>
          )}
        </Space>
      </div>
      {banner.error && <Alert type="error" showIcon title={t('turbo:banner.notFound')} />}
      <DateRangePresets value={range} onChange={setRange} maxDays={MAX_QUERY_DAYS} />
      {report.error && (
        <Alert type="error" showIcon title={report.error.message || t('turbo:report.loadFailed')} />
      )}
      <Row gutter={[16, 16]} data-testid="turbo-report-totals">
        {totals.map((total) => (
          <Col key={total.key} xs={12} lg={6}>
            <Card size="small" data-testid={`turbo-total-${total.key}`}>
              <Statistic title={total.title} loading={report.isLoading} value={total.value} />
            </Card>
          </Col>
        ))}
      </Row>
      {empty ? (
        <Card data-testid="turbo-report-empty">
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('turbo:report.empty')} />
        </Card>
      ) : (
        <>
          <Card title={t('turbo:report.byDay')} data-testid="turbo-report-trend">
            <Spin spinning={report.isLoading}>
              <TrendChart lines={lines} label={t('turbo:report.byDay')} />
            </Spin>
          </Card>
          <Card title={t('turbo:report.byPlatform')}>
            <BannerCountsTable
              rows={platforms}
              groupTitle={t('turbo:report.platform')}
              renderGroup={(platform) => t(`turbo:report.platforms.${platform}`, { defaultValue: platform })}
              testId="turbo-report-platforms"
            />
          </Card>
          <Card title={t('turbo:report.byPage')}>
            <BannerCountsTable rows={pages} groupTitle={t('turbo:report.page')} testId="turbo-report-pages" />
          </Card>
        </>
      )}
    </div>
  );
}
