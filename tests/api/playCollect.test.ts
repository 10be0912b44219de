import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appServers, createTestApp, type TestApp, SERVERS_UNDER_TEST } from './helpers/testApp';
import { call } from './helpers/api';
import { createProject, signUpOwner, type SignedIn } from './helpers/accounts';
import { campaignAction, createCampaign, templateConfig, withTimes } from './helpers/campaigns';
import { act, apiSecretOf, playPage, signedSession, type PlaySession } from './helpers/play';

// Fragment collection through the participant API: draws give fragments by the configured odds
// (server side), the prize's pieces are exchanged for it within its stock (never more, however
// many exchange at once), and fragments pass between friends by gift or request, once.

const HOUR = 3_600_000;
const text = (en: string) => ({ 'zh-CN': `${en}（中）`, 'en-US': en });
const FRAGMENTS = [
  { id: 'f1', name: text('Piece 1'), odds: 50 },
  { id: 'f2', name: text('Piece 2'), odds: 30 },
  { id: 'f3', name: text('Piece 3'), odds: 20 },
];
const prize = (id: string, stock: number, fragmentCount: number) => ({
  id,
  name: text(`Prize ${id}`),
  deliveryType: 'system',
  isThank: false,
  stock,
  fragmentCount,
});

interface Collect {
  inventory: Record<string, number>;
  sets: number;
  prizes: { prizeId: string; needs: string[]; missing: Record<string, number> }[];
  open: { id: string; kind: string; fragmentId: string }[];
}

