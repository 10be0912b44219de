import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ABANDONED_CLAIM_MS, claimKey, releaseClaim } from './claimKey';
import { playTestDb, type PlayTestDb } from './playTestDb';
import type { ActionInput } from './playSteps';

// The claim a request holds on its Idempotency-Key while it runs, over a migrated in-memory
// database; runAction's use of it is tested through HTTP in tests/api/playIdempotency.test.ts.
const NOW = new Date('2026-03-01T08:00:00.000Z');

let t: PlayTestDb;
beforeEach(async () => {
  t = await playTestDb(NOW);
});
afterEach(() => t.close());

async function inputs() {
  const campaign = await t.addCampaign('draw', { prizes: [] });
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
    () => 'claimed',
    (error: { key?: string }) => error.key,
  );

const held = () => t.db.selectFrom('play_action_claims').select(['token', 'claimed_at']).execute();

describe('claimKey', () => {
  it('holds a key for one request: the same request again is in flight, another is refused', async () => {
    const input = await inputs();
    const claim = await claimKey(t.db, input());
    expect(await refusal(claimKey(t.db, input()))).toBe('play.idempotencyKeyInFlight');
    // Key order does not make another request; another body or action does.
    expect(await refusal(claimKey(t.db, input({ body: {} })))).toBe('play.idempotencyKeyInFlight');
    expect(await refusal(claimKey(t.db, input({ body: { channel: 'x' } })))).toBe(
      'play.idempotencyKeyReused',
    );
    expect(await refusal(claimKey(t.db, input({ action: 'share' })))).toBe('play.idempotencyKeyReused');
    // Another key, or the same key of another participant, is free.
    expect(await refusal(claimKey(t.db, input({ key: 'k2' })))).toBe('claimed');
    const ben = await t.addParticipant('ben');
    expect(await refusal(claimKey(t.db, input({ participant: ben })))).toBe('claimed');

    await releaseClaim(t.db, claim);
    expect(await refusal(claimKey(t.db, input({ body: { channel: 'x' } })))).toBe('claimed');
  });

  it('takes over a claim as old as the bound; the request that left it releases nothing then', async () => {
    const input = await inputs();
    const abandoned = await claimKey(t.db, input());
    const almost = new Date(NOW.getTime() + ABANDONED_CLAIM_MS - 1);
    expect(await refusal(claimKey(t.db, input({ now: almost })))).toBe('play.idempotencyKeyInFlight');

    const later = new Date(NOW.getTime() + ABANDONED_CLAIM_MS);
    const taken = await claimKey(t.db, input({ now: later, body: { channel: 'x' } }));
    expect(taken.token).not.toBe(abandoned.token);
    expect(await held()).toEqual([{ token: taken.token, claimed_at: later.toISOString() }]);
    // The first request, should it still finish, gives up only its own claim.
    await releaseClaim(t.db, abandoned);
    expect(await held()).toHaveLength(1);
    await releaseClaim(t.db, taken);
    expect(await held()).toEqual([]);
  });
});
