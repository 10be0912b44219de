import { Select, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { grantablePermissions, type Member } from '../members/memberTypes';
import type { Permission } from './projectTypes';

/** One member's access to the project: an inherited manage (owner, admin) or a grant. */
export interface AccessRow {
  userId: string;
  name: string;
  email: string;
  role: Member['role'];
  permission: Permission | 'none';
  inherited: boolean;
}

interface ProjectAccessColumnsInput {
  t: TFunction;
  canManage: boolean;
  /** The row's grant, with the change not yet saved. */
  grantOf(row: AccessRow): Permission | 'none';
  setGrant(row: AccessRow, next: Permission | 'none'): void;
}

/**
 * The project members drawer's columns: the member (name and e-mail), the role, and the project
 * permission, inherited or picked among those the role may get.
 */
export function projectAccessColumns({
  t,
  canManage,
  grantOf,
  setGrant,
}: ProjectAccessColumnsInput): ColumnsType<AccessRow> {
  return [
    {
      title: t('members:field.name'),
      key: 'name',
      render: (_value, row) => (
        <span>
          <div>{row.name || row.email}</div>
          <Typography.Text type="secondary">{row.email}</Typography.Text>
        </span>
      ),
    },
    {
      title: t('members:field.role'),
      dataIndex: 'role',
      render: (role: AccessRow['role']) => <Tag>{t(`common:role.${role}`)}</Tag>,
    },
    {
      title: t('projects:members.permission'),
      key: 'permission',
      width: 180,
      render: (_value, row) =>
        row.inherited ? (
          <Tag color="purple">{t('projects:members.inherited')}</Tag>
        ) : (
          <Select
            size="small"
            className="gc-grant-select"
            aria-label={t('members:grants.permissionFor', { project: row.name || row.email })}
            disabled={!canManage}
            value={grantOf(row)}
            onChange={(next) => setGrant(row, next)}
            options={[
              { value: 'none', label: t('common:permission.none') },
              ...grantablePermissions(row.role).map((permission) => ({
                value: permission,
                label: t(`common:permission.${permission}`),
              })),
            ]}
          />
        ),
    },
  ];
}
