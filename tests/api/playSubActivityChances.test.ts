import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appServers, createTestApp, type TestApp, SERVERS_UNDER_TEST } from './helpers/testApp';
import { call, type ErrorData } from './helpers/api';
import { createProject, signUpOwner, type SignedIn } from './helpers/accounts';
import {
  campaignAction,
  createCampaign,
  templateConfig,
  withTimes,
  type CampaignView,
} from './helpers/campaigns';
import { act, apiSecretOf, playPage, signedSession } from './helpers/play';

const HOUR = 3_600_000;

type Prize = Record<string, unknown>;
const prize = (id: string, fields: Prize): Prize => ({
  id,
  name: { 'zh-CN': `奖品${id}`, 'en-US': `Prize ${id}` },
  deliveryType: 'system',
  isThank: false,
  ...fields,
});
const THANKS = prize('thanks', { isThank: true, name: { 'zh-CN': '谢谢参与', 'en-US': 'Thank you' } });

interface Me {
  chances: { left: number; unlimited: boolean; dailyLeft: number; poolLeft: number } | null;
  canPlay: boolean;
  reason: string | null;
}

describe('daily sub-activities on their bound campaign: chances and participants', () => {
  let t: TestApp;
  let owner: SignedIn;
  let projectId: string;
  let secret: string;
  let wheel: Record<string, unknown>;
  let lottery: Record<string, unknown>;
  let blindBox: Record<string, unknown>;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUpOwner(t.app, 'sub-chances@example.com');
    projectId = await createProject(t.app, owner, 'SubChances', 'subchances');
    secret = await apiSecretOf(t.app, projectId);
    wheel = await templateConfig(t.app, 'gameplay', 'lucky-wheel', 'classic');
    lottery = await templateConfig(t.app, 'sub-activity', 'daily-lottery', 'classic');
    blindBox = await templateConfig(t.app, 'sub-activity', 'daily-blind-box', 'classic');
  });
  afterAll(async () => t.close());

  const start = () => new Date(t.clock.now().getTime() - HOUR);

  async function goOnline(id: string) {
    const moved = await campaignAction(t.app, owner, projectId, id, 'goOnline');
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
  }

  /** A live lucky wheel whose prizes never run out in these tests. */
  async function liveWheel(chances: Record<string, number>) {
    const config = {
      ...withTimes(wheel, start()),
      prizes: [prize('gold', { odds: 50, stock: 10_000 }), THANKS],
      chances,
    };
    const created = await createCampaign(t.app, owner, projectId, { mark: 'lucky-wheel', config });
    await goOnline(created.id);
    return created.id;
  }

  /** A daily sub-activity bound to `parentId` (its own `dailyChances` dropped unless given). */
  function subConfig(
    mark: 'daily-lottery' | 'daily-blind-box',
    parentId: string,
    fields: Record<string, unknown>,
  ) {
    const base = mark === 'daily-lottery' ? lottery : blindBox;
    const config: Record<string, unknown> = {
      ...withTimes(base, start()),
      boundCampaignId: parentId,
      prizes: [prize('coupon', { odds: 50, stock: 10_000 }), THANKS],
      ...fields,
    };
    if (fields.dailyChances === undefined) delete config.dailyChances;
    return config;
  }

  async function liveSub(
    parentId: string,
    fields: Record<string, unknown>,
    mark: 'daily-lottery' | 'daily-blind-box' = 'daily-lottery',
  ) {
    const created = await createCampaign(t.app, owner, projectId, {
      kind: 'sub-activity',
      mark,
      parentId,
      config: subConfig(mark, parentId, fields),
    });
    await goOnline(created.id);
    return created.id;
  }

  async function entryOf(campaignId: string, userId: string) {
    return t.app.ctx.db
      .selectFrom('play_entries as e')
      .innerJoin('participants as p', 'p.id', 'e.participant_id')
      .select(['e.pool_used', 'e.daily_used', 'e.daily_period', 'e.actions', 'e.granted'])
      .where('e.campaign_id', '=', campaignId)
      .where('p.user_id', '=', userId)
      .executeTakeFirst();
  }

  async function drawsOf(campaignId: string) {
    return t.app.ctx.db
      .selectFrom('play_actions')
      .select(['participant_id', 'chance_bucket'])
      .where('campaign_id', '=', campaignId)
      .where('action', '=', 'draw')
      .execute();
  }

  it(`spends the parent's chances: draws in the parent and the lottery at once never exceed its 3 (${SERVERS_UNDER_TEST})`, async () => {
    const parent = await liveWheel({ initialCount: 3, dailyFree: 0 });
    const sub = await liveSub(parent, { chanceSource: 'parent' });

    // One draw in the lottery: the parent's pool goes from 3 to 2, on both pages.
    const ann = await signedSession(t.app, parent, 'ann', secret);
    const before = await playPage<{ me: Me }>(t.app, sub, ann.token);
    expect(before.body.data.me).toMatchObject({ canPlay: true, chances: { left: 3, unlimited: false } });
    const first = await act<{ me: Me }>(t.app, sub, ann.token, 'draw');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data.me.chances).toMatchObject({ left: 2, poolLeft: 2 });
    expect((await playPage<{ me: Me }>(t.app, parent, ann.token)).body.data.me.chances?.left).toBe(2);
    expect(await entryOf(parent, 'ann')).toMatchObject({ pool_used: 1, actions: 0 });
    // The lottery's own entry counts the draw but spends nothing of its own.
    expect(await entryOf(sub, 'ann')).toMatchObject({ pool_used: 0, daily_used: 0, actions: 1 });

    // Now at once, from several participants, alternating parent and lottery and servers.
    const { servers, close } = await appServers(t);
    try {
      const users = ['bob', 'cid', 'dee'];
      const sessions = await Promise.all(users.map((u) => signedSession(t.app, sub, u, secret)));
      const attempts = sessions.flatMap((s, n) =>
        Array.from({ length: 8 }, (_, i) => ({ token: s.token, campaign: i % 2 === 0 ? sub : parent, n, i })),
      );
      const answers = await Promise.all(
        attempts.map(({ token, campaign, n, i }) =>
          act(servers[(n + i) % servers.length], campaign, token, 'draw', { lang: 'en' }),
        ),
      );
      for (const answer of answers) {
        expect([200, 409], JSON.stringify(answer.body)).toContain(answer.status);
        if (answer.status === 409) expect(answer.body.data.error).toBe('play.noChances');
      }
      for (const [n, user] of users.entries()) {
        const mine = answers.filter((_, k) => attempts[k].n === n && answers[k].status === 200);
        expect(mine, user).toHaveLength(3);
        expect(await entryOf(parent, user), user).toMatchObject({ pool_used: 3 });
        expect((await entryOf(sub, user))?.pool_used, user).toBe(0);
      }
      // Rows agree: 3 draws per participant across both campaigns, never more (ann drew once).
      const rows = [...(await drawsOf(parent)), ...(await drawsOf(sub))];
      const perParticipant = new Map<string, number>();
      for (const row of rows)
        perParticipant.set(row.participant_id, (perParticipant.get(row.participant_id) ?? 0) + 1);
      expect([...perParticipant.values()].sort()).toEqual([1, 3, 3, 3]);
      expect(rows.every((r) => r.chance_bucket === 'pool')).toBe(true);
      // The lottery's page shows none left; another draw is refused.
      const page = await playPage<{ me: Me }>(t.app, sub, sessions[0].token);
      expect(page.body.data.me).toMatchObject({ canPlay: false, reason: 'noChances', chances: { left: 0 } });
      const refused = await act(t.app, sub, sessions[0].token, 'draw');
      expect(refused.status).toBe(409);
      expect(refused.body.data.error).toBe('play.noChances');
    } finally {
      await close();
    }
  });

  it("spends the parent's daily free chances of its day first, then its pool; a repeated key spends nothing", async () => {
    const parent = await liveWheel({ initialCount: 1, dailyFree: 1 });
    const box = await liveSub(parent, { chanceSource: 'parent' }, 'daily-blind-box');
    const eve = await signedSession(t.app, box, 'eve', secret);
    const first = await act<{ me: Me }>(t.app, box, eve.token, 'draw', { key: 'eve-1' });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data.me.chances).toMatchObject({ left: 1, dailyLeft: 0, poolLeft: 1 });
    const again = await act<{ me: Me }>(t.app, box, eve.token, 'draw', { key: 'eve-1' });
    expect(again.status).toBe(200);
    expect(again.body.data.me.chances?.left).toBe(1);
    expect(await entryOf(parent, 'eve')).toMatchObject({ daily_used: 1, pool_used: 0 });
    expect((await act(t.app, box, eve.token, 'draw')).status).toBe(200);
    expect(await entryOf(parent, 'eve')).toMatchObject({ daily_used: 1, pool_used: 1 });
    expect((await drawsOf(box)).map((r) => r.chance_bucket)).toEqual(
      expect.arrayContaining(['daily', 'pool']),
    );
    expect((await act(t.app, box, eve.token, 'draw')).body.data.error).toBe('play.noChances');
    expect((await act(t.app, parent, eve.token, 'draw')).body.data.error).toBe('play.noChances');
  });

  it("admits only the parent's participants when configured, with a localized refusal", async () => {
    const parent = await liveWheel({ initialCount: 3, dailyFree: 0 });
    const own = await liveSub(parent, { dailyChances: 2, parentParticipantsOnly: true });
    const shared = await liveSub(parent, { chanceSource: 'parent', parentParticipantsOnly: true });

    // Someone who only ever opened the sub-activities.
    const stranger = await signedSession(t.app, own, 'stranger', secret);
    for (const id of [own, shared]) {
      const zh = await act(t.app, id, stranger.token, 'draw');
      expect(zh.status, JSON.stringify(zh.body)).toBe(403);
      expect(zh.body.data.error).toBe('play.parentOnly');
      expect(zh.body.msg).toBe('仅主活动的参与者可参与本活动，请先参与主活动');
      const en = await act(t.app, id, stranger.token, 'draw', { lang: 'en' });
      expect(en.status).toBe(403);
      expect(en.body.msg).toBe(
        'Only participants of the main campaign can take part here: open the main campaign first',
      );
    }
    // Refused without an entry in the parent being made for them, and nothing spent.
    expect(await entryOf(parent, 'stranger')).toBeUndefined();
    expect(await entryOf(own, 'stranger')).toMatchObject({ actions: 0, daily_used: 0 });

    // Once they open the parent, both let them draw: the own one from its daily chances.
    await signedSession(t.app, parent, 'stranger', secret);
    const ownDraw = await act<{ me: Me }>(t.app, own, stranger.token, 'draw');
    expect(ownDraw.status, JSON.stringify(ownDraw.body)).toBe(200);
    expect(ownDraw.body.data.me.chances).toMatchObject({ left: 1, dailyLeft: 1 });
    expect(await entryOf(parent, 'stranger')).toMatchObject({ pool_used: 0 });
    const sharedDraw = await act<{ me: Me }>(t.app, shared, stranger.token, 'draw');
    expect(sharedDraw.status, JSON.stringify(sharedDraw.body)).toBe(200);
    expect(sharedDraw.body.data.me.chances?.left).toBe(2);

    // Without the switch, a newcomer's entry in the parent is made on first sight.
    const open = await liveSub(parent, { chanceSource: 'parent' });
    const newcomer = await signedSession(t.app, open, 'newcomer', secret);
    expect((await act(t.app, open, newcomer.token, 'draw')).status).toBe(200);
    expect(await entryOf(parent, 'newcomer')).toMatchObject({ pool_used: 1, actions: 0 });
  });

  it('refuses a save whose bound campaign is missing, of another project or without chances', async () => {
    const parent = await liveWheel({ initialCount: 3, dailyFree: 0 });
    const save = (body: Record<string, unknown>, lang: 'en' | 'zh-cn' = 'en') =>
      call<CampaignView & ErrorData>(t.app, 'POST', '/api/campaigns', {
        token: owner.token,
        projectId,
        lang,
        body: { area: 'growth', kind: 'sub-activity', mark: 'daily-lottery', ...body },
      });
    const errorsOf = (answer: Awaited<ReturnType<typeof save>>) =>
      (answer.body.data as ErrorData).errors ?? [];

    // No bound campaign at all.
    const unbound = subConfig('daily-lottery', parent, { chanceSource: 'parent' });
    delete unbound.boundCampaignId;
    const none = await save({ config: unbound });
    expect(none.status, JSON.stringify(none.body)).toBe(400);
    expect((none.body.data as ErrorData).error).toBe('campaign.chanceParentInvalid');
    expect(errorsOf(none)).toEqual([
      {
        path: '/boundCampaignId',
        message: "To use the bound campaign's chances, bind a campaign of this project that has chances",
      },
    ]);
    const zh = await save({ config: unbound }, 'zh-cn');
    expect(errorsOf(zh)[0].message).toBe('使用绑定活动的次数时，请绑定本项目中有参与次数的活动');

    // A campaign that does not exist, or of another project.
    const otherProject = await createProject(t.app, owner, 'Elsewhere', 'elsewhere');
    const foreign = await createCampaign(t.app, owner, otherProject, {
      mark: 'lucky-wheel',
      config: { ...withTimes(wheel, start()), chances: { initialCount: 3, dailyFree: 0 } },
    });
    for (const id of ['no-such-campaign', foreign.id]) {
      const answer = await save({ config: subConfig('daily-lottery', id, { chanceSource: 'parent' }) });
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      expect((answer.body.data as ErrorData).error).toBe('campaign.parentInvalid');
      expect(errorsOf(answer).map((e) => e.path)).toEqual(['/boundCampaignId']);
    }

    // A campaign whose mechanic has no chances (a sign-in calendar).
    const signIn = await createCampaign(t.app, owner, projectId, {
      mark: 'daily-sign-in',
      config: withTimes(await templateConfig(t.app, 'gameplay', 'daily-sign-in', 'seven-days'), start()),
    });
    const noChances = await save({
      parentId: signIn.id,
      config: subConfig('daily-lottery', signIn.id, { chanceSource: 'parent' }),
    });
    expect(noChances.status, JSON.stringify(noChances.body)).toBe(400);
    expect((noChances.body.data as ErrorData).error).toBe('campaign.chanceParentInvalid');
    // Its own chances need no parent with chances, but then need dailyChances.
    const ownChances = await save({
      parentId: signIn.id,
      config: subConfig('daily-lottery', signIn.id, { chanceSource: 'own', dailyChances: 1 }),
    });
    expect(ownChances.status, JSON.stringify(ownChances.body)).toBe(200);
    const noDaily = await save({ config: subConfig('daily-lottery', parent, { chanceSource: 'own' }) });
    expect(noDaily.status).toBe(400);
    expect(errorsOf(noDaily).map((e) => e.path)).toContain('/dailyChances');

    // An edit that moves a parent-sourced lottery onto the sign-in is refused too.
    const good = await createCampaign(t.app, owner, projectId, {
      kind: 'sub-activity',
      mark: 'daily-lottery',
      parentId: parent,
      config: subConfig('daily-lottery', parent, { chanceSource: 'parent' }),
    });
    const moved = await call<ErrorData>(t.app, 'PUT', `/api/campaigns/${good.id}`, {
      token: owner.token,
      projectId,
      lang: 'en',
      body: { config: { ...good.config, boundCampaignId: signIn.id } },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(400);
    expect(moved.body.data.error).toBe('campaign.chanceParentInvalid');
  });
});
