import { App, Card, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../session/useSession';
import { AdsListTable } from '../AdsListTable';
import {
  withdrawalStatuses,
  type ReviewDecision,
  type WithdrawalRow,
  type WithdrawalStatus,
} from '../adsTypes';
import { useAdsList } from '../useAdsList';
import { useAdsSettings } from '../useAdsSettings';
import { useFormatMoney } from '../useFormatMoney';
import { withdrawalColumns } from './withdrawalColumns';

const API = '/api/ads/cash/withdrawals';

/**
 * Cash list (cashList): the participants' withdrawal requests, filter by status; advanced ads users
 * approve a pending one, or reject it with a reason, which returns the money to the participant's
 * balance. Accounts are masked for the others by the server.
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

  const columns = withdrawalColumns({ t, formatMoney, advanced, review });

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
