import { useMemo } from 'react';
import { Card, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { TrendChart } from '../../linkAnalytics/TrendChart';
import type { BannerReport } from '../turboTypes';
import { BannerCountsTable } from './BannerCountsTable';
import { bannerTrendLines } from './bannerReportRows';

interface Props {
  data: BannerReport | undefined;
  loading: boolean;
}

/** A banner report's figures by day (a trend chart), by platform and by page (tables). */
export function BannerReportCharts({ data, loading }: Props) {
  const { t } = useTranslation();
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
  return (
    <>
      <Card title={t('turbo:report.byDay')} data-testid="turbo-report-trend">
        <Spin spinning={loading}>
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
  );
}
