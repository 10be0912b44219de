import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { advisoryKeys, keyName } from '../../src/server/play/holdKey';
import { requestFingerprint } from '../../src/server/play/requestFingerprint';
import { appServers, createTestApp, SERVERS_UNDER_TEST, type TestApp } from './helpers/testApp';
import { countRows } from './helpers/api';
import { createProject, signUpOwner, type SignedIn } from './helpers/accounts';
import { campaignAction, createCampaign, templateConfig, withTimes } from './helpers/campaigns';
import { act, apiSecretOf, signedSession, type PlaySession } from './helpers/play';

// One Idempotency-Key is one request (docs/play-runtime.md, "One request per Idempotency-Key"):
// the same request again answers the first answer; the key with another action or body answers
// 422 and spends nothing; while the first request with the key runs, 409 on every server; a server
// that stops mid-request leaves nothing held. One SQLite server runs its statements one at a time,
// so a request cannot be held mid-action there without holding every other request too: the 409
// on SQLite is tested where two requests start at once (src/server/play/holdKey.test.ts).
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
    expect((await act(t.app, id, session.token, 'share', { body: { channel: 'wechat' } })).status).toBe(200);
    const retried = await act<DrawAnswer>(t.app, id, session.token, 'draw', { key: 'r-1' });
    expect(retried.status).toBe(200);
    expect(retried.body.data.result.prize.id).toBe('gold');
  });

  /** On PostgreSQL: an open transaction holding the participant's entry, released on demand. */
  function holdEntry(campaignId: string, participant: string) {
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked = () => {};
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const done = t.app.ctx.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('play_entries')
        .set({ last_action_at: t.clock.now().toISOString() })
        .where('campaign_id', '=', campaignId)
        .where('participant_id', '=', participant)
        .execute();
      locked();
      await released;
    });
    return { isLocked, release: async () => (release(), await done) };
  }

  /** The backend holding a key's advisory lock (a request of some server running it), if any. */
  async function keyHolder(campaignId: string, participant: string, key: string) {
    const [high, low] = advisoryKeys(keyName(campaignId, participant, key));
    const { rows } = await sql<{ pid: number }>`
      select pid from pg_locks
      where locktype = 'advisory' and granted and objsubid = 2
        and classid = ${high >>> 0}::bigint::oid and objid = ${low >>> 0}::bigint::oid`.execute(t.app.ctx.db);
    return rows[0]?.pid;
  }

  /**
   * Sends a draw to `server` and waits until it holds its key (it then waits for the entry); the
   * answer comes in `running`.
   */
  async function heldDraw(server: FastifyInstance, campaignId: string, session: PlaySession, key: string) {
    const participant = await participantId(session);
    const running = act<DrawAnswer>(server, campaignId, session.token, 'draw', { key });
    await waitFor(async () => (await keyHolder(campaignId, participant, key)) !== undefined);
    return { running };
  }

  it.skipIf(!isPostgres)(
    'answers 409 on this server and on another while the first request with the key runs, then its answer',
    async () => {
      const id = await liveWheel({ initialCount: 2 });
      const session = await signedSession(t.app, id, 'fay', secret);
      const entry = holdEntry(id, await participantId(session));
      const { servers, close } = await appServers(t);
      try {
        await entry.isLocked;
        const { running } = await heldDraw(servers[0], id, session, 'slow-1');
        const before = await countRows(t.app);
        for (const server of servers) {
          const same = await act(server, id, session.token, 'draw', { key: 'slow-1', lang: 'en' });
          expect(same.status).toBe(409);
          expect(same.body.data.error).toBe('play.idempotencyKeyInFlight');
          expect(same.body.msg).toBe(
            'A request with this Idempotency-Key is still being processed; retry it later',
          );
          const other = await act(server, id, session.token, 'share', { key: 'slow-1' });
          expect(other.status).toBe(409);
        }
        expect(await countRows(t.app)).toEqual(before);

        await entry.release();
        const first = await running;
        expect(first.status, JSON.stringify(first.body)).toBe(200);
        expect(first.body.data.me.chances.left).toBe(1);
        for (const server of servers) {
          const retried = await act<DrawAnswer>(server, id, session.token, 'draw', { key: 'slow-1' });
          expect(retried.status).toBe(200);
          expect(retried.body).toEqual(first.body);
          expect((await act(server, id, session.token, 'share', { key: 'slow-1' })).status).toBe(422);
        }
      } finally {
        await entry.release();
        await close();
      }
    },
  );

  it.skipIf(!isPostgres)(
    'leaves nothing held when a server stops mid-request: the next request with the key runs once',
    async () => {
      const id = await liveWheel({ initialCount: 2 });
      const session = await signedSession(t.app, id, 'gus', secret);
      const participant = await participantId(session);
      // A server running the draw: its action's transaction holds the key's advisory lock.
      const url = new URL(t.databaseUrl);
      url.searchParams.delete('schema');
      const running = new pg.Client({ connectionString: url.toString() });
      running.on('error', () => {});
      await running.connect();
      const [high, low] = advisoryKeys(keyName(id, participant, 'lost-1'));
      await running.query('begin');
      await running.query('select pg_advisory_xact_lock($1, $2)', [high, low]);
      const { servers, close } = await appServers(t);
      try {
        for (const server of servers)
          expect((await act(server, id, session.token, 'draw', { key: 'lost-1' })).status).toBe(409);
        // That server stops: its connection ends mid-transaction, and the database drops the lock.
        const { processID } = running as unknown as { processID: number };
        await sql`select pg_terminate_backend(${processID})`.execute(t.app.ctx.db);
        await waitFor(async () => (await keyHolder(id, participant, 'lost-1')) === undefined);

        const recovered = await act<DrawAnswer>(servers[1], id, session.token, 'draw', { key: 'lost-1' });
        expect(recovered.status, JSON.stringify(recovered.body)).toBe(200);
        expect(recovered.body.data.me.chances.left).toBe(1);
        const replayed = await act<DrawAnswer>(servers[0], id, session.token, 'draw', { key: 'lost-1' });
        expect(replayed.body).toEqual(recovered.body);
        const rows = await t.app.ctx.db
          .selectFrom('play_actions')
          .select(['action', 'fingerprint'])
          .where('campaign_id', '=', id)
          .execute();
        expect(rows).toEqual([{ action: 'draw', fingerprint: requestFingerprint('draw', {}) }]);
      } finally {
        await running.end().catch(() => {});
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
