import { useState } from 'react';
import { Alert, App, Button, Card, Empty, Segmented, Select, Space, Typography } from 'antd';
import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { buildQuery } from '../../../api/createRequestClient';
import { csvFileName } from '../../../api/csvFileName';
import { saveBlob } from '../../../api/saveBlob';
import { useSession } from '../../../session/useSession';
import type { DateRange } from '../../linkAnalytics/dateRangePresets';
import { useInvalidate } from '../../links/useInvalidate';
import { useProjectToday } from '../../projects/useProjectTimeZone';
import { reportGroupings, type IncomeReport, type ReportGrouping } from '../adsTypes';
import { ModuleOffAlert } from '../ModuleOffAlert';
import { useAdsSettings } from '../useAdsSettings';
import { adsPresetRange } from './adsDatePresets';
import { AdsDateRange } from './AdsDateRange';
import { IncomeChart } from './IncomeChart';
import { IncomeKpis } from './IncomeKpis';
import { IncomeTable } from './IncomeTable';
import { hasIncomeData, reportMetrics, type ReportMetric } from './incomeRows';

const API = '/api/ads/report';
type View = 'table' | 'chart';

/**
 * The income report (incomeReport): KPI cards, then the range's figures grouped by date, domain,
 * URL, strategy or account as a table or a G2 chart, in one currency at a time; up to 10 days of
 * the project's time zone (SPEC 5); CSV export from the server. A range without requests or
 * income says so.
 */
export function IncomeReportPage() {
  const { t } = useTranslation();
  const { client } = useSession();
  const { message } = App.useApp();
  const invalidate = useInvalidate();
  const today = useProjectToday();
  const { settings } = useAdsSettings();
  const [range, setRange] = useState<DateRange>(() => adsPresetRange('last7Days', today));
  const [groupBy, setGroupBy] = useState<ReportGrouping>('date');
  const [view, setView] = useState<View>('table');
  const [metric, setMetric] = useState<ReportMetric>('incomeMicros');
  const [currency, setCurrency] = useState<string>();
  const [exporting, setExporting] = useState(false);
  const query = { ...range, groupBy, currency };
  const report = useSWR<IncomeReport>(`${API}${buildQuery(query)}`);
  const data = report.data;
  const shownCurrency = data?.currency ?? currency ?? settings?.currency ?? 'USD';
  const currencies = [...new Set([shownCurrency, ...(data?.currencies ?? [])])].sort();
  const empty = Boolean(data) && !hasIncomeData(data);

  async function exportCsv() {
    setExporting(true);
    try {
      const { blob } = await client.downloadCsv(`${API}/export`, query);
      saveBlob(blob, csvFileName({ start_time: range.from, end_time: range.to }));
      void message.success(t('ads:report.exported'));
    } catch {
      // Shown by the request client.
    } finally {
      setExporting(false);
    }
  }

  return (
    <div className="gc-page">
      <div className="gc-page-head">
        <div>
          <Typography.Title level={3}>{t('menu:page.incomeReport')}</Typography.Title>
          <Typography.Text type="secondary">{t('ads:report.description')}</Typography.Text>
        </div>
        <Space>
          {/* Reports are cached like every query (SPEC 7): new income shows on request. */}
          <Button icon={<ReloadOutlined />} onClick={() => void invalidate(API)}>
            {t('ads:report.refresh')}
          </Button>
          <Button
            icon={<DownloadOutlined />}
            loading={exporting}
            disabled={!data || empty}
            onClick={() => void exportCsv()}
            data-testid="ads-report-export"
          >
            {t('ads:report.export')}
          </Button>
        </Space>
      </div>
      <ModuleOffAlert settings={settings} />
      <Space wrap size={[16, 8]} style={{ justifyContent: 'space-between', width: '100%' }}>
        <AdsDateRange value={range} onChange={setRange} />
        <Space>
          <Typography.Text type="secondary">{t('ads:report.currency')}</Typography.Text>
          <Select<string>
            value={shownCurrency}
            style={{ width: 100 }}
            options={currencies.map((code) => ({ value: code, label: code }))}
            onChange={setCurrency}
            aria-label={t('ads:report.currency')}
            data-testid="ads-report-currency"
          />
        </Space>
      </Space>
      {report.error && (
        <Alert type="error" showIcon title={report.error.message || t('ads:list.loadFailed')} />
      )}
      {data && data.currencies.some((code) => code !== shownCurrency) && (
        <Alert type="info" showIcon title={t('ads:report.otherCurrencies', { currency: shownCurrency })} />
      )}
      <IncomeKpis totals={data?.totals} currency={shownCurrency} loading={report.isLoading} />
      <Card
        title={
          <Segmented<ReportGrouping>
            value={groupBy}
            onChange={setGroupBy}
            options={reportGroupings.map((key) => ({ value: key, label: t(`ads:report.groupBy.${key}`) }))}
            data-testid="ads-report-groupby"
          />
        }
        extra={
          <Segmented<View>
            value={view}
            onChange={setView}
            options={[
              { value: 'table', label: t('ads:report.table') },
              { value: 'chart', label: t('ads:report.chart') },
            ]}
            data-testid="ads-report-view"
          />
        }
      >
        {groupBy === 'account' && (
          <Typography.Paragraph type="secondary">{t('ads:report.accountHelp')}</Typography.Paragraph>
        )}
        {empty ? (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={t('ads:report.empty')}
            data-testid="ads-report-empty"
          />
        ) : view === 'table' ? (
          <IncomeTable
            rows={data?.rows ?? []}
            groupBy={groupBy}
            currency={shownCurrency}
            loading={report.isLoading}
          />
        ) : (
          <Space orientation="vertical" size={12} style={{ width: '100%' }}>
            <Segmented<ReportMetric>
              size="small"
              value={metric}
              onChange={setMetric}
              options={reportMetrics.map(({ key }) => ({ value: key, label: t(`ads:metric.${key}`) }))}
              data-testid="ads-report-metric"
            />
            {data ? (
              <IncomeChart report={data} groupBy={groupBy} metric={metric} currency={shownCurrency} />
            ) : (
              <div data-testid="ads-report-chart" style={{ height: 340 }} />
            )}
          </Space>
        )}
      </Card>
    </div>
  );
}
