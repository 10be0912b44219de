import { Card, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../charts/formatNumber';
import { formatTime } from '../../links/formatTime';
import { AdsListTable } from '../AdsListTable';
import type { OfferwallUserRow, OfferwallUsers } from '../adsTypes';
import { OfferwallOffAlert } from './OfferwallOffAlert';
import { StatCards } from '../StatCards';
import { useAdsList } from '../useAdsList';
import { useFormatMoney } from '../useFormatMoney';

const moneyKeys = [
  'earnedMicros',
  'reversedMicros',
  'withdrawnMicros',
  'pendingMicros',
  'balanceMicros',
] as const;
const totalKeys = ['earnedMicros', 'withdrawnMicros', 'pendingMicros', 'balanceMicros'] as const;

/**
 * Offerwall users (offerwallUsers): what the offerwall's participants earned, had reversed, took
 * out, wait for and hold, with the totals over all of them; search by user id or code.
 */
export function OfferwallUsersPage() {
  const { t } = useTranslation();
  const formatMoney = useFormatMoney();
  const list = useAdsList<OfferwallUserRow, string, OfferwallUsers>('/api/ads/offerwall/users');
  const data = list.data;
  const currency = data?.currency ?? 'USD';

  const columns: ColumnsType<OfferwallUserRow> = [
    {
      title: t('ads:users.user'),
      key: 'user',
      width: 200,
      render: (_value, row) => (
        <>
          {row.userId ?? <Typography.Text type="secondary">{t('ads:users.noUserId')}</Typography.Text>}
          <br />
          <Typography.Text type="secondary" code>
            {row.code}
          </Typography.Text>
        </>
      ),
    },
    ...moneyKeys.map((key) => ({
      title: t(`ads:users.${key}`),
      dataIndex: key,
      width: 130,
      align: 'right' as const,
      render: (micros: number) => formatMoney(micros, currency),
    })),
    { title: t('ads:users.lastActivityAt'), dataIndex: 'lastActivityAt', width: 160, render: formatTime },
  ];

  return (
    <div className="gc-page">
      <div className="gc-page-head">
        <div>
          <Typography.Title level={3}>{t('menu:page.offerwallUsers')}</Typography.Title>
          <Typography.Text type="secondary">{t('ads:users.description')}</Typography.Text>
        </div>
      </div>
      <OfferwallOffAlert />
      <StatCards
        testIdPrefix="ads-users-total"
        loading={list.isLoading}
        items={[
          { key: 'users', title: t('ads:users.users'), value: data ? formatNumber(data.totals.users) : '-' },
          ...totalKeys.map((key) => ({
            key,
            title: t(`ads:users.${key}`),
            value: data ? formatMoney(data.totals[key], currency) : '-',
          })),
        ]}
      />
      <Card>
        <AdsListTable<OfferwallUserRow>
          list={list}
          rowKey="participantId"
          testId="ads-users-table"
          rowTestId={(row) => `ads-user-row-${row.participantId}`}
          columns={columns}
          emptyText={t('ads:users.empty')}
          searchPlaceholder={t('ads:users.search')}
          scrollX={1100}
        />
      </Card>
    </div>
  );
}
