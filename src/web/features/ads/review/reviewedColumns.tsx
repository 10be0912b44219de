import { Button, Space } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { ConfirmDeleteButton } from '../../../app/ConfirmDeleteButton';
import { formatTime } from '../../links/formatTime';
import { AdStatusTag } from '../AdStatusTag';
import type { AdPlanRow, AdStatus, ReviewDecision } from '../adsTypes';
import { ReviewActions } from '../ReviewActions';
import type { ReviewedKind } from './useReviewedList';

interface ReviewedColumnsInput<Row extends AdPlanRow> {
  t: TFunction;
  kind: ReviewedKind;
  /** The entity's own columns, after the name and the status. */
  columns: ColumnsType<Row>;
  canEdit: boolean;
  /** Advanced users approve and reject; the others see why they cannot. */
  advanced: boolean | undefined;
  onOpen(row: Row): void;
  onReview(row: Row, decision: ReviewDecision, note?: string): Promise<void>;
  onDelete(row: Row): Promise<unknown>;
}

/**
 * An ad plan or campaign list's columns: name (opens the editor for members who may edit),
 * status, the entity's own columns, the rejection note, review and creation times, and approve or
 * reject (rows under review), edit and delete.
 */
export function reviewedColumns<Row extends AdPlanRow>({
  t,
  kind,
  columns,
  canEdit,
  advanced,
  onOpen,
  onReview,
  onDelete,
}: ReviewedColumnsInput<Row>): ColumnsType<Row> {
  return [
    {
      title: t('ads:list.name'),
      dataIndex: 'name',
      width: 180,
      render: (name: string, row) =>
        canEdit ? (
          <Button type="link" size="small" style={{ padding: 0 }} onClick={() => onOpen(row)}>
            {name}
          </Button>
        ) : (
          name
        ),
    },
    {
      title: t('ads:list.status'),
      dataIndex: 'status',
      width: 110,
      render: (status: AdStatus) => <AdStatusTag status={status} />,
    },
    ...columns,
    {
      title: t('ads:review.note'),
      dataIndex: 'reviewNote',
      width: 200,
      ellipsis: true,
      render: (note: string | null, row) => (row.status === 'rejected' && note ? note : '-'),
    },
    { title: t('ads:review.reviewedAt'), dataIndex: 'reviewedAt', width: 150, render: formatTime },
    { title: t('ads:list.createdAt'), dataIndex: 'createdAt', width: 150, render: formatTime },
    {
      title: t('common:actions'),
      key: 'actions',
      fixed: 'right',
      width: 250,
      render: (_value, row) => (
        <Space size={0} wrap>
          {row.status === 'under-review' && (
            <ReviewActions
              name={row.name}
              advanced={advanced}
              onApprove={() => onReview(row, 'approve').catch(() => undefined)}
              onReject={(note) => onReview(row, 'reject', note)}
            />
          )}
          {canEdit && (
            <Button type="link" size="small" onClick={() => onOpen(row)}>
              {t('common:edit')}
            </Button>
          )}
          {canEdit && (
            <ConfirmDeleteButton
              title={t(`ads:${kind}.deleteTitle`)}
              description={t(`ads:${kind}.deleteConfirm`, { name: row.name })}
              onConfirm={() => onDelete(row)}
            />
          )}
        </Space>
      ),
    },
  ];
}
