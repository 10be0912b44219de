import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { refusal, testDb, TEST_TIME, type TestDb } from '../db/testDb';
import { platformsOf } from './projectAccess';
import {
  assertPrefixFree,
  bodyTimeZone,
  createProject,
  projectMembers,
  replaceGrants,
  setPlatforms,
  updateProject,
} from './projectService';

describe('projectService', () => {
  let t: TestDb;
  const project = async (id = 'p1') =>
    t.db.selectFrom('projects').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  beforeEach(async () => {
    t = await testDb();
  });
  afterEach(async () => {
    await t.db.destroy();
  });

  it('stores time zones in one spelling and refuses one that is none', async () => {
    expect(bodyTimeZone(' gmt+08:00 ')).toBe('GMT+08:00');
    expect(bodyTimeZone('Asia/Shanghai')).toBe('Asia/Shanghai');
    expect(await refusal(() => bodyTimeZone('Mars/Base'))).toEqual({
      key: 'validation',
      paths: ['/timezone'],
    });
  });

  it('creates a project with an access key and its platforms; a taken prefix answers 409', async () => {
    expect(await refusal(() => assertPrefixFree(t.db, 'p'))).toEqual({
      key: 'domainPrefixTaken',
      paths: ['/domainPrefix'],
    });
    await assertPrefixFree(t.db, 'p', 'p1');
    const input = {
      organisationId: 'o1',
      name: ' Shop ',
      domainPrefix: 'shop',
      timeZone: 'Asia/Shanghai',
      platforms: ['web' as const, 'ios' as const],
    };
    const id = await createProject(t.db, input, TEST_TIME);
    expect(await project(id)).toMatchObject({
      name: 'Shop',
      domain_prefix: 'shop',
      time_zone: 'Asia/Shanghai',
      rollup_time_zone: 'Asia/Shanghai',
    });
    expect((await project(id)).access_key).toMatch(/\S{16,}/);
    expect((await platformsOf(t.db, [id])).get(id)).toEqual(['ios', 'web']);
    // The unique index answers a prefix taken between the check and the write the same way.
    expect(await refusal(() => createProject(t.db, input, TEST_TIME))).toMatchObject({
      key: 'domainPrefixTaken',
    });
  });

  it('renames and changes the zone: a zone its rollups are already counted in needs no recount', async () => {
    const access = { id: 'p1', timeZone: 'UTC', rollupTimeZone: 'UTC' };
    await updateProject(t.db, access, { name: 'New', domainPrefix: 'new' }, TEST_TIME);
    expect(await project()).toMatchObject({ name: 'New', domain_prefix: 'new', time_zone: 'UTC' });
    await updateProject(
      t.db,
      access,
      { name: 'New', domainPrefix: 'new', timeZone: 'Asia/Tokyo' },
      TEST_TIME,
    );
    expect(await project()).toMatchObject({ time_zone: 'Asia/Tokyo', rollup_time_zone: 'Asia/Tokyo' });
    // Back to the zone the rollups were counted in (a rebuild under way): only the setting moves.
    await updateProject(
      t.db,
      { id: 'p1', timeZone: 'Asia/Tokyo', rollupTimeZone: 'Europe/Paris' },
      { name: 'New', domainPrefix: 'new', timeZone: 'Europe/Paris' },
      TEST_TIME,
    );
    expect(await project()).toMatchObject({ time_zone: 'Europe/Paris', rollup_time_zone: 'Asia/Tokyo' });
  });

  it('closes a platform only with the project name typed', async () => {
    await setPlatforms(t.db, { id: 'p1', name: 'P' }, ['android', 'ios'], undefined, TEST_TIME);
    expect((await platformsOf(t.db, ['p1'])).get('p1')).toEqual(['android', 'ios']);
    expect(await refusal(() => setPlatforms(t.db, { id: 'p1', name: 'P' }, ['ios'], 'Q', TEST_TIME))).toEqual(
      {
        key: 'validation',
        paths: ['/confirmName'],
      },
    );
    await setPlatforms(t.db, { id: 'p1', name: 'P' }, ['ios'], ' P ', TEST_TIME);
    expect((await platformsOf(t.db, ['p1'])).get('p1')).toEqual(['ios']);
  });

  it('grants operators and viewers, capped by their role, and keeps an unsent ads flag', async () => {
    await t.addUser('admin1', 'admin');
    await t.addUser('op1', 'operator');
    await t.addUser('view1', 'viewer');
    const access = { id: 'p1', organisationId: 'o1' };
    await replaceGrants(t.db, access, [
      { userId: 'op1', permission: 'edit', adsAdvanced: true },
      { userId: 'view1', permission: 'edit', adsAdvanced: true },
    ]);
    const members = async () =>
      (await projectMembers(t.db, 'p1', 'o1')).map((m) => [
        m.userId,
        m.permission,
        m.inherited,
        m.adsAdvanced,
      ]);
    // In joining order (here all at once, so by id).
    expect(await members()).toEqual([
      ['admin1', 'manage', true, true],
      ['op1', 'edit', false, true],
      ['u1', 'manage', true, true],
      ['view1', 'view', false, false],
    ]);
    await replaceGrants(t.db, access, [{ userId: 'op1', permission: 'edit' }]);
    expect(await members()).toEqual([
      ['admin1', 'manage', true, true],
      ['op1', 'edit', false, true],
      ['u1', 'manage', true, true],
    ]);
    await replaceGrants(t.db, access, [{ userId: 'op1', permission: 'view' }]);
    expect((await members())[1]).toEqual(['op1', 'view', false, false]);
  });

  it('refuses a grant named twice, outside the organisation, or for an owner or admin', async () => {
    await t.addUser('op1', 'operator');
    const time = TEST_TIME.toISOString();
    await t.db.insertInto('organisations').values({ id: 'o2', name: 'Other', created_at: time }).execute();
    await t.db
      .insertInto('users')
      .values({
        id: 'stranger',
        organisation_id: 'o2',
        name: 's',
        email: 's@example.com',
        password_hash: '',
        role: 'operator',
        last_login_at: null,
        created_at: time,
        updated_at: time,
      })
      .execute();
    expect(
      await refusal(() =>
        replaceGrants(t.db, { id: 'p1', organisationId: 'o1' }, [
          { userId: 'op1', permission: 'edit' },
          { userId: 'op1', permission: 'view' },
          { userId: 'stranger', permission: 'view' },
          { userId: 'u1', permission: 'view' },
        ]),
      ),
    ).toEqual({
      key: 'validation',
      paths: ['/grants/1/userId', '/grants/2/userId', '/grants/3/userId'],
    });
    expect(await t.db.selectFrom('project_grants').selectAll().execute()).toEqual([]);
  });
});
