import { describe, expect, it } from 'vitest';
import { assignableRoles, canManageMember, grantablePermissions } from './memberTypes';

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
});
