import { describe, expect, it } from 'vitest';
import { addTestProject, projectTestDb } from '../../db/projectTestDb';
import { logPostback, loggedTxid, postbackLogId, postbackLogPage } from './postbackLog';

describe('postback log helpers', () => {
  it('keeps a txid as sent, without control characters, at most 100 characters', () => {
    expect(loggedTxid(' T-1 ')).toBe('T-1');
    expect(loggedTxid('a\u0000b\u0085c')).toBe('abc');
    expect(loggedTxid('x'.repeat(150))).toHaveLength(100);
    expect(loggedTxid('')).toBeNull();
    expect(loggedTxid(undefined)).toBeNull();
  });

  it('makes ids that sort by time, then by arrival', () => {
    const at = Date.parse('2026-03-01T08:00:00.000Z');
    const ids = [postbackLogId(at), postbackLogId(at), postbackLogId(at + 1), postbackLogId(at + 1)];
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(4);
  });
});

describe('postbackLogPage', () => {
  it('answers one account of one project, newest first, a page at a time with the total', async () => {
    const db = await projectTestDb();
    try {
      await addTestProject(db, { id: 'p2', name: 'Q', prefix: 'q' }, '2026-03-01T00:00:00.000Z');
      for (const [id, project] of [
        ['a1', 'p1'],
        ['a2', 'p1'],
        ['a3', 'p2'],
      ])
        await db
          .insertInto('ad_accounts')
          .values({
            id,
            project_id: project,
            name: id,
            config: '{}',
            network: '',
            secret: 's',
            created_by: null,
            created_at: '2026-03-01T00:00:00.000Z',
            updated_at: '2026-03-01T00:00:00.000Z',
          })
          .execute();
      const line = (accountId: string, projectId: string, minute: number, txid: string) =>
        logPostback(db, {
          projectId,
          accountId,
          time: `2026-03-01T08:0${minute}:00.000Z`,
          ip: '203.0.113.7',
          outcome: 'accepted',
          txid,
        });
      await line('a1', 'p1', 1, 't1');
      await line('a1', 'p1', 3, 't3');
      await line('a1', 'p1', 2, 't2');
      await line('a2', 'p1', 4, 'other account');
      await line('a3', 'p2', 5, 'other project');
      const first = await postbackLogPage(db, 'p1', 'a1', { page: 1, pageSize: 2 });
      expect(first.total).toBe(3);
      expect(first.items.map((row) => row.txid)).toEqual(['t3', 't2']);
      expect(first.items[0]).toMatchObject({ ip: '203.0.113.7', outcome: 'accepted', reason: null });
      const second = await postbackLogPage(db, 'p1', 'a1', { page: 2, pageSize: 2 });
      expect(second).toMatchObject({ total: 3, items: [{ txid: 't1' }] });
      expect(await postbackLogPage(db, 'p1', 'a3', { page: 1, pageSize: 20 })).toEqual({
        items: [],
        total: 0,
      });
    } finally {
      await db.destroy();
    }
  });
});
