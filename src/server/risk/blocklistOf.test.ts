import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testDb, TEST_TIME, type TestDb } from '../db/testDb';
import { addToBlocklist, removeFromBlocklist } from './blocklist';
import { blocklistOf, forgetBlocklist } from './blocklistOf';

const owner = { id: 'u1', name: 'u1' };

describe('blocklistOf', () => {
  let t: TestDb;
  beforeEach(async () => {
    t = await testDb();
  });
  afterEach(async () => {
    vi.useRealTimers();
    await t.db.destroy();
  });

  it('compiles the list per project, cached, cleared at once by a change on this server', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    await addToBlocklist(t.db, 'p1', { kind: 'address', values: ['203.0.113.0/24'] }, owner, TEST_TIME);
    // Callers at once share one read.
    expect(blocklistOf(t.db, 'p1')).toBe(blocklistOf(t.db, 'p1'));
    const list = await blocklistOf(t.db, 'p1');
    expect(list.blocks({ ip: '::ffff:203.0.113.9' })?.value).toBe('203.0.113.0/24');
    expect(await blocklistOf(t.db, 'p1')).toBe(list);
    const [user] = (await addToBlocklist(t.db, 'p1', { kind: 'user', values: ['carol'] }, owner, TEST_TIME))
      .added;
    const changed = await blocklistOf(t.db, 'p1');
    expect(changed).not.toBe(list);
    expect(changed.blocks({ userId: 'carol' })?.id).toBe(user.id);
    await removeFromBlocklist(t.db, 'p1', user.id, owner, TEST_TIME);
    expect((await blocklistOf(t.db, 'p1')).blocks({ userId: 'carol' })).toBeNull();

    // A write this server did not make (another server) shows once the 30 s have passed.
    const cached = await blocklistOf(t.db, 'p1');
    await t.db
      .insertInto('risk_blocklist')
      .values({
        id: 'elsewhere',
        project_id: 'p1',
        kind: 'device',
        value: 'd-9',
        note: null,
        created_by: null,
        created_at: TEST_TIME.toISOString(),
      })
      .execute();
    vi.setSystemTime(Date.now() + 29_000);
    expect(await blocklistOf(t.db, 'p1')).toBe(cached);
    vi.setSystemTime(Date.now() + 2_000);
    expect((await blocklistOf(t.db, 'p1')).blocks({ deviceId: 'd-9' })?.id).toBe('elsewhere');
    forgetBlocklist(t.db, 'p1');
  });
});
