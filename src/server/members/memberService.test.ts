import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { refusal, testDb, TEST_TIME, type TestDb } from '../db/testDb';
import {
  addMember,
  assertMayChange,
  assertMayRemove,
  changeMember,
  findMember,
  removeMember,
  type Caller,
} from './memberService';

const owner: Caller = { id: 'u1', organisationId: 'o1', role: 'owner' };
const admin: Caller = { id: 'a1', organisationId: 'o1', role: 'admin' };

describe('memberService', () => {
  let t: TestDb;
  const grants = async (userId: string) =>
    (
      await t.db
        .selectFrom('project_grants')
        .select(['project_id', 'permission', 'ads_advanced'])
        .where('user_id', '=', userId)
        .execute()
    ).map((g) => [g.project_id, g.permission, Number(g.ads_advanced)]);
  const member = (
    role: 'operator' | 'viewer' | 'admin' = 'operator',
    projects?: { projectId: string; permission: 'view' | 'edit'; adsAdvanced?: boolean }[],
  ) =>
    ({
      name: ' Ann ',
      email: 'Ann@Example.com',
      role,
      password: 'a-long-password-1',
      confirmPassword: 'a-long-password-1',
      projects,
    }) as Parameters<typeof addMember>[2];

  beforeEach(async () => {
    t = await testDb();
  });
  afterEach(async () => {
    await t.db.destroy();
  });

  it('adds a member with a hashed password and grants; the email is unique', async () => {
    const id = await addMember(
      t.db,
      owner,
      member('operator', [{ projectId: 'p1', permission: 'edit' }]),
      TEST_TIME,
    );
    const row = await t.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      name: 'Ann',
      email: 'ann@example.com',
      role: 'operator',
      organisation_id: 'o1',
    });
    expect(row.password_hash).not.toContain('a-long-password-1');
    expect(await grants(id)).toEqual([['p1', 'edit', 0]]);
    expect(await refusal(() => addMember(t.db, owner, member(), TEST_TIME))).toEqual({
      key: 'emailTaken',
      paths: ['/email'],
    });
  });

  it('refuses grants on a project named twice or of another organisation', async () => {
    const projects: { projectId: string; permission: 'view' | 'edit' }[] = [
      { projectId: 'p1', permission: 'view' },
      { projectId: 'p1', permission: 'edit' },
      { projectId: 'elsewhere', permission: 'view' },
    ];
    expect(await refusal(() => addMember(t.db, owner, member('operator', projects), TEST_TIME))).toEqual({
      key: 'validation',
      paths: ['/projects/1/projectId', '/projects/2/projectId'],
    });
  });

  it('lets only the owner add, change and remove admins, and protects the owner', async () => {
    expect(await refusal(() => addMember(t.db, admin, member('admin'), TEST_TIME))).toMatchObject({
      key: 'adminsByOwnerOnly',
    });
    const ownerTarget = { id: 'u1', role: 'owner' as const };
    expect(await refusal(() => assertMayChange(owner, ownerTarget, { role: 'admin' }))).toMatchObject({
      key: 'ownerProtected',
    });
    expect(await refusal(() => assertMayChange(admin, ownerTarget, { name: 'X' }))).toMatchObject({
      key: 'ownerProtected',
    });
    assertMayChange(owner, ownerTarget, { name: 'X', role: 'owner' });
    expect(
      await refusal(() => assertMayChange(owner, { id: 'x', role: 'operator' }, { role: 'owner' })),
    ).toEqual({
      key: 'validation',
      paths: ['/role'],
    });
    expect(
      await refusal(() => assertMayChange(admin, { id: 'x', role: 'admin' }, { name: 'X' })),
    ).toMatchObject({
      key: 'adminsByOwnerOnly',
    });
    expect(await refusal(() => assertMayRemove(owner, ownerTarget))).toMatchObject({ key: 'ownerProtected' });
    expect(await refusal(() => assertMayRemove(admin, { id: 'a1', role: 'admin' }))).toMatchObject({
      key: 'cannotDeleteSelf',
    });
    expect(await refusal(() => assertMayRemove(admin, { id: 'a2', role: 'admin' }))).toMatchObject({
      key: 'adminsByOwnerOnly',
    });
    assertMayRemove(admin, { id: 'o9', role: 'operator' });
  });

  it('a new role keeps the grants within what it may hold; admins keep none', async () => {
    const id = await addMember(
      t.db,
      owner,
      member('operator', [{ projectId: 'p1', permission: 'edit', adsAdvanced: true }]),
      TEST_TIME,
    );
    expect(await grants(id)).toEqual([['p1', 'edit', 1]]);
    const target = await findMember(t.db, 'o1', id);
    await changeMember(t.db, owner, target, { role: 'viewer' }, TEST_TIME);
    expect(await grants(id)).toEqual([['p1', 'view', 0]]);
    await changeMember(t.db, owner, { id, role: 'viewer' }, { role: 'admin', name: ' Boss ' }, TEST_TIME);
    expect(await grants(id)).toEqual([]);
    expect(await findMember(t.db, 'o1', id)).toEqual({ id, role: 'admin' });
    expect(await refusal(() => findMember(t.db, 'o2', id))).toMatchObject({ key: 'memberNotFound' });
  });

  it('removes a member with their grants', async () => {
    const id = await addMember(
      t.db,
      owner,
      member('operator', [{ projectId: 'p1', permission: 'edit' }]),
      TEST_TIME,
    );
    await removeMember(t.db, admin, { id, role: 'operator' });
    expect(
      await t.db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst(),
    ).toBeUndefined();
    expect(await grants(id)).toEqual([]);
  });
});
