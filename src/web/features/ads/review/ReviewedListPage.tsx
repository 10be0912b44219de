import { useState } from 'react';
import { Alert, App, Button, Card, Select, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ConfirmDeleteButton } from '../../../app/ConfirmDeleteButton';
import { useCanEdit } from '../../../app/useCanEdit';
import type { SchemaEntry } from '../../../schema-form/schemaEntry';
import { useSession } from '../../../session/useSession';
import { formatTime } from '../../links/formatTime';
import { AdsEntityModal } from '../AdsEntityModal';
import { AdsListTable } from '../AdsListTable';
import { AdStatusTag } from '../AdStatusTag';
import { adStatuses, type AdPlanRow, type AdStatus, type ReviewDecision } from '../adsTypes';
import { ReviewActions } from '../ReviewActions';
import { useAdsList } from '../useAdsList';
import { useAdsSettings } from '../useAdsSettings';

export type ReviewedKind = 'plans' | 'campaigns';

interface Props<Row extends AdPlanRow> {
  kind: ReviewedKind;
  /** entity/<entity> of the editor. */
  entity: string;
  /** The entity's own columns, after the name and the status. */
  columns: ColumnsType<Row>;
  /** Field ui of the editor (a picker). */
  adjust?(entry: SchemaEntry): SchemaEntry;
  /** Other lists that show these rows' names (campaigns show their plan's). */
  also?: readonly string[];
  scrollX: number;
}

/**
 * An ad plan or ad campaign list (SPEC 4: normal, rejected, under review): filter by status; new,
 * edit (which sends it back for review) and delete for members who may edit; approve or reject
 * with a reason for advanced users (SPEC 6), the others see why they cannot.
 */
export function ReviewedListPage<Row extends AdPlanRow>({
  kind,
  entity,
  columns,
  adjust,
  also,
  scrollX,
}: Props<Row>) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { client } = useSession();
  const canEdit = useCanEdit();
  const { advanced } = useAdsSettings();
  const api = `/api/ads/${kind}`;
  const list = useAdsList<Row, AdStatus>(api, also);
  const [form, setForm] = useState<{ open: boolean; row?: Row }>({ open: false });
  const path = (row: Row) => `${api}/${encodeURIComponent(row.id)}`;
  const single = kind === 'plans' ? 'plan' : 'campaign';

  async function review(row: Row, decision: ReviewDecision, note?: string) {
    // A refused rejection is toasted, and a note the server will not take shows under the field.
    await client.post(`${path(row)}/review`, { decision, note });
    void message.success(
      t(decision === 'approve' ? 'ads:review.approved' : 'ads:review.rejected', { name: row.name }),
    );
    await list.refresh();
  }

  const allColumns: ColumnsType<Row> = [
    {
      title: t('ads:list.name'),
      dataIndex: 'name',
      width: 180,
      render: (name: string, row) =>
        canEdit ? (
          <Button
            type="link"
            size="small"
            style={{ padding: 0 }}
            onClick={() => setForm({ open: true, row })}
          >
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
              onApprove={() => review(row, 'approve').catch(() => undefined)}
              onReject={(note) => review(row, 'reject', note)}
            />
          )}
          {canEdit && (
            <Button type="link" size="small" onClick={() => setForm({ open: true, row })}>
              {t('common:edit')}
            </Button>
          )}
          {canEdit && (
            <ConfirmDeleteButton
              title={t(`ads:${kind}.deleteTitle`)}
              description={t(`ads:${kind}.deleteConfirm`, { name: row.name })}
              onConfirm={() => list.write(() => client.delete(path(row)), t('common:deleted'))}
            />
          )}
        </Space>
      ),
    },
  ];

  const create = (testId: string) =>
    canEdit && (
      <Button
        type="primary"
        icon={<PlusOutlined />}
        onClick={() => setForm({ open: true })}
        data-testid={testId}
      >
        {t(`ads:${kind}.create`)}
      </Button>
    );

  return (
    <div className="gc-page">
      <div className="gc-page-head">
        <div>
          <Typography.Title level={3}>
            {t(`menu:page.${kind === 'plans' ? 'adPlans' : 'adCampaigns'}`)}
          </Typography.Title>
          <Typography.Text type="secondary">{t(`ads:${kind}.description`)}</Typography.Text>
        </div>
        {create(`ads-${single}-new`)}
      </div>
      <Card>
        <AdsListTable<Row>
          list={list}
          rowKey="id"
          testId={`ads-${kind}-table`}
          rowTestId={(row) => `ads-${single}-row-${row.id}`}
          columns={allColumns}
          emptyText={t(`ads:${kind}.empty`)}
          emptyAction={create(`ads-${single}-new-empty`)}
          searchPlaceholder={t('ads:list.search')}
          scrollX={scrollX}
          filters={
            <Select<AdStatus>
              allowClear
              style={{ width: 160 }}
              placeholder={t('ads:list.allStatuses')}
              aria-label={t('ads:list.status')}
              value={list.status}
              options={adStatuses.map((value) => ({ value, label: t(`ads:status.${value}`) }))}
              onChange={list.filterStatus}
              data-testid="ads-status-filter"
            />
          }
        />
      </Card>
      <AdsEntityModal
        open={form.open}
        title={t(form.row ? `ads:${kind}.edit` : `ads:${kind}.create`)}
        entity={entity}
        formKey={form.row?.id ?? 'new'}
        initialData={form.row?.config}
        adjust={adjust}
        testId={`ads-${single}-form`}
        notice={
          !form.row ? (
            <Alert type="info" showIcon title={t('ads:review.newUnderReview')} style={{ marginBottom: 16 }} />
          ) : form.row.status !== 'under-review' ? (
            <Alert type="warning" showIcon title={t('ads:review.editAgain')} style={{ marginBottom: 16 }} />
          ) : null
        }
        save={async (config) => {
          if (form.row) await client.put(path(form.row), config);
          else await client.post(api, config);
        }}
        onClose={() => setForm({ open: false })}
        onSaved={() => {
          void message.success(t(form.row ? 'common:updated' : 'common:created'));
          setForm({ open: false });
          void list.refresh();
        }}
      />
    </div>
  );
}
