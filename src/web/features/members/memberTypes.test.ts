import { describe, expect, it } from 'vitest';
import {
  assignableRoles,
  canBeAdsAdvanced,
  canManageMember,
  grantablePermissions,
  grantsToSend,
} from './memberTypes';

describe('member rules', () => {
  it('lets only the owner hand out admin', () => {
    expect(assignableRoles('owner')).toContain('admin');
    expect(assignableRoles('admin')).not.toContain('admin');
  });
  it('protects the owner and keeps admins for the owner', () => {
    const owner = { id: 'o', role: 'owner' as const };
    const admin = { id: 'a', role: 'admin' as const };
    const operator = { id: 'p', role: 'operator' as const };
    expect(canManageMember(owner, admin)).toBe(true);
    expect(canManageMember(admin, owner)).toBe(false);
    expect(canManageMember(admin, { id: 'b', role: 'admin' })).toBe(false);
    expect(canManageMember(admin, operator)).toBe(true);
    expect(canManageMember(operator, { id: 'q', role: 'viewer' })).toBe(false);
  });
  it('caps viewers at view and gives admins no grants', () => {
    expect(grantablePermissions('viewer')).toEqual(['view']);
    expect(grantablePermissions('operator')).toEqual(['view', 'edit']);
    expect(grantablePermissions('admin')).toEqual([]);
  });
  it('lets only an operator edit grant carry advanced ads', () => {
    expect(canBeAdsAdvanced('operator', 'edit')).toBe(true);
    expect(canBeAdsAdvanced('operator', 'view')).toBe(false);
    expect(canBeAdsAdvanced('viewer', 'view')).toBe(false);
    expect(canBeAdsAdvanced('admin', 'manage')).toBe(false);
  });
  it('sends grants the role may hold, advanced ads capped', () => {
    const grants = [
      { projectId: 'a', permission: 'edit' as const, adsAdvanced: true },
      { projectId: 'b', permission: 'view' as const, adsAdvanced: true },
      { projectId: 'c', permission: 'edit' as const },
    ];
    expect(grantsToSend('operator', grants)).toEqual([
      { projectId: 'a', permission: 'edit', adsAdvanced: true },
      { projectId: 'b', permission: 'view', adsAdvanced: false },
      { projectId: 'c', permission: 'edit', adsAdvanced: false },
    ]);
    expect(grantsToSend('viewer', grants)).toEqual([
      { projectId: 'b', permission: 'view', adsAdvanced: false },
    ]);
    expect(grantsToSend('admin', grants)).toEqual([]);
  });
});
