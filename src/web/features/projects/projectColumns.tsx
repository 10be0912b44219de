import { Button, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { ConfirmDeleteButton } from '../../app/ConfirmDeleteButton';
import type { Project } from './projectTypes';

interface ProjectColumnsInput {
  t: TFunction;
  /** The current project, tagged as such and without "switch to". */
  projectId: string;
  /** Only owners delete projects. */
  canDelete: boolean;
  onSwitch(project: Project): void;
  onEdit(project: Project): void;
  onPlatforms(project: Project): void;
  onMembers(project: Project): void;
  onDelete(project: Project): Promise<void>;
}

/**
 * The project list's columns: name (tagged when current), id, domain prefix, platforms, the
 * user's permission, creation time, and switch to, edit and platforms (managers), members and
 * delete (owners).
 */
export function projectColumns({
  t,
  projectId,
  canDelete,
  onSwitch,
  onEdit,
  onPlatforms,
  onMembers,
  onDelete,
}: ProjectColumnsInput): ColumnsType<Project> {
  return [
    {
      title: t('projects:field.name'),
      dataIndex: 'name',
      width: 170,
      render: (name: string, row) => (
        <Space>
          <strong>{name}</strong>
          {row.id === projectId && <Tag color="purple">{t('projects:current')}</Tag>}
        </Space>
      ),
    },
    {
      title: t('projects:field.id'),
      dataIndex: 'id',
      width: 140,
      render: (id: string) => <Typography.Text copyable>{id}</Typography.Text>,
    },
    {
      title: t('projects:field.domainPrefix'),
      dataIndex: 'domainPrefix',
      width: 120,
      render: (value: string) => <code>{value}</code>,
    },
    {
      title: t('projects:field.platforms'),
      dataIndex: 'platforms',
      width: 160,
      render: (platforms: Project['platforms']) => (
        <Space size={[4, 4]} wrap>
          {platforms.map((platform) => (
            <Tag key={platform}>{t(`projects:platform.${platform}`)}</Tag>
          ))}
        </Space>
      ),
    },
    {
      title: t('projects:field.permission'),
      dataIndex: 'permission',
      width: 110,
      render: (permission: Project['permission']) => t(`common:permission.${permission}`),
    },
    {
      title: t('projects:field.createdAt'),
      dataIndex: 'createdAt',
      width: 150,
      render: (value: string) => dayjs(value).format('YYYY-MM-DD HH:mm'),
    },
    {
      title: t('common:actions'),
      key: 'actions',
      fixed: 'right',
      width: 220,
      render: (_value, row) => (
        <Space size={0} wrap>
          {row.id !== projectId && (
            <Button type="link" size="small" onClick={() => onSwitch(row)}>
              {t('projects:switchTo')}
            </Button>
          )}
          {row.permission === 'manage' && (
            <>
              <Button type="link" size="small" onClick={() => onEdit(row)}>
                {t('common:edit')}
              </Button>
              <Button type="link" size="small" onClick={() => onPlatforms(row)}>
                {t('projects:platforms.action')}
              </Button>
            </>
          )}
          <Button type="link" size="small" onClick={() => onMembers(row)}>
            {t('projects:members.action')}
          </Button>
          {canDelete && (
            <ConfirmDeleteButton
              title={t('projects:delete.title')}
              description={t('projects:delete.confirm', { name: row.name })}
              onConfirm={() => onDelete(row)}
            />
          )}
        </Space>
      ),
    },
  ];
}
