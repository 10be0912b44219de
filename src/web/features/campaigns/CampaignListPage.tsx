import { useState, type ReactNode } from 'react';
import { Card, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { buildQuery } from '../../api/createRequestClient';
import { useSession } from '../../session/useSession';
import { CampaignFilters, type CampaignFilterValues } from './CampaignFilters';
import { campaignColumns } from './campaignColumns';
import type { CampaignArea, CampaignKind, CampaignSummary, Page } from './campaignTypes';
import { freshQuery } from './freshQuery';
import { useCampaignCommands } from './useCampaignCommands';
import { useCanEdit } from '../../app/useCanEdit';
import { useSchemaEntries } from './useSchemaEntries';

interface Props {
  area: CampaignArea;
  kind: CampaignKind;
  /** i18n keys of the page title and its one-line description. */
  titleKey: string;
  descriptionKey: string;
  /** The create control (a button to the type route, or a type menu). */
  create: ReactNode;
  /** Extra columns placed after the type column (sub-activities show their bound activity). */
  extraColumns?: ColumnsType<CampaignSummary>;
}

/** A campaign list with filters, status tags and the server-allowed actions of each row. */
export function CampaignListPage({ area, kind, titleKey, descriptionKey, create, extraColumns = [] }: Props) {
  const { t } = useTranslation();
  const { projectId } = useSession();
  const canEdit = useCanEdit();
  const [filters, setFilters] = useState<CampaignFilterValues>({});
  const [paging, setPaging] = useState({ page: 1, pageSize: 10 });
  const { nameOf, entries } = useSchemaEntries(kind);
  const key = `/api/campaigns${buildQuery({ area, kind, ...filters, ...paging })}`;
  const { data, error, isLoading } = useSWR<Page<CampaignSummary>>(key, freshQuery);
  const { run, dialogs } = useCampaignCommands();

  const columns = campaignColumns({ t, projectId, kind, nameOf, extraColumns, canEdit, onCommand: run });

  return (
    <div className="gc-page">
      <div className="gc-page-head">
        <div>
          <Typography.Title level={3}>{t(titleKey)}</Typography.Title>
          <Typography.Text type="secondary">{t(descriptionKey)}</Typography.Text>
        </div>
        {canEdit && create}
      </div>
      <Card>
        <CampaignFilters
          types={entries.map((entry) => ({ value: entry.mark, label: nameOf(entry.mark) }))}
          typeLabel={t(kind === 'sub-activity' ? 'campaigns:field.subType' : 'campaigns:field.type')}
          onChange={(next) => {
            setFilters(next);
            setPaging((current) => ({ ...current, page: 1 }));
          }}
        />
      </Card>
      <Card>
        <Table<CampaignSummary>
          rowKey="id"
          data-testid="campaign-table"
          loading={isLoading}
          dataSource={data?.items ?? []}
          columns={columns}
          locale={{ emptyText: error ? t('campaigns:loadFailed') : t('campaigns:empty') }}
          // The widths add up to at most what a 1440 px screen gives the table (menu open), so no
          // column hides behind the pinned actions there; narrower screens scroll.
          scroll={{ x: columns.reduce((sum, column) => sum + Number(column.width ?? 140), 0) }}
          pagination={{
            current: paging.page,
            pageSize: paging.pageSize,
            total: data?.total ?? 0,
            showSizeChanger: true,
            showTotal: (total) => t('campaigns:total', { count: total }),
            onChange: (page, pageSize) => setPaging({ page, pageSize }),
          }}
        />
      </Card>
      {dialogs}
    </div>
  );
}
