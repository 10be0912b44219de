import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { advisoryKeys, holdKey, keyName } from './holdKey';
import { runAction } from './playActions';
import { playTestDb, type PlayTestDb } from './playTestDb';
import type { ActionInput } from './playSteps';

// The key a request holds while it runs, over a migrated in-memory SQLite database (the
// PostgreSQL advisory lock across servers is tested through HTTP in
// tests/api/playIdempotency.test.ts).
const NOW = new Date('2026-03-01T08:00:00.000Z');

let t: PlayTestDb;
beforeEach(async () => {
  t = await playTestDb(NOW);
});
afterEach(() => t.close());

/** Inputs of one participant's actions in a wheel with `initialCount` chances. */
async function inputs(initialCount = 1) {
  const campaign = await t.addCampaign('draw', {
    chances: { initialCount, dailyFree: 0, perShare: 1 },
    prizes: [{ id: 'thanks', isThank: true, odds: 100 }],
  });
  const participant = await t.addParticipant('ann');
  return (fields: Partial<ActionInput> = {}): ActionInput => ({
    campaign,
    participant,
    action: 'draw',
    key: 'k1',
    body: {},
    now: NOW,
    dbKind: 'sqlite',
    ...fields,
  });
}

const refusal = (run: Promise<unknown>) =>
  run.then(
    () => 'answered',
    (error: { key?: string }) => error.key,
  );

describe('holdKey', () => {
  it('holds a key of one participant in one campaign on one server until released', async () => {
    const input = await inputs();
    const held = holdKey(t.db, input());
    expect(() => holdKey(t.db, input({ body: { channel: 'x' }, action: 'share' }))).toThrow(
      expect.objectContaining({ key: 'play.idempotencyKeyInFlight' }),
    );
    // Another key, the key of another participant, or the key on another server is free.
    holdKey(t.db, input({ key: 'k2' })).release();
    holdKey(t.db, input({ participant: await t.addParticipant('ben') })).release();
    const other = await playTestDb(NOW);
    try {
      holdKey(other.db, input()).release();
    } finally {
      await other.close();
    }
    held.release();
    holdKey(t.db, input()).release();
  });

  it('names the advisory lock of a key by two 32-bit keys of its own', () => {
    const [high, low] = advisoryKeys(keyName('c1', 'p1', 'k1'));
    expect(advisoryKeys(keyName('c1', 'p1', 'k1'))).toEqual([high, low]);
    for (const value of [high, low]) {
      expect(Number.isInteger(value)).toBe(true);
      expect(Math.abs(value)).toBeLessThanOrEqual(2 ** 31);
    }
    expect(advisoryKeys(keyName('c1', 'p1', 'k2'))).not.toEqual([high, low]);
    expect(advisoryKeys(keyName('c1', 'p2', 'k1'))).not.toEqual([high, low]);
  });
});

describe('runAction with one key at once (SQLite)', () => {
  it('runs the first request, answers 409 to the second while it runs, then the first answer', async () => {
    const input = await inputs(2);
    // Both start before either reaches the database: the second finds the key held.
    const [first, second] = await Promise.allSettled([runAction(t.db, input()), runAction(t.db, input())]);
    expect(first.status).toBe('fulfilled');
    expect(second).toMatchObject({ status: 'rejected', reason: { key: 'play.idempotencyKeyInFlight' } });
    const answered = (first as PromiseFulfilledResult<Awaited<ReturnType<typeof runAction>>>).value;

    expect(await runAction(t.db, input())).toEqual({
      result: answered.result,
      replayed: true,
      deliveries: 0,
    });
    expect(await refusal(runAction(t.db, input({ body: { channel: 'x' } })))).toBe(
      'play.idempotencyKeyReused',
    );
    const spent = await t.db.selectFrom('play_entries').select(['pool_used', 'actions']).executeTakeFirst();
    expect(spent).toEqual({ pool_used: 1, actions: 1 });
  });

  it('releases the key of a refused or failed request', async () => {
    const input = await inputs(0);
    expect(await refusal(runAction(t.db, input()))).toBe('play.noChances');
    // A failure of the database (here a campaign the database does not hold) releases it too.
    const gone = { ...input().campaign, row: { ...input().campaign.row, id: 'gone' } };
    expect(await refusal(runAction(t.db, input({ campaign: gone })))).toBeUndefined();
    holdKey(t.db, input()).release();
    holdKey(t.db, input({ campaign: gone })).release();
  });
});
