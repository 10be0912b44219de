import { Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { Link } from 'react-router-dom';
import type { CampaignCommand } from './campaignCommands';
import { routePath } from './campaignPaths';
import { CampaignRowActions } from './CampaignRowActions';
import { CampaignStatusTag } from './CampaignStatusTag';
import type { CampaignKind, CampaignSummary } from './campaignTypes';
import { formatCampaignTime } from './formatCampaignTime';

interface CampaignColumnsInput {
  t: TFunction;
  projectId: string;
  kind: CampaignKind;
  /** The type's display name by its mark. */
  nameOf(mark: string): string;
  /** Extra columns placed after the type column (sub-activities show their bound activity). */
  extraColumns: ColumnsType<CampaignSummary>;
  canEdit: boolean;
  onCommand(command: CampaignCommand, campaign: CampaignSummary): void;
}

/**
 * The campaign list's columns: title (a link to the details) with the id beneath, type, any extra
 * columns, status, start and end on the campaign's clock, last update, and the row's actions.
 */
export function campaignColumns({
  t,
  projectId,
  kind,
  nameOf,
  extraColumns,
  canEdit,
  onCommand,
}: CampaignColumnsInput): ColumnsType<CampaignSummary> {
  return [
    {
      title: t('campaigns:field.title'),
      dataIndex: 'title',
      width: 170,
      render: (title: string, row) => (
        <Space orientation="vertical" size={0}>
          <Link to={routePath('campaignDetail', projectId, { id: row.id })}>{title}</Link>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {row.id}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: t(kind === 'sub-activity' ? 'campaigns:field.subType' : 'campaigns:field.type'),
      dataIndex: 'mark',
      width: 120,
      render: (mark: string) => nameOf(mark),
    },
    ...extraColumns,
    {
      title: t('campaigns:field.status'),
      dataIndex: 'status',
      width: 150,
      render: (status: CampaignSummary['status'], row) => (
        <CampaignStatusTag status={status} campaign={row} />
      ),
    },
    {
      title: t('campaigns:field.time'),
      key: 'time',
      width: 160,
      render: (_value, row) => (
        <Space orientation="vertical" size={0}>
          <span>{formatCampaignTime(row.startTime, row.timezone)}</span>
          <span>{formatCampaignTime(row.endTime, row.timezone)}</span>
          {row.timezone && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {row.timezone}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    // A planned online time shows in the status cell ("Starts ..."), the only time it is set.
    {
      title: t('campaigns:field.updatedAt'),
      dataIndex: 'updatedAt',
      width: 150,
      render: (value: string) => dayjs(value).format('YYYY-MM-DD HH:mm'),
    },
    {
      title: t('common:actions'),
      key: 'actions',
      fixed: 'right',
      width: 200,
      render: (_value, row) => <CampaignRowActions campaign={row} canEdit={canEdit} onCommand={onCommand} />,
    },
  ];
}
