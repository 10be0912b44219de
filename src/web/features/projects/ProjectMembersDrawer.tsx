import { useMemo, useState } from 'react';
import { App, Button, Drawer, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { useSession } from '../../session/useSession';
import type { Member } from '../members/memberTypes';
import { projectAccessColumns, type AccessRow } from './projectAccessColumns';
import type { Permission, Project, ProjectMember } from './projectTypes';

/** Every member of the organisation with their access to the project (none when they have none). */
function accessRows(access: ProjectMember[], members: Member[]): AccessRow[] {
  return members.map((member) => {
    const entry = access.find((item) => item.userId === member.id);
    return {
      userId: member.id,
      name: member.name,
      email: member.email,
      role: member.role,
      permission: entry?.permission ?? 'none',
      inherited: entry?.inherited ?? (member.role === 'owner' || member.role === 'admin'),
    };
  });
}

/** Per-project member permissions: owner/admin inherit manage; operators and viewers get grants. */
export function ProjectMembersDrawer({ project, onClose }: { project?: Project; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { client } = useSession();
  const key = project ? `/api/projects/${encodeURIComponent(project.id)}/members` : null;
  const { data: access, mutate } = useSWR<ProjectMember[]>(key);
  const { data: members } = useSWR<Member[]>(project ? '/api/members' : null);
  // Only the changes; the page remounts the drawer per project (key), which starts them empty.
  const [edits, setEdits] = useState<Record<string, Permission | 'none'>>({});
  const [busy, setBusy] = useState(false);
  const canManage = project?.permission === 'manage';

  const rows = useMemo<AccessRow[]>(
    () => (access && members ? accessRows(access, members) : []),
    [access, members],
  );

  const grantOf = (row: AccessRow) => edits[row.userId] ?? row.permission;

  async function save() {
    if (!key) return;
    setBusy(true);
    try {
      const list = rows
        .filter((row) => !row.inherited && grantOf(row) !== 'none')
        .map((row) => ({ userId: row.userId, permission: grantOf(row) }));
      await client.put(key, { grants: list });
      void message.success(t('common:saved'));
      await mutate();
      onClose();
    } catch {
      // Shown by the request client.
    } finally {
      setBusy(false);
    }
  }

  return (
    <Drawer
      open={Boolean(project)}
      size="large"
      title={t('projects:members.title', { name: project?.name ?? '' })}
      onClose={onClose}
      destroyOnHidden
      extra={
        canManage && (
          <Space>
            <Button onClick={onClose}>{t('common:cancel')}</Button>
            <Button type="primary" loading={busy} onClick={save}>
              {t('common:save')}
            </Button>
          </Space>
        )
      }
    >
      <Typography.Paragraph type="secondary">{t('projects:members.description')}</Typography.Paragraph>
      <Table<AccessRow>
        rowKey="userId"
        size="middle"
        loading={!access || !members}
        dataSource={rows}
        pagination={false}
        columns={projectAccessColumns({
          t,
          canManage,
          grantOf,
          setGrant: (row, next) => setEdits((current) => ({ ...current, [row.userId]: next })),
        })}
      />
    </Drawer>
  );
}
