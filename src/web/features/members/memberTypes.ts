import type { Permission } from '../projects/projectTypes';

export type Role = 'owner' | 'admin' | 'operator' | 'viewer';

export interface ProjectGrant {
  projectId: string;
  permission: Permission;
  /** An advanced ads user on this project (ads functions beyond edit). */
  adsAdvanced?: boolean;
}

/** An organisation member as `GET /api/members` lists it (docs/accounts-and-projects.md). */
export interface Member {
  id: string;
  name: string;
  email: string;
  role: Role;
  lastLoginAt: string | null;
  createdAt: string;
  projects: ProjectGrant[];
}

/** Member names hold at most 30 characters. */
export const MEMBER_NAME_MAX = 30;

/** Roles an owner or admin may give when adding or editing (only the owner makes admins). */
export function assignableRoles(actor: Role): Role[] {
  return actor === 'owner' ? ['admin', 'operator', 'viewer'] : ['operator', 'viewer'];
}

/**
 * Whether `actor` may change or delete `target` (docs/accounts-and-projects.md: owner untouchable,
 * admins by owner only).
 */
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

/**
 * Whether a grant may make its holder an advanced ads user: advanced ads functions come on top of
 * edit, so only an operator's edit grant can carry it (viewers never; admins are advanced anyway).
 */
export function canBeAdsAdvanced(role: Role, permission: Permission | undefined): boolean {
  return role === 'operator' && permission === 'edit';
}

/** The grants a form sends for `role`: those the role may hold, advanced ads only where allowed. */
export function grantsToSend(role: Role, grants: readonly ProjectGrant[]): ProjectGrant[] {
  const allowed = grantablePermissions(role);
  return grants
    .filter((grant) => allowed.includes(grant.permission))
    .map((grant) => ({
      projectId: grant.projectId,
      permission: grant.permission,
      adsAdvanced: grant.adsAdvanced === true && canBeAdsAdvanced(role, grant.permission),
    }));
}
