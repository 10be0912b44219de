import { useState } from 'react';
import { Alert, Button, Card, Col, Empty, Row, Space, Statistic, Typography } from 'antd';
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
import { useProjectToday } from '../../projects/useProjectTimeZone';
import { useInvalidate } from '../../links/useInvalidate';
import { TurboStatusTag } from '../TurboStatusTag';
import { bannerConfigPath, turboRoutes } from '../turboPaths';
import { bannerCountKeys, type BannerReport, type TurboBannerRow } from '../turboTypes';
import { BannerReportCharts } from './BannerReportCharts';
import { clickRate, formatRate, hasBannerData } from './bannerReportRows';

interface HeadProps {
  id: string;
  banner: TurboBannerRow | undefined;
  /** The banner's API path, under which its reports are cached. */
  base: string;
}

/** The report's head: back to the list, the banner's name and status, a refresh and its editor. */
function BannerReportHead({ id, banner, base }: HeadProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canEdit = useCanEdit();
  const invalidate = useInvalidate();
  const { projectId } = useSession();
  return (
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
              {banner?.name ?? t('menu:page.turboBannerReport')}
              {banner && <TurboStatusTag status={banner.status} />}
            </Space>
          </Typography.Title>
          <Typography.Text type="secondary">{t('turbo:report.description')}</Typography.Text>
        </div>
      </Space>
      <Space>
        {/* Reports are cached like every query: new events show on request. */}
        <Button icon={<ReloadOutlined />} onClick={() => void invalidate(base)}>
          {t('turbo:report.refresh')}
        </Button>
        {canEdit && banner && (
          <Button icon={<EditOutlined />} onClick={() => navigate(bannerConfigPath(projectId, id))}>
            {t('common:edit')}
          </Button>
        )}
      </Space>
    </div>
  );
}

/** The range's totals: impressions, clicks and dismissals, and the click rate. */
function BannerReportTotals({ data, loading }: { data: BannerReport | undefined; loading: boolean }) {
  const { t } = useTranslation();
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
    <Row gutter={[16, 16]} data-testid="turbo-report-totals">
      {totals.map((total) => (
        <Col key={total.key} xs={12} lg={6}>
          <Card size="small" data-testid={`turbo-total-${total.key}`}>
            <Statistic title={total.title} loading={loading} value={total.value} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}

/**
 * One banner's report (turboBanner/:projectId/report/:id): impressions, clicks, dismissals and
 * click rate for up to 10 days of the project's time zone, by day, by platform and by page. A
 * range without events says so instead of drawing empty charts.
 */
export function TurboBannerReportPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const today = useProjectToday();
  const [range, setRange] = useState<DateRange>(() => presetRange('last7Days', today));
  const base = `/api/turbo-banners/${encodeURIComponent(id)}`;
  const banner = useSWR<TurboBannerRow>(base);
  const report = useSWR<BannerReport>(`${base}/report${buildQuery({ ...range })}`);
  const data = report.data;
  const empty = Boolean(data) && !hasBannerData(data);

  return (
    <div className="gc-page">
      <BannerReportHead id={id} banner={banner.data} base={base} />
      {banner.error && <Alert type="error" showIcon title={t('turbo:banner.notFound')} />}
      <DateRangePresets value={range} onChange={setRange} maxDays={MAX_QUERY_DAYS} />
      {report.error && (
        <Alert type="error" showIcon title={report.error.message || t('turbo:report.loadFailed')} />
      )}
      <BannerReportTotals data={data} loading={report.isLoading} />
      {empty ? (
        <Card data-testid="turbo-report-empty">
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('turbo:report.empty')} />
        </Card>
      ) : (
        <BannerReportCharts data={data} loading={report.isLoading} />
      )}
    </div>
  );
}
