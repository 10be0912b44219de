export type Platform = 'android' | 'ios' | 'web';
export const allPlatforms: Platform[] = ['android', 'ios', 'web'];

export type Permission = 'view' | 'edit' | 'manage';

/** A project as `GET /api/projects` lists it (docs/accounts-and-projects.md). */
export interface Project {
  id: string;
  name: string;
  domainPrefix: string;
  /** IANA zone or `GMT+08:00`: the days of its analytics, presets and CSV dates. */
  timezone: string;
  platforms: Platform[];
  createdAt: string;
  permission: Permission;
}

/** A member with access to one project (`GET /api/projects/:id/members`). */
export interface ProjectMember {
  userId: string;
  name: string;
  email: string;
  role: 'owner' | 'admin' | 'operator' | 'viewer';
  permission: Permission;
  inherited: boolean;
}

/** Project name up to 30 characters; domain prefix up to 12 letters, digits and hyphens. */
export const PROJECT_NAME_MAX = 30;
export const DOMAIN_PREFIX_MAX = 12;
export const DOMAIN_PREFIX_PATTERN = /^[A-Za-z0-9-]+$/;
