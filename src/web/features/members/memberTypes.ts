import type { Permission } from '../projects/projectTypes';

export type Role = 'owner' | 'admin' | 'operator' | 'viewer';

export interface ProjectGrant {
  projectId: string;
  permission: Permission;
}

/** An organisation member as `GET /api/members` lists it (DESIGN.md). */
export interface Member {
  id: string;
  name: string;
  email: string;
  role: Role;
  lastLoginAt: string | null;
  createdAt: string;
  projects: ProjectGrant[];
}

/** Member name limit (SPEC 5). */
export const MEMBER_NAME_MAX = 30;

/** Roles an owner or admin may give when adding or editing (only the owner makes admins). */
export function assignableRoles(actor: Role): Role[] {
  return actor === 'owner' ? ['admin', 'operator', 'viewer'] : ['operator', 'viewer'];
}

/** Whether `actor` may change or delete `target` (DESIGN.md: owner untouchable, admins by owner only). */
export function canManageMember(
  actor: { id: string; role: Role },
  target: { id: string; role: Role },
): boolean {
  if (actor.role !== 'owner' && actor.role !== 'admin') return false;
  if (target.role === 'owner') return false;
  if (target.role === 'admin' && actor.role !== 'owner') return false;
  return true;
}

/** Grants a role can hold: admins and the owner reach everything, a viewer is capped at view. */
export function grantablePermissions(role: Role): Permission[] {
  if (role === 'viewer') return ['view'];
  if (role === 'operator') return ['view', 'edit'];
  return [];
}
