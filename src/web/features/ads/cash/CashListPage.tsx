import { App, Card, Select, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../session/useSession';
import { formatTime } from '../../links/formatTime';
import { AdsListTable } from '../AdsListTable';
import { AdStatusTag } from '../AdStatusTag';
import {
  withdrawalStatuses,
  type ReviewDecision,
  type WithdrawalRow,
  type WithdrawalStatus,
} from '../adsTypes';
import { ReviewActions } from '../ReviewActions';
import { useAdsList } from '../useAdsList';
import { useAdsSettings } from '../useAdsSettings';
import { useFormatMoney } from '../useFormatMoney';

const API = '/api/ads/cash/withdrawals';

/**
 * Cash list (cashList): the participants' withdrawal requests, filter by status; advanced users
 * (SPEC 6) approve a pending one, or reject it with a reason, which returns the money to the
 * participant's balance. Accounts are masked for the others by the server.
 */
export function CashListPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { client } = useSession();
  const formatMoney = useFormatMoney();
  const { advanced } = useAdsSettings();
  const list = useAdsList<WithdrawalRow, WithdrawalStatus>(API, ['/api/ads/cash', '/api/ads/offerwall']);

  async function review(row: WithdrawalRow, decision: ReviewDecision, note?: string) {
    await client.post(`${API}/${encodeURIComponent(row.id)}/review`, { decision, note });
    void message.success(t(decision === 'approve' ? 'ads:cash.approveDone' : 'ads:cash.rejectDone'));
    await list.refresh();
  }

  const columns: ColumnsType<WithdrawalRow> = [
    { title: t('ads:cash.requestedAt'), dataIndex: 'createdAt', width: 150, render: formatTime },
    {
      title: t('ads:users.user'),
      key: 'user',
      width: 180,
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
    {
      title: t('ads:cash.amount'),
      dataIndex: 'amountMicros',
      width: 130,
      align: 'right',
      render: (micros: number, row) => formatMoney(micros, row.currency),
    },
    {
      title: t('ads:cash.method'),
      dataIndex: 'method',
      width: 110,
      render: (method: string) => t(`ads:cash.methods.${method}`, { defaultValue: method }),
    },
    { title: t('ads:cash.account'), dataIndex: 'account', width: 180, ellipsis: true },
    {
      title: t('ads:list.status'),
      dataIndex: 'status',
      width: 110,
      render: (status: WithdrawalStatus) => <AdStatusTag status={status} />,
    },
    {
      title: t('ads:review.note'),
      dataIndex: 'note',
      ellipsis: true,
      render: (note: string | null) => note || '-',
    },
    { title: t('ads:review.reviewedAt'), dataIndex: 'reviewedAt', width: 150, render: formatTime },
    {
      title: t('common:actions'),
      key: 'actions',
      fixed: 'right',
      width: 150,
      render: (_value, row) =>
        row.status === 'pending' ? (
          <ReviewActions
            name={formatMoney(row.amountMicros, row.currency)}
            advanced={advanced}
            onApprove={() => review(row, 'approve').catch(() => undefined)}
            onReject={(note) => review(row, 'reject', note)}
          />
        ) : (
          '-'
        ),
    },
  ];

  return (
    <div className="gc-page">
      <div className="gc-page-head">
        <div>
          <Typography.Title level={3}>{t('menu:page.cashList')}</Typography.Title>
          <Typography.Text type="secondary">{t('ads:cash.listDescription')}</Typography.Text>
        </div>
      </div>
      <Card>
        <AdsListTable<WithdrawalRow>
          list={list}
          rowKey="id"
          testId="ads-withdrawals-table"
          rowTestId={(row) => `ads-withdrawal-row-${row.id}`}
          columns={columns}
          emptyText={t('ads:cash.emptyList')}
          scrollX={1400}
          filters={
            <Select<WithdrawalStatus>
              allowClear
              style={{ width: 160 }}
              placeholder={t('ads:list.allStatuses')}
              aria-label={t('ads:list.status')}
              value={list.status}
              options={withdrawalStatuses.map((value) => ({ value, label: t(`ads:status.${value}`) }))}
              onChange={list.filterStatus}
              data-testid="ads-status-filter"
            />
          }
        />
      </Card>
    </div>
  );
}
