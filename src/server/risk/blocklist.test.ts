import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addTestProject } from '../db/projectTestDb';
import { refusal, testDb, TEST_TIME, type TestDb } from '../db/testDb';
import { addToBlocklist, listBlocklist, removeFromBlocklist } from './blocklist';
import { listRiskAudit } from './riskAudit';

const owner = { id: 'u1', name: 'u1' };

describe('the blocklist', () => {
  let t: TestDb;
  beforeEach(async () => {
    t = await testDb();
  });
  afterEach(async () => {
    await t.db.destroy();
  });

  it('adds normalized values once, answers the repeated ones, and audits each addition', async () => {
    const first = await addToBlocklist(
      t.db,
      'p1',
      { kind: 'address', values: ['203.0.113.7/24', ' 2001:DB8::/64 '], note: ' farm ' },
      owner,
      TEST_TIME,
    );
    expect(first.added.map((e) => [e.kind, e.value, e.note, e.createdBy])).toEqual([
      ['address', '203.0.113.0/24', 'farm', owner],
      ['address', '2001:db8::/64', 'farm', owner],
    ]);
    expect(first.duplicates).toEqual([]);
    const again = await addToBlocklist(
      t.db,
      'p1',
      { kind: 'address', values: ['203.0.113.0/24', '10.0.0.1', '::ffff:10.0.0.1'] },
      owner,
      TEST_TIME,
    );
    expect(again.added.map((e) => [e.value, e.note])).toEqual([['10.0.0.1', null]]);
    expect(again.duplicates).toEqual(['203.0.113.0/24', '10.0.0.1']);
    // The same text of another kind is another entry.
    const user = await addToBlocklist(t.db, 'p1', { kind: 'user', values: ['10.0.0.1'] }, owner, TEST_TIME);
    expect(user.added).toHaveLength(1);

    const audit = await listRiskAudit(t.db, 'p1', {});
    expect(audit.total).toBe(4);
    expect(audit.items.map((a) => [a.action, a.subject, a.actor?.id])).toEqual([
      ['block.add', '10.0.0.1', 'u1'],
      ['block.add', '10.0.0.1', 'u1'],
      ['block.add', '2001:db8::/64', 'u1'],
      ['block.add', '203.0.113.0/24', 'u1'],
    ]);
    expect(audit.items[0].detail).toEqual({
      entryId: user.added[0].id,
      kind: 'user',
      value: '10.0.0.1',
      note: null,
    });
  });

  it('refuses every bad value at its index, and adds nothing then', async () => {
    const refused = await refusal(() =>
      addToBlocklist(
        t.db,
        'p1',
        { kind: 'address', values: ['10.0.0.1', '010.0.0.1', 'fe80::1%eth0', '10.0.0.0/33'] },
        owner,
        TEST_TIME,
      ),
    );
    expect(refused).toEqual({ key: 'risk.valuesInvalid', paths: ['/values/1', '/values/2', '/values/3'] });
    expect((await listBlocklist(t.db, 'p1', {})).total).toBe(0);
    expect((await listRiskAudit(t.db, 'p1', {})).total).toBe(0);
    expect(
      await refusal(() =>
        addToBlocklist(t.db, 'p1', { kind: 'device', values: ['ok', 'x'.repeat(129)] }, owner, TEST_TIME),
      ),
    ).toEqual({ key: 'risk.valuesInvalid', paths: ['/values/1'] });
  });

  it('lists newest first, by kind and by text in the value or note, and keeps to its project', async () => {
    await addTestProject(t.db, { id: 'p2', name: 'Other', prefix: 'other' });
    await addToBlocklist(
      t.db,
      'p1',
      { kind: 'user', values: ['alice'], note: 'bonus farm' },
      owner,
      TEST_TIME,
    );
    const later = new Date(TEST_TIME.getTime() + 1000);
    await addToBlocklist(t.db, 'p1', { kind: 'device', values: ['dev_1'] }, owner, later);
    await addToBlocklist(t.db, 'p2', { kind: 'user', values: ['alice'] }, owner, TEST_TIME);
    const all = await listBlocklist(t.db, 'p1', {});
    expect(all.items.map((e) => e.value)).toEqual(['dev_1', 'alice']);
    expect((await listBlocklist(t.db, 'p1', { kind: 'user' })).items.map((e) => e.value)).toEqual(['alice']);
    expect((await listBlocklist(t.db, 'p1', { q: 'FARM' })).items.map((e) => e.value)).toEqual(['alice']);
    // `_` is taken literally.
    expect((await listBlocklist(t.db, 'p1', { q: 'v_' })).items.map((e) => e.value)).toEqual(['dev_1']);
    expect((await listBlocklist(t.db, 'p1', { q: 'e_' })).total).toBe(0);
    expect((await listBlocklist(t.db, 'p1', { page: 2, pageSize: 1 })).items.map((e) => e.value)).toEqual([
      'alice',
    ]);
  });

  it('removes an entry of its project only, with an audit row', async () => {
    await addTestProject(t.db, { id: 'p2', name: 'Other', prefix: 'other' });
    const [mine] = (await addToBlocklist(t.db, 'p1', { kind: 'user', values: ['bob'] }, owner, TEST_TIME))
      .added;
    expect(await refusal(() => removeFromBlocklist(t.db, 'p2', mine.id, owner, TEST_TIME))).toEqual({
      key: 'notFound',
      paths: undefined,
    });
    await removeFromBlocklist(t.db, 'p1', mine.id, owner, TEST_TIME);
    expect((await listBlocklist(t.db, 'p1', {})).total).toBe(0);
    const audit = await listRiskAudit(t.db, 'p1', { action: 'block.remove' });
    expect(audit.items.map((a) => [a.subject, a.detail.entryId])).toEqual([['bob', mine.id]]);
    expect((await listRiskAudit(t.db, 'p2', {})).total).toBe(0);
  });
});
