import type { GrantPermission, Permission, Role } from '../db/tables';

const RANK: Record<Permission, number> = { view: 1, edit: 2, manage: 3 };

/** True when `have` is at least `need` (view < edit < manage). */
export function permits(have: Permission, need: Permission): boolean {
  return RANK[have] >= RANK[need];
}

/** True for the roles that reach every project of their organisation with `manage`. */
export function managesAllProjects(role: Role): boolean {
  return role === 'owner' || role === 'admin';
}

/** The most a role may be granted on one project: a viewer only views. */
export function capGrant(role: Role, permission: GrantPermission): GrantPermission {
  return role === 'viewer' ? 'view' : permission;
}

/**
 * Whether a grant's "advanced ads user" flag holds: advanced is always on top of `edit`,
 * so a viewer, or a grant of view only, is never advanced; the owner and admins always are.
 */
export function capAdsAdvanced(role: Role, permission: Permission, flag: boolean): boolean {
  if (managesAllProjects(role)) return true;
  return flag && role !== 'viewer' && permits(permission, 'edit');
}
