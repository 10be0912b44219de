import { useTranslation } from 'react-i18next';
import type { ColumnsType } from 'antd/es/table';
import type { AdPlanRow } from '../adsTypes';
import { useFormatMoney } from '../useFormatMoney';
import { ReviewedListPage } from './ReviewedListPage';

const text = (value: unknown) => (typeof value === 'string' && value ? value : '-');
const micros = (value: unknown) => (typeof value === 'number' ? value : null);

/** Ad plans (adPlans): advertiser, pricing, bid, budget and dates of each plan, with its review. */
export function AdPlansPage() {
  const { t } = useTranslation();
  const formatMoney = useFormatMoney();
  // The schema's default currency when a plan names none.
  const currencyOf = (row: AdPlanRow) =>
    typeof row.config.currency === 'string' && row.config.currency ? row.config.currency : 'USD';

  const columns: ColumnsType<AdPlanRow> = [
    {
      title: t('ads:plans.advertiser'),
      key: 'advertiser',
      width: 160,
      render: (_v, row) => text(row.config.advertiser),
    },
    {
      title: t('ads:plans.pricing'),
      key: 'pricing',
      width: 90,
      render: (_v, row) =>
        typeof row.config.pricing === 'string'
          ? t(`ads:plans.pricingModes.${row.config.pricing}`, { defaultValue: row.config.pricing })
          : '-',
    },
    {
      title: t('ads:plans.bid'),
      key: 'bid',
      width: 120,
      align: 'right',
      render: (_v, row) => formatMoney(micros(row.config.bidMicros), currencyOf(row)),
    },
    {
      title: t('ads:plans.budget'),
      key: 'budget',
      width: 130,
      align: 'right',
      render: (_v, row) =>
        row.config.budgetMicros === 0
          ? t('ads:plans.unlimited')
          : formatMoney(micros(row.config.budgetMicros), currencyOf(row)),
    },
    {
      title: t('ads:plans.dates'),
      key: 'dates',
      width: 200,
      render: (_v, row) => `${text(row.config.startDate)} ~ ${text(row.config.endDate)}`,
    },
  ];

  return (
    <ReviewedListPage<AdPlanRow>
      kind="plans"
      entity="ad-plan"
      columns={columns}
      also={['/api/ads/campaigns']}
      scrollX={1600}
    />
  );
}
