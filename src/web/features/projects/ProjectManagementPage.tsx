import { useState } from 'react';
import { App, Button, Card, Space, Table, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../session/useSession';
import { NO_PROJECT } from '../../session/storageKeys';
import { PlatformsModal } from './PlatformsModal';
import { ProjectFormModal } from './ProjectFormModal';
import { ProjectMembersDrawer } from './ProjectMembersDrawer';
import type { Project } from './projectTypes';
import { useProjects } from './useProjects';
import { ConfirmDeleteButton } from '../../app/ConfirmDeleteButton';

/** Project management: create, edit, delete, platforms and per-project member permissions. */
export function ProjectManagementPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { user, client, projectId, setProjectId } = useSession();
  const { projects, failed, reload } = useProjects();
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<Project | undefined>();
  const [platformsOf, setPlatformsOf] = useState<Project | undefined>();
  const [membersOf, setMembersOf] = useState<Project | undefined>();
  const canCreate = user?.role === 'owner' || user?.role === 'admin';

  async function remove(project: Project) {
    try {
      await client.delete(`/api/projects/${encodeURIComponent(project.id)}`);
      void message.success(t('common:deleted'));
      if (project.id === projectId) setProjectId(NO_PROJECT);
      await reload();
    } catch {
      // Shown by the request client.
    }
  }

  return (
    <div className="gc-page">
      <div className="gc-page-head">
        <div>
          <Typography.Title level={3}>{t('menu:page.projectManagement')}</Typography.Title>
          <Typography.Text type="secondary">{t('projects:description')}</Typography.Text>
        </div>
        {canCreate && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => {
              setEditing(undefined);
              setFormOpen(true);
            }}
          >
            {t('projects:create.action')}
          </Button>
        )}
      </div>
      <Card>
        <Table<Project>
          rowKey="id"
          loading={!projects && !failed}
          dataSource={projects ?? []}
          locale={{ emptyText: failed ? t('projects:loadFailed') : t('projects:empty') }}
          // The widths add up to what a 1440 px screen gives the table (with the menu open), so
          // no column hides behind the pinned actions there; narrower screens scroll.
          scroll={{ x: 1070 }}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          columns={[
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
                    <Button type="link" size="small" onClick={() => setProjectId(row.id)}>
                      {t('projects:switchTo')}
                    </Button>
                  )}
                  {row.permission === 'manage' && (
                    <>
                      <Button
                        type="link"
                        size="small"
                        onClick={() => {
                          setEditing(row);
                          setFormOpen(true);
                        }}
                      >
                        {t('common:edit')}
                      </Button>
                      <Button type="link" size="small" onClick={() => setPlatformsOf(row)}>
                        {t('projects:platforms.action')}
                      </Button>
                    </>
                  )}
                  <Button type="link" size="small" onClick={() => setMembersOf(row)}>
                    {t('projects:members.action')}
                  </Button>
                  {user?.role === 'owner' && (
                    <ConfirmDeleteButton
                      title={t('projects:delete.title')}
                      description={t('projects:delete.confirm', { name: row.name })}
                      onConfirm={() => remove(row)}
                    />
                  )}
                </Space>
              ),
            },
          ]}
        />
      </Card>
      <ProjectFormModal
        open={formOpen}
        project={editing}
        onClose={() => setFormOpen(false)}
        onSaved={(saved) => {
          setFormOpen(false);
          void message.success(t(editing ? 'common:updated' : 'common:created'));
          // A first project becomes the current one, so project pages work straight away.
          if (!editing && saved?.id && projectId === NO_PROJECT) setProjectId(saved.id);
          void reload();
        }}
      />
      <PlatformsModal
        key={`platforms-${platformsOf?.id ?? ''}`}
        project={platformsOf}
        onClose={() => setPlatformsOf(undefined)}
        onSaved={() => {
          setPlatformsOf(undefined);
          void message.success(t('common:saved'));
          void reload();
        }}
      />
      <ProjectMembersDrawer
        key={`members-${membersOf?.id ?? ''}`}
        project={membersOf}
        onClose={() => setMembersOf(undefined)}
      />
    </div>
  );
}