describe('participant API: fragment collection', () => {
  let t: TestApp;
  let owner: SignedIn;
  let projectId: string;
  let secret: string;
  let base: Record<string, unknown>;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUpOwner(t.app, 'collect@example.com');
    projectId = await createProject(t.app, owner, 'Collect', 'collect');
    secret = await apiSecretOf(t.app, projectId);
    base = await templateConfig(t.app, 'gameplay', 'fragment-collection', 'five-pieces');
  });
  afterAll(async () => t.close());

  async function liveCollection(fields: Record<string, unknown> = {}) {
    const config = {
      ...withTimes(base, new Date(t.clock.now().getTime() - HOUR)),
      fragments: FRAGMENTS,
      prizes: [prize('small', 1, 2), prize('grand', 5, 3)],
      chances: { initialCount: 20, dailyFree: 0 },
      ...fields,
    };
    const created = await createCampaign(t.app, owner, projectId, { mark: 'fragment-collection', config });
    expect((await campaignAction(t.app, owner, projectId, created.id, 'goOnline')).status).toBe(200);
    return created.id;
  }

  const collectOf = async (id: string, s: PlaySession) => {
    const page = await playPage<{ me: { progress: { collect: Collect }; chances: { left: number } } }>(
      t.app,
      id,
      s.token,
    );
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    return page.body.data.me;
  };
  /** Fragments a participant already holds (set up directly: the draws are tested on their own). */
  const hold = async (id: string, s: PlaySession, counts: Record<string, number>) => {
    const participant = await t.app.ctx.db
      .selectFrom('participants')
      .select('id')
      .where('code', '=', s.participant.code)
      .executeTakeFirstOrThrow();
    for (const [fragmentId, count] of Object.entries(counts))
      await t.app.ctx.db
        .insertInto('play_fragments')
        .values({
          campaign_id: id,
          participant_id: participant.id,
          fragment_id: fragmentId,
          project_id: projectId,
          count,
          drawn: 0,
        })
        .execute();
  };

  it('draws fragments on the server, one chance each, and reports them', async () => {
    const id = await liveCollection({ chances: { initialCount: 12, dailyFree: 0 } });
    const page = await playPage<{
      campaign: { game: { collect: { fragments: { id: string; name: string }[] } } };
    }>(t.app, id);
    expect(page.body.data.campaign.game.collect.fragments.map((f) => f.name)).toEqual([
      'Piece 1（中）',
      'Piece 2（中）',
      'Piece 3（中）',
    ]);
    const ann = await signedSession(t.app, id, 'ann', secret);
    const drawn: string[] = [];
    for (let i = 0; i < 12; i++) {
      const answer = await act<{ result: { fragmentId: string } }>(t.app, id, ann.token, 'drawFragment');
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      drawn.push(answer.body.data.result.fragmentId);
    }
    expect(drawn.every((f) => ['f1', 'f2', 'f3'].includes(f))).toBe(true);
    const out = await act(t.app, id, ann.token, 'drawFragment', { lang: 'en' });
    expect(out.status).toBe(409);
    expect(out.body.data.error).toBe('play.noChances');
    const me = await collectOf(id, ann);
    const total = Object.values(me.progress.collect.inventory).reduce((a, b) => a + b, 0);
    expect(total).toBe(12);
    for (const f of ['f1', 'f2', 'f3'])
      expect(me.progress.collect.inventory[f]).toBe(drawn.filter((d) => d === f).length);
    const report = await call<{
      participation: { collect: { fragments: { id: string; drawn: number; held: number }[] } };
    }>(t.app, 'GET', `/api/campaigns/${id}/report`, { token: owner.token, projectId });
    expect(
      report.body.data.participation.collect.fragments.map((f) => f.drawn).reduce((a, b) => a + b, 0),
    ).toBe(12);
  });

  it('exchanges the pieces a prize needs, keeps them when it is out of stock, and refuses without them', async () => {
    const id = await liveCollection();
    const [ann, ben] = await Promise.all(['ann', 'ben'].map((u) => signedSession(t.app, id, u, secret)));
    await hold(id, ann, { f1: 2, f2: 1 });
    await hold(id, ben, { f1: 1, f2: 1, f3: 1 });
    let me = await collectOf(id, ann);
    expect(me.progress.collect.prizes).toEqual([
      { prizeId: 'small', needs: ['f1', 'f2'], missing: {} },
      { prizeId: 'grand', needs: ['f1', 'f2', 'f3'], missing: { f3: 1 } },
    ]);
    const grand = await act(t.app, id, ann.token, 'exchange', { body: { prizeId: 'grand' }, lang: 'en' });
    expect(grand.status).toBe(409);
    expect(grand.body).toMatchObject({ msg: 'You do not have every fragment this prize needs yet' });
    const small = await act<{ result: { prize: { id: string }; rewardId: string } }>(
      t.app,
      id,
      ann.token,
      'exchange',
      {
        body: { prizeId: 'small' },
      },
    );
    expect(small.status, JSON.stringify(small.body)).toBe(200);
    expect(small.body.data.result.prize.id).toBe('small');
    me = await collectOf(id, ann);
    expect(me.progress.collect.inventory).toEqual({ f1: 1, f2: 0, f3: 0 });
    // The only small prize is gone: Ben keeps his pieces.
    const gone = await act(t.app, id, ben.token, 'exchange', { body: { prizeId: 'small' }, lang: 'en' });
    expect(gone.status).toBe(409);
    expect(gone.body.data.error).toBe('collect.outOfStock');
    expect((await collectOf(id, ben)).progress.collect.inventory).toEqual({ f1: 1, f2: 1, f3: 1 });
    const bad = await act(t.app, id, ben.token, 'exchange', { body: { prizeId: 'nope' }, lang: 'en' });
    expect(bad.status).toBe(400);
    expect(bad.body.data.error).toBe('collect.badPrize');
  });

  it('passes fragments between friends by gift and by request, each once', async () => {
    const id = await liveCollection();
    const [amy, cat, dan, eve, fay] = await Promise.all(
      ['amy', 'cat', 'dan', 'eve', 'fay'].map((u) => signedSession(t.app, id, u, secret)),
    );
    await hold(id, amy, { f3: 1 });
    await hold(id, fay, { f2: 1 });
    const gift = await act<{ result: { transferId: string } }>(t.app, id, amy.token, 'gift', {
      body: { fragmentId: 'f3' },
    });
    expect(gift.status).toBe(200);
    const transferId = gift.body.data.result.transferId;
    expect((await collectOf(id, amy)).progress.collect).toMatchObject({
      inventory: { f3: 0 },
      open: [{ id: transferId, kind: 'gift', fragmentId: 'f3' }],
    });
    const none = await act(t.app, id, amy.token, 'gift', { body: { fragmentId: 'f3' }, lang: 'en' });
    expect(none.body.data.error).toBe('collect.noFragment');
    const own = await act(t.app, id, amy.token, 'claimGift', { body: { transferId }, lang: 'en' });
    expect(own.body.data.error).toBe('collect.ownTransfer');
    // Cat and Dan both try to take it at once: one gets it.
    const [c, d] = await Promise.all([
      act(t.app, id, cat.token, 'claimGift', { body: { transferId } }),
      act(t.app, id, dan.token, 'claimGift', { body: { transferId } }),
    ]);
    expect([c.status, d.status].sort()).toEqual([200, 409]);
    const holders = [
      (await collectOf(id, cat)).progress.collect,
      (await collectOf(id, dan)).progress.collect,
    ];
    expect(holders.map((h) => h.inventory.f3).sort()).toEqual([0, 1]);

    const request = await act<{ result: { transferId: string } }>(t.app, id, eve.token, 'ask', {
      body: { fragmentId: 'f2' },
    });
    const askId = request.body.data.result.transferId;
    const empty = await act(t.app, id, dan.token, 'giveAsked', { body: { transferId: askId }, lang: 'en' });
    expect(empty.body.data.error).toBe('collect.noFragment');
    const given = await act(t.app, id, fay.token, 'giveAsked', { body: { transferId: askId } });
    expect(given.status).toBe(200);
    expect((await collectOf(id, eve)).progress.collect.inventory.f2).toBe(1);
    expect((await collectOf(id, fay)).progress.collect.inventory.f2).toBe(0);
    const again = await act(t.app, id, fay.token, 'giveAsked', { body: { transferId: askId }, lang: 'en' });
    expect(again.body.data.error).toBe('collect.transferGone');
  });

  it(`never exchanges more prizes than the stock when many exchange at once (${SERVERS_UNDER_TEST})`, async () => {
    const id = await liveCollection({ prizes: [prize('grand', 5, 3)] });
    const people = await Promise.all(
      Array.from({ length: 12 }, (_, i) => signedSession(t.app, id, `crowd${i}`, secret)),
    );
    for (const s of people) await hold(id, s, { f1: 1, f2: 1, f3: 1 });
    const { servers, close } = await appServers(t);
    try {
      const bases: string[] = [];
      // A backlog that holds every connection at once: on a busy machine the default (511) drops
      // the rest's handshakes and fetch gives up connecting after 10 s.
      for (const server of servers) {
        bases.push(await server.listen({ host: '127.0.0.1', port: 0, backlog: 2048 }));
      }
      // Every participant exchanges twice at once (a retry with another key): one set each at most.
      const answers = await Promise.all(
        people.flatMap((s, i) =>
          [0, 1].map((k) =>
            fetch(`${bases[(i + k) % bases.length]}/api/play/v1/campaigns/${id}/actions/exchange`, {
              method: 'POST',
              headers: {
                authorization: `Participant ${s.token}`,
                'idempotency-key': `x-${i}-${k}`,
                'content-type': 'application/json',
              },
              body: JSON.stringify({ prizeId: 'grand' }),
            }).then((r) => r.status),
          ),
        ),
      );
      expect(answers.filter((s) => s === 200)).toHaveLength(5);
      expect(answers.filter((s) => s !== 200 && s !== 409)).toEqual([]);
      const records = await t.app.ctx.db
        .selectFrom('reward_records')
        .select('participant_id')
        .where('campaign_id', '=', id)
        .execute();
      expect(records).toHaveLength(5);
      expect(new Set(records.map((r) => r.participant_id)).size).toBe(5);
      const left = await t.app.ctx.db
        .selectFrom('play_fragments')
        .select(['participant_id'])
        .select((eb) => eb.fn.sum<number>('count').as('n'))
        .where('campaign_id', '=', id)
        .groupBy('participant_id')
        .execute();
      // Winners spent their set; everyone else kept theirs.
      expect(left.map((r) => Number(r.n)).sort()).toEqual([0, 0, 0, 0, 0, 3, 3, 3, 3, 3, 3, 3]);
    } finally {
      await close();
    }
  });
});
