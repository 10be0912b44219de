import { Alert, Button, Card, Select, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useCanEdit } from '../../../app/useCanEdit';
import type { SchemaEntry } from '../../../schema-form/schemaEntry';
import { AdsEntityModal } from '../AdsEntityModal';
import { AdsListTable } from '../AdsListTable';
import { adStatuses, type AdPlanRow, type AdStatus } from '../adsTypes';
import { useAdsSettings } from '../useAdsSettings';
import { reviewedColumns } from './reviewedColumns';
import { editNotice, reviewedPaths, useReviewedList, type ReviewedKind } from './useReviewedList';

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
 * An ad plan or ad campaign list (normal, rejected, under review): filter by status; new,
 * edit (which sends it back for review) and delete for members who may edit; approve or reject
 * with a reason for advanced users, the others see why they cannot.
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
  const canEdit = useCanEdit();
  const { advanced } = useAdsSettings();
  const reviewed = useReviewedList<Row>(kind, also);
  const { list, form } = reviewed;
  const { single } = reviewedPaths(kind);
  const notice = editNotice(form.row);

  const create = (testId: string) =>
    canEdit && (
      <Button type="primary" icon={<PlusOutlined />} onClick={() => reviewed.open()} data-testid={testId}>
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
          columns={reviewedColumns<Row>({
            t,
            kind,
            columns,
            canEdit,
            advanced,
            onOpen: reviewed.open,
            onReview: reviewed.review,
            onDelete: reviewed.remove,
          })}
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
          notice === 'newUnderReview' ? (
            <Alert type="info" showIcon title={t('ads:review.newUnderReview')} style={{ marginBottom: 16 }} />
          ) : notice === 'editAgain' ? (
            <Alert type="warning" showIcon title={t('ads:review.editAgain')} style={{ marginBottom: 16 }} />
          ) : null
        }
        save={reviewed.save}
        onClose={reviewed.close}
        onSaved={reviewed.saved}
      />
    </div>
  );
}
