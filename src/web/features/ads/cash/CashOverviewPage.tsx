import { useState } from 'react';
import { Alert, Button, Card, Empty, Spin, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { buildQuery } from '../../../api/createRequestClient';
import { formatNumber } from '../../../charts/formatNumber';
import type { DateRange } from '../../linkAnalytics/dateRangePresets';
import { useInvalidate } from '../../links/useInvalidate';
import { useProjectToday } from '../../projects/useProjectTimeZone';
import type { CashOverview } from '../adsTypes';
import { adsPresetRange } from '../report/adsDatePresets';
import { AdsDateRange } from '../report/AdsDateRange';
import { StatCards } from '../StatCards';
import { useFormatMoney } from '../useFormatMoney';
import { CashChart } from './CashChart';
import { hasCashMovement } from './cashSeries';
import { OfferwallOffAlert } from './OfferwallOffAlert';

const API = '/api/ads/cash/overview';

/**
 * Cash overview (cashOverview): what all offerwall participants hold, the withdrawals waiting,
 * paid and refused, and the amounts credited and withdrawn per day of the range.
 */
export function CashOverviewPage() {
  const { t } = useTranslation();
  const formatMoney = useFormatMoney();
  const invalidate = useInvalidate();
  const today = useProjectToday();
  const [range, setRange] = useState<DateRange>(() => adsPresetRange('last7Days', today));
  const { data, error, isLoading } = useSWR<CashOverview>(`${API}${buildQuery({ ...range })}`);
  const money = (micros: number | undefined) =>
    data && micros !== undefined ? formatMoney(micros, data.currency) : '-';
  const withdrawals = (key: 'pending' | 'approved' | 'rejected') => ({
    key,
    title: t(`ads:cash.${key}`),
    value: money(data?.[key].micros),
    note: data
      ? t('ads:cash.count', { count: data[key].count, formatted: formatNumber(data[key].count) })
      : undefined,
  });

  return (
    <div className="gc-page">
      <div className="gc-page-head">
        <div>
          <Typography.Title level={3}>{t('menu:page.cashOverview')}</Typography.Title>
          <Typography.Text type="secondary">{t('ads:cash.overviewDescription')}</Typography.Text>
        </div>
        <Button icon={<ReloadOutlined />} onClick={() => void invalidate('/api/ads/cash')}>
          {t('ads:report.refresh')}
        </Button>
      </div>
      <OfferwallOffAlert />
      <AdsDateRange value={range} onChange={setRange} />
      {error && <Alert type="error" showIcon title={error.message || t('ads:list.loadFailed')} />}
      <StatCards
        testIdPrefix="ads-cash"
        loading={isLoading}
        items={[
          { key: 'balance', title: t('ads:cash.balance'), value: money(data?.balanceMicros) },
          withdrawals('pending'),
          withdrawals('approved'),
          withdrawals('rejected'),
        ]}
      />
      <Card title={t('ads:cash.chart')}>
        <Spin spinning={isLoading}>
          {data && hasCashMovement(data.series) ? (
            <CashChart overview={data} />
          ) : (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={isLoading ? ' ' : t('ads:cash.empty')}
              data-testid="ads-cash-empty"
            />
          )}
        </Spin>
      </Card>
    </div>
  );
}
