import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appServers, createTestApp, type TestApp, SERVERS_UNDER_TEST } from './helpers/testApp';
import { call } from './helpers/api';
import { createProject, signUpOwner, type SignedIn } from './helpers/accounts';
import { campaignAction, createCampaign, templateConfig, withTimes } from './helpers/campaigns';
import { act, apiSecretOf, playPage, signedSession, type PlaySession } from './helpers/play';
import { accessKey, sdkEvent, sendServerEvents } from './helpers/sdk';

// Raising a dog through the SDK and the participant API: the app's valid events (once each, also
// when a batch comes twice) and the page's share grow it and fill its bowl, the last stage gives
// its prize once, a bowl left empty fails it at the exact hour, invites revive it, and friends'
// help counts once a day each, concurrently on two servers without losing any.

const HOUR = 3_600_000;
const text = (en: string) => ({ 'zh-CN': `${en}（中）`, 'en-US': en });

interface Pet {
  progress: number;
  stage: number;
  status: string;
  failure: string | null;
  food: number;
  events: number;
  rewarded: boolean;
}

describe('participant API: raising', () => {
  let t: TestApp;
  let owner: SignedIn;
  let projectId: string;
  let secret: string;
  let key: string;
  let id: string;
  let base: Record<string, unknown>;

  async function liveDog(energyPerEvent: number) {
    const created = await createCampaign(t.app, owner, projectId, {
      mark: 'raising',
      config: {
        ...withTimes(base, new Date(t.clock.now().getTime() - HOUR), 5),
        stages: { stage1: 30, stage2: 60, stage3: 100 },
        energyPerEvent,
        initialProgress: 10,
        food: { full: 99, initial: 20, perHour: 1, perEvent: 10 },
        helpProbability: 100,
        timeLimitHours: 0,
        revivalInvites: 2,
        events: ['feed_pet', 'share'],
        prizes: [{ id: 'toy', name: text('Toy'), deliveryType: 'system', isThank: false, stock: 10 }],
      },
    });
    expect((await campaignAction(t.app, owner, projectId, created.id, 'goOnline')).status).toBe(200);
    return created.id;
  }

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUpOwner(t.app, 'raise@example.com');
    projectId = await createProject(t.app, owner, 'Raise', 'raise');
    secret = await apiSecretOf(t.app, projectId);
    key = await accessKey(t.app, owner, projectId);
    const defined = await call(t.app, 'POST', '/api/events', {
      token: owner.token,
      projectId,
      body: { key: 'feed_pet', name: 'Feed pet' },
    });
    expect(defined.status).toBe(200);
    base = await templateConfig(t.app, 'gameplay', 'raising', 'dog');
    id = await liveDog(0.25);
  });
  afterAll(async () => t.close());

  const petOf = async (s: PlaySession) => {
    const page = await playPage<{ me: { progress: { raise: { pet: Pet; invitesSinceFailure: number } } } }>(
      t.app,
      id,
      s.token,
    );
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    return page.body.data.me.progress.raise;
  };
  const feed = (userId: string, n: number, ids = `${userId}-${t.clock.now().getTime()}`) =>
    Array.from({ length: n }, (_, i) =>
      sdkEvent({
        eventId: `${ids}-${i}`,
        name: 'feed_pet',
        userId,
        deviceId: `${userId}-phone`,
        time: t.clock.now().toISOString(),
      }),
    );

  it('grows by the app’s events (once each) and the page’s share, and gives the last stage’s prize once', async () => {
    const amy = await signedSession(t.app, id, 'amy', secret);
    expect((await petOf(amy)).pet).toMatchObject({ progress: 10, stage: 0, status: 'growing', food: 20 });
    const batch = feed('amy', 2);
    await sendServerEvents(t.app, key, batch);
    await sendServerEvents(t.app, key, batch);
    expect((await petOf(amy)).pet).toMatchObject({ progress: 60, stage: 2, food: 40, events: 2 });
    expect((await act(t.app, id, amy.token, 'share', { body: { channel: 'wechat' } })).status).toBe(200);
    await sendServerEvents(t.app, key, feed('amy', 3, 'amy-late'));
    const grown = (await petOf(amy)).pet;
    expect(grown).toMatchObject({ progress: 100, stage: 3, status: 'grown', events: 4, rewarded: true });
    const rewards = await t.app.ctx.db
      .selectFrom('reward_records')
      .select(['prize_id', 'method'])
      .where('campaign_id', '=', id)
      .execute();
    expect(rewards).toEqual([{ prize_id: 'toy', method: 'raise' }]);
  });

  it('fails at the exact hour the bowl empties, and revives after two invites', async () => {
    const ben = await signedSession(t.app, id, 'ben', secret);
    t.clock.advance(20 * HOUR - 1000);
    expect((await petOf(ben)).pet).toMatchObject({ status: 'growing' });
    t.clock.advance(1000);
    const ben2 = await signedSession(t.app, id, 'ben', secret);
    expect((await petOf(ben2)).pet).toMatchObject({ status: 'failed', failure: 'starved', food: 0 });
    // Events after the failure do not feed it.
    await sendServerEvents(t.app, key, feed('ben', 1));
    expect((await petOf(ben2)).pet.events).toBe(0);
    const early = await act(t.app, id, ben2.token, 'revive', { lang: 'en' });
    expect(early.status).toBe(409);
    expect(early.body.msg).toBe('Invite 2 more friends to revive your pet');
    for (const friend of ['bf1', 'bf2'])
      await signedSession(t.app, id, friend, secret, { inviter: ben2.participant.code });
    expect((await petOf(ben2)).invitesSinceFailure).toBe(2);
    const revived = await act(t.app, id, ben2.token, 'revive');
    expect(revived.status, JSON.stringify(revived.body)).toBe(200);
    expect((await petOf(ben2)).pet).toMatchObject({ status: 'growing', food: 20, progress: 10 });
    expect((await act(t.app, id, ben2.token, 'revive', { lang: 'en' })).body.msg).toBe(
      'Your pet is doing fine: it needs no revival',
    );
  });

  it(`friends help once a day each; concurrent helps all count (${SERVERS_UNDER_TEST})`, async () => {
    id = await liveDog(0.05);
    const cat = await signedSession(t.app, id, 'cat', secret);
    const code = cat.participant.code;
    const own = await act(t.app, id, cat.token, 'help', { body: { code }, lang: 'en' });
    expect(own.body.msg).toBe('Ask friends to help: you cannot help your own pet');
    const friends = await Promise.all(
      Array.from({ length: 6 }, (_, i) => signedSession(t.app, id, `cf${i}`, secret, { inviter: code })),
    );
    const { servers, close } = await appServers(t);
    try {
      const helps = await Promise.all([
        ...friends.map((f, i) => act(servers[i % servers.length], id, f.token, 'help', { body: { code } })),
        // The app's events for the same pet at the same time.
        sendServerEvents(t.app, key, feed('cat', 1, 'cat-app')),
      ]);
      expect(helps.slice(0, 6).map((h) => h.status)).toEqual([200, 200, 200, 200, 200, 200]);
    } finally {
      await close();
    }
    const again = await act(t.app, id, friends[0].token, 'help', { body: { code }, lang: 'en' });
    expect(again.body.msg).toBe('You have already helped this friend today');
    // Six helps and one app event at once: 10 % + 7 x 5 %, none lost.
    expect((await petOf(cat)).pet).toMatchObject({ events: 7, progress: 45, stage: 1, status: 'growing' });
  });
});
