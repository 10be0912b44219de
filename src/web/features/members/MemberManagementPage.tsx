import { useState } from 'react';
import { App, Button, Card, Table, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { useSession } from '../../session/useSession';
import { useProjects } from '../projects/useProjects';
import { memberColumns } from './memberColumns';
import type { Member } from './memberTypes';
import { MemberFormModal } from './MemberFormModal';

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
          columns={memberColumns({ t, user, projectName, edit: openForm, remove })}
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
