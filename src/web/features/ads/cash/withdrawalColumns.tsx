import { Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { formatTime } from '../../links/formatTime';
import { AdStatusTag } from '../AdStatusTag';
import type { ReviewDecision, WithdrawalRow, WithdrawalStatus } from '../adsTypes';
import { ReviewActions } from '../ReviewActions';

interface WithdrawalColumnsInput {
  t: TFunction;
  formatMoney(micros: number | null | undefined, currency: string): string;
  /** Whether the member is an advanced ads user, who reviews; undefined until known. */
  advanced: boolean | undefined;
  /** Approves or rejects the request (rejecting with the member's reason). */
  review(row: WithdrawalRow, decision: ReviewDecision, note?: string): Promise<void>;
}

/**
 * The cash list's columns: request time, the participant (user id and code), amount, method,
 * account, status, review note and time, and the review of a pending request.
 */
export function withdrawalColumns({
  t,
  formatMoney,
  advanced,
  review,
}: WithdrawalColumnsInput): ColumnsType<WithdrawalRow> {
  return [
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
}
