import { Button, Popconfirm, Space, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { Link } from 'react-router-dom';
import { projectPath } from '../../../app/routeTable';
import { formatNumber } from '../../../charts/formatNumber';
import { formatTime } from '../formatTime';
import { linkConfigPath, linkRoutes } from '../linkRoutes';
import type { LinkTemplate } from '../linkTypes';
import { NoDestinationTag } from '../noDestination/NoDestinationTag';
import { templatePlatforms } from './templatePlatforms';

interface LinkTemplateColumnsInput {
  t: TFunction;
  projectId: string;
  canEdit: boolean;
  navigate(path: string): void;
  onDelete(template: LinkTemplate): Promise<void>;
}

/**
 * The link templates' columns: name (to its settings), id, platforms (flagged when its links
 * would send visitors nowhere), number of links, creation time, and edit or view, new link and
 * delete (refused while links use it).
 */
export function linkTemplateColumns(input: LinkTemplateColumnsInput): ColumnsType<LinkTemplate> {
  const { t, projectId, canEdit, navigate, onDelete } = input;
  return [
    {
      title: t('links:templates.name'),
      dataIndex: 'name',
      render: (name: string, row) => (
        <Link to={`${projectPath(linkRoutes.templateConfig, projectId)}?id=${encodeURIComponent(row.id)}`}>
          {name}
        </Link>
      ),
    },
    {
      title: t('links:templates.id'),
      dataIndex: 'id',
      render: (id: string) => <Typography.Text copyable>{id}</Typography.Text>,
    },
    {
      title: t('links:templates.platforms'),
      key: 'platforms',
      render: (_value, row) => {
        const platforms = templatePlatforms(row.config);
        return platforms.length > 0 || !row.hasDestination ? (
          <Space size={[4, 4]} wrap>
            {platforms.map((platform) => (
              <Tag key={platform}>{t(`links:templates.platform.${platform}`)}</Tag>
            ))}
            {!row.hasDestination && <NoDestinationTag />}
          </Space>
        ) : (
          '-'
        );
      },
    },
    {
      title: t('links:templates.linkCount'),
      dataIndex: 'linkCount',
      align: 'right',
      width: 140,
      render: (count: number) => formatNumber(count),
    },
    { title: t('links:field.createdAt'), dataIndex: 'createdAt', render: formatTime, width: 180 },
    {
      title: t('common:actions'),
      key: 'actions',
      fixed: 'right',
      width: 260,
      render: (_value, row) => (
        <Space size={0}>
          <Button
            type="link"
            size="small"
            onClick={() =>
              navigate(
                `${projectPath(linkRoutes.templateConfig, projectId)}?id=${encodeURIComponent(row.id)}`,
              )
            }
          >
            {t(canEdit ? 'common:edit' : 'links:view')}
          </Button>
          {canEdit && (
            <Button type="link" size="small" onClick={() => navigate(linkConfigPath(projectId, row.id))}>
              {t('links:templates.newLink')}
            </Button>
          )}
          {canEdit && (
            <Tooltip title={row.linkCount > 0 ? t('links:templates.inUse') : undefined}>
              <Popconfirm
                title={t('links:templates.deleteTitle')}
                description={t('links:templates.deleteConfirm', { name: row.name })}
                okText={t('common:delete')}
                cancelText={t('common:cancel')}
                okButtonProps={{ danger: true }}
                disabled={row.linkCount > 0}
                onConfirm={() => onDelete(row)}
              >
                <Button type="link" size="small" danger disabled={row.linkCount > 0}>
                  {t('common:delete')}
                </Button>
              </Popconfirm>
            </Tooltip>
          )}
        </Space>
      ),
    },
  ];
}
