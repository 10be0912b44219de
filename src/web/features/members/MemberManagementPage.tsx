import { useState } from 'react';
import { App, Button, Card, Space, Table, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { useSession } from '../../session/useSession';
import { useProjects } from '../projects/useProjects';
import { canManageMember, type Member } from './memberTypes';
import { MemberFormModal } from './MemberFormModal';
import { ConfirmDeleteButton } from '../../app/ConfirmDeleteButton';

const roleColours = { owner: 'magenta', admin: 'purple', operator: 'blue', viewer: 'default' } as const;

function formatTime(value: string | null): string {
  return value ? dayjs(value).format('YYYY-MM-DD HH:mm') : '-';
}

/** Organisation members: list, add, edit, delete (owner and admins manage). */
export function MemberManagementPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { user, client } = useSession();
  const { projects = [] } = useProjects();
  const { data, isLoading, error, mutate } = useSWR<Member[]>('/api/members');
  const [editing, setEditing] = useState<Member | undefined>();
  const [open, setOpen] = useState(false);
  const canAdd = user?.role === 'owner' || user?.role === 'admin';
  const projectName = (id: string) => projects.find((project) => project.id === id)?.name ?? id;

  async function remove(member: Member) {
    try {
      await client.delete(`/api/members/${encodeURIComponent(member.id)}`);
      void message.success(t('common:deleted'));
      await mutate();
    } catch {
      // Shown by the request client.
    }
  }

  function openForm(member?: Member) {
    setEditing(member);
    setOpen(true);
  }

  return (
    <div className="gc-page">
      <div className="gc-page-head">
        <div>
          <Typography.Title level={3}>{t('menu:page.memberManagement')}</Typography.Title>
          <Typography.Text type="secondary">{t('members:description')}</Typography.Text>
        </div>
        {canAdd && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => openForm()}>
            {t('members:add.action')}
          </Button>
        )}
      </div>
      <Card>
        <Table<Member>
          rowKey="id"
          loading={isLoading}
          dataSource={data ?? []}
          locale={{ emptyText: error ? t('members:loadFailed') : undefined }}
          scroll={{ x: 900 }}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          columns={[
            {
              title: t('members:field.name'),
              dataIndex: 'name',
              render: (name: string, row) => name || row.email,
            },
            { title: t('members:field.email'), dataIndex: 'email' },
            {
              title: t('members:field.role'),
              dataIndex: 'role',
              render: (role: Member['role']) => (
                <Tag color={roleColours[role]}>{t(`common:role.${role}`)}</Tag>
              ),
            },
            {
              title: t('members:field.projects'),
              key: 'projects',
              render: (_value, row) =>
                row.role === 'owner' || row.role === 'admin' ? (
                  <Typography.Text type="secondary">{t('members:grants.allProjects')}</Typography.Text>
                ) : row.projects.length === 0 ? (
                  '-'
                ) : (
                  <Space size={[4, 4]} wrap>
                    {row.projects.map((grant) => (
                      <Tag key={grant.projectId}>
                        {projectName(grant.projectId)} · {t(`common:permission.${grant.permission}`)}
                        {grant.adsAdvanced && ` · ${t('members:grants.adsAdvancedShort')}`}
                      </Tag>
                    ))}
                  </Space>
                ),
            },
            { title: t('members:field.lastLogin'), dataIndex: 'lastLoginAt', render: formatTime },
            { title: t('members:field.createdAt'), dataIndex: 'createdAt', render: formatTime },
            {
              title: t('common:actions'),
              key: 'actions',
              fixed: 'right',
              render: (_value, row) => {
                const allowed = user ? canManageMember(user, row) : false;
                if (!allowed) return null;
                return (
                  <Space>
                    <Button type="link" size="small" onClick={() => openForm(row)}>
                      {t('common:edit')}
                    </Button>
                    {row.id !== user?.id && (
                      <ConfirmDeleteButton
                        title={t('members:delete.title')}
                        description={t('members:delete.confirm', { name: row.name || row.email })}
                        onConfirm={() => remove(row)}
                      />
                    )}
                  </Space>
                );
              },
            },
          ]}
        />
      </Card>
      <MemberFormModal
        open={open}
        member={editing}
        projects={projects}
        onClose={() => setOpen(false)}
        onSaved={() => {
          setOpen(false);
          void message.success(t(editing ? 'common:updated' : 'common:created'));
          void mutate();
        }}
      />
    </div>
  );
}
