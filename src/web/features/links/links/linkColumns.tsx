import { Button, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { Link } from 'react-router-dom';
import { ConfirmDeleteButton } from '../../../app/ConfirmDeleteButton';
import { formatNumber } from '../../../charts/formatNumber';
import { formatTime } from '../formatTime';
import { linkConfigPath, linkReportPath } from '../linkRoutes';
import type { LinkItem } from '../linkTypes';
import { NoDestinationTag } from '../noDestination/NoDestinationTag';

interface LinkColumnsInput {
  t: TFunction;
  projectId: string;
  canEdit: boolean;
  navigate(path: string): void;
  onDelete(link: LinkItem): Promise<void>;
}

/**
 * The links list's columns: name (to its report, flagged when it sends visitors nowhere), id,
 * address, template, tags, clicks, creation time, and report, edit and delete.
 */
export function linkColumns({
  t,
  projectId,
  canEdit,
  navigate,
  onDelete,
}: LinkColumnsInput): ColumnsType<LinkItem> {
  return [
    {
      title: t('links:links.name'),
      dataIndex: 'name',
      render: (name: string, row) => (
        <Space size={4} wrap>
          <Link to={linkReportPath(projectId, row.id)}>{name}</Link>
          {!row.hasDestination && <NoDestinationTag />}
        </Space>
      ),
    },
    {
      title: t('links:links.linkId'),
      dataIndex: 'linkId',
      width: 120,
      render: (linkId: string) => <Typography.Text code>{linkId}</Typography.Text>,
    },
    {
      title: t('links:links.url'),
      dataIndex: 'url',
      width: 300,
      render: (url: string) => (
        <Typography.Text copyable ellipsis={{ tooltip: url }} style={{ maxWidth: 280 }}>
          {url}
        </Typography.Text>
      ),
    },
    {
      title: t('links:links.template'),
      dataIndex: 'templateName',
      render: (name: string, row) => name || row.templateId,
    },
    {
      title: t('links:links.tags'),
      dataIndex: 'tags',
      render: (tags: string[] | undefined) =>
        tags?.length ? (
          <Space size={[4, 4]} wrap>
            {tags.map((tag) => (
              <Tag key={tag}>{tag}</Tag>
            ))}
          </Space>
        ) : (
          '-'
        ),
    },
    {
      title: t('links:links.clicks'),
      dataIndex: 'clicks',
      align: 'right',
      width: 110,
      render: (clicks: number) => formatNumber(clicks),
    },
    { title: t('links:field.createdAt'), dataIndex: 'createdAt', render: formatTime, width: 170 },
    {
      title: t('common:actions'),
      key: 'actions',
      fixed: 'right',
      width: 220,
      render: (_value, row) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => navigate(linkReportPath(projectId, row.id))}>
            {t('links:links.report')}
          </Button>
          {canEdit && (
            <Button
              type="link"
              size="small"
              onClick={() => navigate(linkConfigPath(projectId, row.templateId, row.id))}
            >
              {t('common:edit')}
            </Button>
          )}
          {canEdit && (
            <ConfirmDeleteButton
              title={t('links:links.deleteTitle')}
              description={t('links:links.deleteConfirm', { name: row.name })}
              onConfirm={() => onDelete(row)}
            />
          )}
        </Space>
      ),
    },
  ];
}
