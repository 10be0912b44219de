import { useState } from 'react';
import { Alert, App, Button, Select, Space, Typography } from 'antd';
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
import type { IncomeReport, ReportGrouping } from '../adsTypes';
import { ModuleOffAlert } from '../ModuleOffAlert';
import { useAdsSettings } from '../useAdsSettings';
import { adsPresetRange } from './adsDatePresets';
import { AdsDateRange } from './AdsDateRange';
import { IncomeBreakdownCard } from './IncomeBreakdownCard';
import { IncomeKpis } from './IncomeKpis';
import { hasIncomeData } from './incomeRows';

const API = '/api/ads/report';
/** The report's query: the range, the grouping and the currency (the server's default when unset). */
type IncomeQuery = { from: string; to: string; groupBy: ReportGrouping; currency: string | undefined };

/** The report's title, a refresh (reports are cached like every query) and the CSV export. */
function IncomeReportHead({ query, canExport }: { query: IncomeQuery; canExport: boolean }) {
  const { t } = useTranslation();
  const { client } = useSession();
  const { message } = App.useApp();
  const invalidate = useInvalidate();
  const [exporting, setExporting] = useState(false);

  async function exportCsv() {
    setExporting(true);
    try {
      const { blob } = await client.downloadCsv(`${API}/export`, query);
      saveBlob(blob, csvFileName({ start_time: query.from, end_time: query.to }));
      void message.success(t('ads:report.exported'));
    } catch {
      // Shown by the request client.
    } finally {
      setExporting(false);
    }
  }

  return (
    <div className="gc-page-head">
      <div>
        <Typography.Title level={3}>{t('menu:page.incomeReport')}</Typography.Title>
        <Typography.Text type="secondary">{t('ads:report.description')}</Typography.Text>
      </div>
      <Space>
        {/* Reports are cached like every query like every query: new income shows on request. */}
        <Button icon={<ReloadOutlined />} onClick={() => void invalidate(API)}>
          {t('ads:report.refresh')}
        </Button>
        <Button
          icon={<DownloadOutlined />}
          loading={exporting}
          disabled={!canExport}
          onClick={() => void exportCsv()}
          data-testid="ads-report-export"
        >
          {t('ads:report.export')}
        </Button>
      </Space>
    </div>
  );
}

/**
 * The income report (incomeReport): KPI cards, then the range's figures grouped by date, domain,
 * URL, strategy or account as a table or a G2 chart, in one currency at a time; up to 10 days of
 * the project's time zone; CSV export from the server. A range without requests or
 * income says so.
 */
export function IncomeReportPage() {
  const { t } = useTranslation();
  const today = useProjectToday();
  const { settings } = useAdsSettings();
  const [range, setRange] = useState<DateRange>(() => adsPresetRange('last7Days', today));
  const [groupBy, setGroupBy] = useState<ReportGrouping>('date');
  const [currency, setCurrency] = useState<string>();
  const query: IncomeQuery = { ...range, groupBy, currency };
  const report = useSWR<IncomeReport>(`${API}${buildQuery(query)}`);
  const data = report.data;
  const shownCurrency = data?.currency ?? currency ?? settings?.currency ?? 'USD';
  const currencies = [...new Set([shownCurrency, ...(data?.currencies ?? [])])].sort();
  const empty = Boolean(data) && !hasIncomeData(data);

  return (
    <div className="gc-page">
      <IncomeReportHead query={query} canExport={Boolean(data) && !empty} />
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
      <IncomeBreakdownCard
        report={data}
        groupBy={groupBy}
        setGroupBy={setGroupBy}
        currency={shownCurrency}
        empty={empty}
        loading={report.isLoading}
      />
    </div>
  );
}
