import { Button, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { ConfirmDeleteButton } from '../../app/ConfirmDeleteButton';
import type { StoredUser } from '../../session/clientStore';
import { formatTime } from '../links/formatTime';
import { canManageMember, type Member } from './memberTypes';

const roleColours = { owner: 'magenta', admin: 'purple', operator: 'blue', viewer: 'default' } as const;

interface MemberColumnsInput {
  t: TFunction;
  /** The signed-in member, whose rights decide the row actions. */
  user: StoredUser | null;
  projectName(id: string): string;
  edit(member: Member): void;
  /** Deletes the member, after the signed-in member confirmed. */
  remove(member: Member): unknown;
}

/** A member's project grants: every project for owners and admins, else each project's permission. */
function grantsCell(t: TFunction, row: Member, projectName: (id: string) => string) {
  return row.role === 'owner' || row.role === 'admin' ? (
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
  );
}

/**
 * The member list's columns: name (else e-mail), e-mail, role, project grants, last login and
 * creation time, and edit and delete for the members the signed-in one may manage (never deleting
 * oneself).
 */
export function memberColumns({
  t,
  user,
  projectName,
  edit,
  remove,
}: MemberColumnsInput): ColumnsType<Member> {
  return [
    {
      title: t('members:field.name'),
      dataIndex: 'name',
      render: (name: string, row) => name || row.email,
    },
    { title: t('members:field.email'), dataIndex: 'email' },
    {
      title: t('members:field.role'),
      dataIndex: 'role',
      render: (role: Member['role']) => <Tag color={roleColours[role]}>{t(`common:role.${role}`)}</Tag>,
    },
    {
      title: t('members:field.projects'),
      key: 'projects',
      render: (_value, row) => grantsCell(t, row, projectName),
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
            <Button type="link" size="small" onClick={() => edit(row)}>
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
  ];
}
