import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testDb, TEST_TIME, type TestDb } from '../db/testDb';
import { listRiskAudit, recordRiskDecision, recordRiskDecisions } from './riskAudit';

describe('recordRiskDecision', () => {
  let t: TestDb;
  beforeEach(async () => {
    t = await testDb();
  });
  afterEach(async () => {
    await t.db.destroy();
  });

  it('writes rows that list newest first, filtered by action, campaign and subject', async () => {
    const ids: string[] = [];
    // The same millisecond: arrival order decides.
    for (const [action, subject, campaignId] of [
      ['participant.block', 'player-1', 'c1'],
      ['reward.hold', 'reward-9', 'c1'],
      ['reward.release', 'reward-9', 'c2'],
    ] as const)
      ids.push(
        await recordRiskDecision(t.db, {
          projectId: 'p1',
          campaignId,
          action,
          subject,
          detail: { reason: 'subnet limit', count: 3 },
          now: TEST_TIME,
        }),
      );
    expect([...ids].sort()).toEqual(ids);
    const all = await listRiskAudit(t.db, 'p1', {});
    expect(all.items.map((a) => a.id)).toEqual([...ids].reverse());
    expect(all.items[0]).toEqual({
      id: ids[2],
      action: 'reward.release',
      subject: 'reward-9',
      campaignId: 'c2',
      detail: { reason: 'subnet limit', count: 3 },
      actor: null,
      createdAt: TEST_TIME.toISOString(),
    });
    expect((await listRiskAudit(t.db, 'p1', { campaignId: 'c1' })).items.map((a) => a.id)).toEqual([
      ids[1],
      ids[0],
    ]);
    expect((await listRiskAudit(t.db, 'p1', { action: 'reward.hold' })).items.map((a) => a.id)).toEqual([
      ids[1],
    ]);
    expect((await listRiskAudit(t.db, 'p1', { q: 'REWARD' })).total).toBe(2);
    // A later millisecond sorts after, whatever the sequence.
    const later = await recordRiskDecision(t.db, {
      projectId: 'p1',
      action: 'block.add',
      subject: 'x'.repeat(300),
      actorId: 'u1',
      now: new Date(TEST_TIME.getTime() + 1),
    });
    const [top] = (await listRiskAudit(t.db, 'p1', {})).items;
    expect(top).toMatchObject({ id: later, actor: { id: 'u1', name: 'u1' }, detail: {}, campaignId: null });
    expect(top.subject).toHaveLength(200);
  });

  it('writes many decisions in one call, in their order, and nothing for none', async () => {
    expect(await recordRiskDecisions(t.db, [])).toEqual([]);
    const decision = (subject: string) => ({
      projectId: 'p1',
      action: 'participant.block' as const,
      subject,
      now: TEST_TIME,
    });
    const ids = await recordRiskDecisions(t.db, [decision('a'), decision('b'), decision('c')]);
    expect(ids).toHaveLength(3);
    const listed = await listRiskAudit(t.db, 'p1', { action: 'participant.block' });
    expect(listed.items.map((row) => [row.id, row.subject])).toEqual([
      [ids[2], 'c'],
      [ids[1], 'b'],
      [ids[0], 'a'],
    ]);
  });
});
