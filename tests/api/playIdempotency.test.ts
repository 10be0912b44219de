import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ABANDONED_CLAIM_MS } from '../../src/server/play/claimKey';
import { requestFingerprint } from '../../src/server/play/requestFingerprint';
import { appServers, createTestApp, SERVERS_UNDER_TEST, type TestApp } from './helpers/testApp';
import { countRows } from './helpers/api';
import { createProject, signUpOwner, type SignedIn } from './helpers/accounts';
import { campaignAction, createCampaign, templateConfig, withTimes } from './helpers/campaigns';
import { act, apiSecretOf, signedSession, type PlaySession } from './helpers/play';

// One Idempotency-Key is one request (docs/play-runtime.md, "One request per Idempotency-Key"):
// the same request again answers the first answer; the key with another action or body answers
// 422 and spends nothing; while the first request with the key runs, 409; a claim left by a server
// that stopped mid-request is taken over once it is old enough.
const HOUR = 3_600_000;
const isPostgres = process.env.TEST_DATABASE_URL?.startsWith('postgres') ?? false;

interface DrawAnswer {
  result: { prize: { id: string | null }; rewardId: string | null };
  me: { chances: { left: number } };
}

describe(`participant actions: one request per Idempotency-Key (${SERVERS_UNDER_TEST})`, () => {
  let t: TestApp;
  let owner: SignedIn;
  let projectId: string;
  let secret: string;
  let wheel: Record<string, unknown>;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUpOwner(t.app, 'idem@example.com');
    projectId = await createProject(t.app, owner, 'Idem', 'idem');
    secret = await apiSecretOf(t.app, projectId);
    wheel = await templateConfig(t.app, 'gameplay', 'lucky-wheel', 'classic');
  });
  afterAll(async () => t.close());

  /** A live wheel: every draw wins `gold`; a share earns a chance. */
  async function liveWheel(chances: Record<string, unknown>) {
    const config = {
      ...withTimes(wheel, new Date(t.clock.now().getTime() - HOUR)),
      prizes: [
        {
          id: 'gold',
          name: { 'en-US': 'Gold' },
          deliveryType: 'system',
          isThank: false,
          odds: 100,
          stock: 1000,
        },
        { id: 'thanks', name: { 'en-US': 'Thanks' }, deliveryType: 'system', isThank: true },
      ],
      chances: { dailyFree: 0, ...chances },
    };
    const created = await createCampaign(t.app, owner, projectId, { mark: 'lucky-wheel', config });
    const moved = await campaignAction(t.app, owner, projectId, created.id, 'goOnline');
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    return created.id;
  }

  async function participantId(session: PlaySession): Promise<string> {
    const row = await t.app.ctx.db
      .selectFrom('participants')
      .select('id')
      .where('project_id', '=', projectId)
      .where('code', '=', session.participant.code)
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** The claim a request holds while it runs, as the one that sent `draw` with `{}` writes it. */
  async function drawClaim(campaignId: string, session: PlaySession, key: string, claimedAt: Date) {
    await t.app.ctx.db
      .insertInto('play_action_claims')
      .values({
        project_id: projectId,
        campaign_id: campaignId,
        participant_id: await participantId(session),
        idempotency_key: key,
        fingerprint: requestFingerprint('draw', {}),
        token: 'first-request',
        claimed_at: claimedAt.toISOString(),
      })
      .execute();
  }

  const claims = async () =>
    (await t.app.ctx.db.selectFrom('play_action_claims').select('idempotency_key').execute()).length;

  it('answers the same request again with its first answer, whatever the order of its keys', async () => {
    const id = await liveWheel({ initialCount: 2, perShare: 1, shareCap: 0 });
    const session = await signedSession(t.app, id, 'ann', secret);

    const first = await act<DrawAnswer>(t.app, id, session.token, 'draw', { key: 'd-1' });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data.result.prize.id).toBe('gold');
    const before = await countRows(t.app);
    const again = await act<DrawAnswer>(t.app, id, session.token, 'draw', { key: 'd-1' });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await countRows(t.app)).toEqual(before);

    const shared = await act(t.app, id, session.token, 'share', {
      key: 's-1',
      body: { channel: 'wechat', from: { page: 'home', slot: 2 } },
    });
    expect(shared.status).toBe(200);
    const reordered = await act(t.app, id, session.token, 'share', {
      key: 's-1',
      body: { from: { slot: 2, page: 'home' }, channel: 'wechat' },
    });
    expect(reordered.status).toBe(200);
    expect(reordered.body).toEqual(shared.body);
    expect(await claims()).toBe(0);
  });

  it('answers 422 to the key with another body or another action, and spends nothing', async () => {
    const id = await liveWheel({ initialCount: 2, perShare: 1, shareCap: 0 });
    const session = await signedSession(t.app, id, 'ben', secret);
    const first = await act<DrawAnswer>(t.app, id, session.token, 'draw', { key: 'k-1' });
    expect(first.status).toBe(200);
    const before = await countRows(t.app);

    const otherBody = await act(t.app, id, session.token, 'draw', {
      key: 'k-1',
      body: { channel: 'weibo' },
      lang: 'en',
    });
    expect(otherBody.status).toBe(422);
    expect(otherBody.body.data.error).toBe('play.idempotencyKeyReused');
    expect(otherBody.body.msg).toBe(
      'This Idempotency-Key was already used for a different request; send this request with a new key',
    );
    const otherAction = await act(t.app, id, session.token, 'share', {
      key: 'k-1',
      body: {},
      lang: 'zh-cn',
    });
    expect(otherAction.status).toBe(422);
    expect(otherAction.body.data.error).toBe('play.idempotencyKeyReused');
    expect(otherAction.body.msg).toBe('该 Idempotency-Key 已用于另一个请求，请使用新的 Key 发送本请求');
    expect(await countRows(t.app)).toEqual(before);

    // The first request is still answered, and the chance it left is still there.
    const again = await act<DrawAnswer>(t.app, id, session.token, 'draw', { key: 'k-1' });
    expect(again.body).toEqual(first.body);
    const next = await act<DrawAnswer>(t.app, id, session.token, 'draw', { key: 'k-2' });
    expect(next.body.data.me.chances.left).toBe(0);
  });

  it('matches an action row written before fingerprints by its action name only', async () => {
    const id = await liveWheel({ initialCount: 2, perShare: 1, shareCap: 0 });
    const session = await signedSession(t.app, id, 'cat', secret);
    const first = await act<DrawAnswer>(t.app, id, session.token, 'draw', { key: 'old-1' });
    expect(first.status).toBe(200);
    await t.app.ctx.db
      .updateTable('play_actions')
      .set({ fingerprint: null })
      .where('campaign_id', '=', id)
      .where('idempotency_key', '=', 'old-1')
      .execute();

    const before = await countRows(t.app);
    const sameAction = await act<DrawAnswer>(t.app, id, session.token, 'draw', {
      key: 'old-1',
      body: { channel: 'weibo' },
    });
    expect(sameAction.status).toBe(200);
    expect(sameAction.body.data.result).toEqual(first.body.data.result);
    const otherAction = await act(t.app, id, session.token, 'share', { key: 'old-1' });
    expect(otherAction.status).toBe(422);
    expect(await countRows(t.app)).toEqual(before);
  });

  it('leaves the key of a refused action free: a refusal spends nothing and is not answered again', async () => {
    const id = await liveWheel({ initialCount: 0, perShare: 1, shareCap: 0 });
    const session = await signedSession(t.app, id, 'dan', secret);
    const refused = await act(t.app, id, session.token, 'draw', { key: 'r-1' });
    expect(refused.status).toBe(409);
    expect(refused.body.data.error).toBe('play.noChances');
    expect(await claims()).toBe(0);
    expect((await act(t.app, id, session.token, 'share', { body: { channel: 'wechat' } })).status).toBe(200);
    const retried = await act<DrawAnswer>(t.app, id, session.token, 'draw', { key: 'r-1' });
    expect(retried.status).toBe(200);
    expect(retried.body.data.result.prize.id).toBe('gold');
  });

  it('answers 409 while the first request with the key still runs, and takes an abandoned claim over', async () => {
    const id = await liveWheel({ initialCount: 1 });
    const session = await signedSession(t.app, id, 'eve', secret);
    // The first request has claimed its key and is running (on this server or another).
    await drawClaim(id, session, 'run-1', t.clock.now());
    const before = await countRows(t.app);

    const same = await act(t.app, id, session.token, 'draw', { key: 'run-1', lang: 'en' });
    expect(same.status).toBe(409);
    expect(same.body.data.error).toBe('play.idempotencyKeyInFlight');
    expect(same.body.msg).toBe(
      'A request with this Idempotency-Key is still being processed; retry it later',
    );
    const other = await act(t.app, id, session.token, 'draw', { key: 'run-1', body: { channel: 'x' } });
    expect(other.status).toBe(422);
    expect(other.body.data.error).toBe('play.idempotencyKeyReused');
    // Still running just under the bound.
    t.clock.advance(ABANDONED_CLAIM_MS - 1000);
    expect((await act(t.app, id, session.token, 'draw', { key: 'run-1' })).status).toBe(409);
    expect(await countRows(t.app)).toEqual(before);

    // Its server stopped mid-request: once the claim is old enough, the next request runs it.
    t.clock.advance(1000);
    const recovered = await act<DrawAnswer>(t.app, id, session.token, 'draw', { key: 'run-1' });
    expect(recovered.status, JSON.stringify(recovered.body)).toBe(200);
    expect(recovered.body.data.result.prize.id).toBe('gold');
    expect(recovered.body.data.me.chances.left).toBe(0);
    expect(await claims()).toBe(0);
    const row = await t.app.ctx.db
      .selectFrom('play_actions')
      .select(['action', 'fingerprint'])
      .where('campaign_id', '=', id)
      .where('idempotency_key', '=', 'run-1')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ action: 'draw', fingerprint: requestFingerprint('draw', {}) });
    const replayed = await act<DrawAnswer>(t.app, id, session.token, 'draw', { key: 'run-1' });
    expect(replayed.body).toEqual(recovered.body);
  });

  // SQLite runs one server's statements one at a time: a request cannot be held mid-action there
  // without holding every other request too.
  it.skipIf(!isPostgres)(
    'answers 409 on a second server while the first request waits for the participant, then its answer',
    async () => {
      const id = await liveWheel({ initialCount: 2 });
      const session = await signedSession(t.app, id, 'fay', secret);
      const participant = await participantId(session);
      const { servers, close } = await appServers(t);
      let release = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      let locked = () => {};
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      // Another transaction holds the participant's entry: the first request claims its key, then
      // waits for that lock inside its action's transaction.
      const holder = t.app.ctx.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('play_entries')
          .set({ last_action_at: t.clock.now().toISOString() })
          .where('campaign_id', '=', id)
          .where('participant_id', '=', participant)
          .execute();
        locked();
        await released;
      });
      try {
        await isLocked;
        const running = act<DrawAnswer>(servers[0], id, session.token, 'draw', { key: 'slow-1' });
        await waitFor(async () => (await claims()) === 1);

        const same = await act(servers[1], id, session.token, 'draw', { key: 'slow-1' });
        expect(same.status).toBe(409);
        expect(same.body.data.error).toBe('play.idempotencyKeyInFlight');
        const other = await act(servers[1], id, session.token, 'share', { key: 'slow-1' });
        expect(other.status).toBe(422);

        release();
        await holder;
        const first = await running;
        expect(first.status, JSON.stringify(first.body)).toBe(200);
        expect(first.body.data.me.chances.left).toBe(1);
        const retried = await act<DrawAnswer>(servers[1], id, session.token, 'draw', { key: 'slow-1' });
        expect(retried.status).toBe(200);
        expect(retried.body).toEqual(first.body);
        expect(await claims()).toBe(0);
      } finally {
        release();
        await holder;
        await close();
      }
    },
  );
});

/** Waits for a condition the server reaches on its own (at most 10 s), checking every 10 ms. */
async function waitFor(condition: () => Promise<boolean>) {
  for (let i = 0; i < 1000; i++) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('the condition never held');
}
