import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { playTestDb, type PlayTestDb } from './playTestDb';
import { actionRow, chanceBucket, type ActionInput } from './playSteps';

const NOW = new Date('2026-03-01T08:00:00.000Z');

let t: PlayTestDb;
beforeEach(async () => {
  t = await playTestDb(NOW);
});
afterEach(() => t.close());

describe('actionRow', () => {
  const entry = { channel: 'wechat', inviter_id: null };
  async function input(): Promise<ActionInput> {
    const campaign = await t.addCampaign('draw', { prizes: [] });
    const participant = await t.addParticipant('ann');
    return { campaign, participant, action: 'draw', key: 'k1', body: {}, now: NOW, dbKind: 'sqlite' };
  }

  it('counts an action that spends no chance on the day given, without a bucket', async () => {
    const row = actionRow(await input(), { result: '{}', outcome: 'go' }, '2026-03-01', entry);
    expect(row).toMatchObject({
      day: '2026-03-01',
      chance_bucket: null,
      outcome: 'go',
      idempotency_key: 'k1',
      channel: 'wechat',
      created_at: NOW.toISOString(),
    });
  });

  it("takes a spent chance's day and bucket from the spend; an unlimited campaign's has none", async () => {
    const made = await input();
    const daily = actionRow(made, { result: '{}' }, { bucket: 'daily', today: '2026-03-02' }, entry);
    expect([daily.day, daily.chance_bucket]).toEqual(['2026-03-02', 'daily']);
    const pool = actionRow(made, { result: '{}' }, { bucket: 'pool', today: '2026-03-01' }, entry);
    expect([pool.day, pool.chance_bucket]).toEqual(['2026-03-01', 'pool']);
    const unlimited = actionRow(made, { result: '{}' }, { bucket: 'unlimited', today: '2026-03-01' }, entry);
    expect([unlimited.day, unlimited.chance_bucket]).toEqual(['2026-03-01', null]);
  });

  it('names the bucket of each kind of spend', () => {
    expect(chanceBucket({ bucket: 'daily', today: '2026-03-01' })).toBe('daily');
    expect(chanceBucket({ bucket: 'pool', today: '2026-03-01' })).toBe('pool');
    expect(chanceBucket({ bucket: 'unlimited', today: '2026-03-01' })).toBeNull();
  });
});
