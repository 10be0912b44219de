import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { createTestApp, type TestApp, SERVERS_UNDER_TEST } from './helpers/testApp';
import { call, countRows } from './helpers/api';
import { createProject, signUpOwner, type SignedIn } from './helpers/accounts';
import { campaignAction, createCampaign, templateConfig, withTimes } from './helpers/campaigns';
import { act, apiSecretOf, playPage, signHandoff, signedSession } from './helpers/play';

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

interface DrawResult {
  result: {
    prize: { id: string | null; isThank: boolean };
    rewardId: string | null;
    reward: { id: string; awardStatus: string } | null;
  };
  me: {
    chances: { left: number; unlimited: boolean };
    canPlay: boolean;
    reason: string | null;
    rewards: unknown[];
  };
}

describe('participant API: sessions, draws, chances, rewards', () => {
  let t: TestApp;
  let owner: SignedIn;
  let projectId: string;
  let secret: string;
  let wheel: Record<string, unknown>;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUpOwner(t.app, 'play@example.com');
    projectId = await createProject(t.app, owner, 'Play', 'play');
    secret = await apiSecretOf(t.app, projectId);
    wheel = await templateConfig(t.app, 'gameplay', 'lucky-wheel', 'classic');
  });
  afterAll(async () => t.close());

  async function liveWheel(fields: Record<string, unknown> = {}, action: string | null = 'goOnline') {
    const config = { ...withTimes(wheel, new Date(t.clock.now().getTime() - HOUR)), ...fields };
    const created = await createCampaign(t.app, owner, projectId, { mark: 'lucky-wheel', config });
    if (action) {
      const moved = await campaignAction(t.app, owner, projectId, created.id, action);
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    }
    return created.id;
  }

  it('opens sessions by signed hand-off and refuses forged, expired, distant and reused signatures', async () => {
    const id = await liveWheel();
    const now = Math.floor(t.clock.now().getTime() / 1000);
    const open = (body: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/api/play/v1/sessions', payload: { campaignId: id, ...body } });
    const exp = now + 600;
    const sig = signHandoff(secret, id, 'alice', exp);
    const first = await open({ userId: 'alice', exp, sig });
    expect(first.statusCode).toBe(200);
    expect(first.json().data.participant).toMatchObject({ userId: 'alice', anonymous: false });
    expect(first.json().data.participant.code).toMatch(/^[2-9A-Z]{8}$/);

    const refused = [
      await open({ userId: 'alice', exp, sig }), // reused
      await open({ userId: 'mallory', exp, sig }), // forged: signed for someone else
      await open({ userId: 'bob', exp: now - 1, sig: signHandoff(secret, id, 'bob', now - 1) }), // expired
      await open({
        userId: 'bob',
        exp: now + 25 * 3600,
        sig: signHandoff(secret, id, 'bob', now + 25 * 3600),
      }),
      await open({ userId: 'bob', exp, sig: signHandoff('not-the-secret', id, 'bob', exp) }),
      await open({ userId: 'bob' }), // an unsigned claim
    ];
    for (const answer of refused) {
      expect(answer.statusCode, answer.body).toBe(401);
      expect(answer.json().data.error).toBe('play.unauthorized');
    }
    const en = await t.app.inject({
      method: 'POST',
      url: '/api/play/v1/sessions',
      headers: { 'x-lang': 'en' },
      payload: { campaignId: id, userId: 'alice', exp, sig },
    });
    expect(en.json().msg).toMatch(/invalid or has expired/);

    // The same person again (a new hand-off) is the same participant.
    const again = await signedSession(t.app, id, 'alice', secret);
    expect(again.participant.code).toBe(first.json().data.participant.code);
  });

  it('shows the page model with chances and spends them one per draw; a repeated key changes nothing', async () => {
    const id = await liveWheel({
      prizes: [prize('gold', { odds: 100, stock: 1000 }), THANKS],
      chances: { initialCount: 2, dailyFree: 0 },
    });
    const anonymousView = await playPage<{ campaign: Record<string, unknown>; me: Record<string, unknown> }>(
      t.app,
      id,
    );
    expect(anonymousView.status).toBe(200);
    expect(anonymousView.body.data.campaign).toMatchObject({
      id,
      mechanic: 'draw',
      renderer: 'wheel',
      playable: true,
      joinState: 'open',
    });
    expect(anonymousView.body.data.me).toMatchObject({ participant: null, canPlay: false });

    const session = await signedSession(t.app, id, 'carol', secret);
    const view = await playPage<{ me: DrawResult['me'] }>(t.app, id, session.token);
    expect(view.body.data.me).toMatchObject({
      canPlay: true,
      reason: null,
      chances: { left: 2, unlimited: false },
    });

    const first = await act<DrawResult>(t.app, id, session.token, 'draw', { key: 'k-1' });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data.result.prize).toMatchObject({ id: 'gold', isThank: false });
    expect(first.body.data.result.reward).toMatchObject({
      id: first.body.data.result.rewardId,
      awardStatus: 'success',
    });
    expect(first.body.data.me.chances.left).toBe(1);

    const before = await countRows(t.app);
    const repeated = await act<DrawResult>(t.app, id, session.token, 'draw', { key: 'k-1' });
    expect(repeated.status).toBe(200);
    expect(repeated.body.data.result.rewardId).toBe(first.body.data.result.rewardId);
    expect(repeated.body.data.me.chances.left).toBe(1);
    expect(await countRows(t.app)).toEqual(before);

    // The answer names the prize in the page's language.
    const english = await act<DrawResult & { result: { prize: { name: string } } }>(
      t.app,
      id,
      session.token,
      'draw',
      {
        lang: 'en',
        key: 'k-last',
      },
    );
    expect(english.body.data.result.prize.name).toBe('Prize gold');
    // Retrying the draw that spent the last chance answers its result, not "no chances".
    const retried = await act<DrawResult>(t.app, id, session.token, 'draw', { key: 'k-last' });
    expect(retried.status).toBe(200);
    expect(retried.body.data.result.rewardId).toBe(english.body.data.result.rewardId);
    const none = await act(t.app, id, session.token, 'draw', { lang: 'en' });
    expect(none.status).toBe(409);
    expect(none.body.data.error).toBe('play.noChances');
    expect(none.body.msg).toBe('You have no chances left');

    const rewards = await t.app.inject({
      method: 'GET',
      url: `/api/play/v1/campaigns/${id}/rewards`,
      headers: { authorization: `Participant ${session.token}` },
    });
    expect(rewards.json().data.items).toHaveLength(2);

    // Every draw keeps the odds it used and its random value.
    const actions = await t.app.ctx.db
      .selectFrom('play_actions')
      .selectAll()
      .where('campaign_id', '=', id)
      .execute();
    expect(actions).toHaveLength(2);
    for (const row of actions) {
      expect(row.random_value).toBeGreaterThanOrEqual(0);
      expect(row.random_value).toBeLessThan(10_000);
      expect(JSON.parse(row.odds ?? '[]')).toEqual([
        { prizeId: 'gold', hundredths: 10_000 },
        { prizeId: 'thanks', hundredths: 0 },
      ]);
    }
  });

  it('refuses what nobody may do: no session, unknown actions, bad keys, offline and ended campaigns', async () => {
    const id = await liveWheel();
    const session = await signedSession(t.app, id, 'dave', secret);
    expect((await act(t.app, id, undefined, 'draw')).status).toBe(401);
    const unknown = await act(t.app, id, session.token, 'teleport', { lang: 'en' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.data.error).toBe('play.unknownAction');
    const noKey = await t.app.inject({
      method: 'POST',
      url: `/api/play/v1/campaigns/${id}/actions/draw`,
      headers: { authorization: `Participant ${session.token}` },
      payload: {},
    });
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().data.errors[0].path).toBe('/headers/idempotency-key');
    const big = await t.app.inject({
      method: 'POST',
      url: `/api/play/v1/campaigns/${id}/actions/draw`,
      headers: { authorization: `Participant ${session.token}`, 'idempotency-key': 'big' },
      payload: { channel: 'x', filler: 'y'.repeat(20_000) },
    });
    expect(big.statusCode).toBe(413);

    // Another project's session does not open this one's campaigns.
    const otherProject = await createProject(t.app, owner, 'Other', 'other');
    const otherConfig = withTimes(wheel, new Date(t.clock.now().getTime() - HOUR));
    const other = await createCampaign(t.app, owner, otherProject, {
      mark: 'lucky-wheel',
      config: otherConfig,
    });
    await campaignAction(t.app, owner, otherProject, other.id, 'goOnline');
    expect((await act(t.app, other.id, session.token, 'draw')).status).toBe(401);

    await campaignAction(t.app, owner, projectId, id, 'goOffline');
    const offline = await act(t.app, id, session.token, 'draw', { lang: 'en' });
    expect(offline.status).toBe(409);
    expect(offline.body.data.error).toBe('play.offline');

    const endsSoon = withTimes(wheel, new Date(t.clock.now().getTime() - HOUR), 1);
    const ended = (await createCampaign(t.app, owner, projectId, { mark: 'lucky-wheel', config: endsSoon }))
      .id;
    await campaignAction(t.app, owner, projectId, ended, 'goOnline');
    const endedSession = await signedSession(t.app, ended, 'dave', secret);
    t.clock.advance(23.5 * HOUR); // past the end, while the session (24 h) still holds
    try {
      const late = await act(t.app, ended, endedSession.token, 'draw', { lang: 'en' });
      expect(late.status).toBe(409);
      expect(late.body.data.error).toBe('play.ended');
      expect(late.body.msg).toBe('The campaign has ended');
    } finally {
      t.clock.advance(-23.5 * HOUR);
    }
    const draft = await liveWheel({}, null);
    expect((await playPage(t.app, draft)).status).toBe(404);
  });

  it("resolves app tokens through the project's token callback, with SPEC's failure texts", async () => {
    const id = await liveWheel();
    const seen: string[] = [];
    const receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        const { token } = JSON.parse(body) as { token: string };
        seen.push(token);
        res.setHeader('content-type', 'application/json');
        if (token === 'good')
          res.end(JSON.stringify({ code: 0, data: { userId: 'app-user-7', userType: 'vip' } }));
        else if (token === 'broken') res.writeHead(500).end('oops');
        else res.writeHead(401).end('{}');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const port = (receiver.address() as AddressInfo).port;
    const open = (appToken: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/play/v1/sessions',
        headers: { 'x-lang': 'en' },
        payload: { campaignId: id, appToken },
      });
    try {
      const missing = await open('good');
      expect(missing.statusCode).toBe(400);
      expect(missing.json().msg).toMatch(/^Failed to retrieve token/);

      process.env.ALLOW_PRIVATE_CALLBACKS = '1';
      const saved = await call(t.app, 'PUT', '/api/dev-config', {
        token: owner.token,
        projectId,
        body: { tokenCallbackUrl: `http://127.0.0.1:${port}/who`, ipWhitelist: [] },
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      const good = await open('good');
      expect(good.statusCode, good.body).toBe(200);
      expect(good.json().data.participant).toMatchObject({ userId: 'app-user-7', anonymous: false });
      await open('good'); // answered from the short cache
      expect(seen.filter((token) => token === 'good')).toHaveLength(1);
      const participant = await t.app.ctx.db
        .selectFrom('participants')
        .selectAll()
        .where('user_id', '=', 'app-user-7')
        .executeTakeFirstOrThrow();
      expect(participant).toMatchObject({ via: 'token', user_type: 'vip' });

      expect((await open('unknown')).statusCode).toBe(401);
      const broken = await open('broken');
      expect(broken.statusCode).toBe(502);
      expect(broken.json().msg).toBe('Failed to retrieve token: HTTP 500');

      // Without the private-address allowance the loopback callback is refused when called.
      delete process.env.ALLOW_PRIVATE_CALLBACKS;
      const refused = await open('fresh');
      expect(refused.statusCode).toBe(502);
      expect(refused.json().msg).toMatch(
        /not a public address \(ALLOW_PRIVATE_CALLBACKS=1 allows one on a test server\)/,
      );
    } finally {
      delete process.env.ALLOW_PRIVATE_CALLBACKS;
      receiver.close();
    }
  });

  it("resets daily free chances at midnight in the campaign's time zone", async () => {
    // The test clock is 2026-03-01 08:00Z: 16:00 in the template's GMT+08:00.
    const id = await liveWheel({
      prizes: [prize('gold', { odds: 50, unlimitedStock: true }), THANKS],
      chances: { initialCount: 0, dailyFree: 1 },
    });
    const s = await signedSession(t.app, id, 'daily', secret);
    expect((await act(t.app, id, s.token, 'draw')).status).toBe(200);
    expect((await act(t.app, id, s.token, 'draw')).body.data.error).toBe('play.noChances');
    const moved = 7 * HOUR + 59 * 60_000; // 23:59 local, 15:59Z: still the same local day
    t.clock.advance(moved);
    try {
      expect((await act(t.app, id, s.token, 'draw')).status).toBe(409);
      t.clock.advance(2 * 60_000); // 00:01 local on the next day
      const view = await playPage<{ me: DrawResult['me'] }>(t.app, id, s.token);
      expect(view.body.data.me.chances.left).toBe(1);
      expect((await act(t.app, id, s.token, 'draw')).status).toBe(200);
    } finally {
      t.clock.advance(-moved - 2 * 60_000);
    }
  });

  it('lets only whitelisted users play while prereleased, and everyone once online', async () => {
    const id = await liveWheel({ whitelist: { enabled: true, userIds: 'vip1;vip2' } }, 'prerelease');
    const vip = await signedSession(t.app, id, 'vip1', secret);
    const outsider = await signedSession(t.app, id, 'stranger', secret);
    expect((await act(t.app, id, vip.token, 'draw')).status).toBe(200);
    const refused = await act(t.app, id, outsider.token, 'draw');
    expect(refused.status).toBe(403);
    expect(refused.body.data.error).toBe('play.whitelistOnly');
    await campaignAction(t.app, owner, projectId, id, 'goOnline');
    expect((await act(t.app, id, outsider.token, 'draw')).status).toBe(200);
  });

  it('anonymous devices view and share; a download-or-register campaign asks them to sign in first', async () => {
    const id = await liveWheel({
      goal: 'download-register',
      chances: { initialCount: 1, dailyFree: 0, perShare: 1, shareCap: 2 },
    });
    const opened = await t.app.inject({
      method: 'POST',
      url: '/api/play/v1/sessions',
      payload: { campaignId: id, deviceId: 'device-0001-abcdef' },
    });
    expect(opened.statusCode).toBe(200);
    const token = opened.json().data.token as string;
    expect(opened.json().data.participant).toMatchObject({ userId: null, anonymous: true });
    const refused = await act(t.app, id, token, 'draw');
    expect(refused.status).toBe(403);
    expect(refused.body.data.error).toBe('play.loginRequired');
    const shared = await act<{ result: { granted: number } }>(t.app, id, token, 'share', {
      body: { channel: 'wechat' },
    });
    expect(shared.status).toBe(200);

    // Shares earn chances up to the daily cap.
    const user = await signedSession(t.app, id, 'sharer', secret);
    const grants = [];
    for (let i = 0; i < 3; i++) {
      grants.push(
        (
          await act<{ result: { granted: number } }>(t.app, id, user.token, 'share', {
            body: { channel: 'wechat' },
          })
        ).body.data.result.granted,
      );
    }
    expect(grants).toEqual([1, 1, 0]);
    const view = await playPage<{ me: DrawResult['me'] }>(t.app, id, user.token);
    expect(view.body.data.me.chances.left).toBe(3);
  });

  it('holds the per-user maximum, the budget and moves out-of-stock odds to the thank-you prize', async () => {
    const id = await liveWheel({
      prizes: [prize('capped', { odds: 100, unlimitedStock: true, perUserMax: 2 }), THANKS],
      chances: { initialCount: 5, dailyFree: 0 },
    });
    const s = await signedSession(t.app, id, 'erin', secret);
    const won = [];
    for (let i = 0; i < 5; i++)
      won.push((await act<DrawResult>(t.app, id, s.token, 'draw')).body.data.result.prize.id);
    expect(won).toEqual(['capped', 'capped', 'thanks', 'thanks', 'thanks']);

    const budget = await liveWheel({
      prizes: [prize('cash', { odds: 100, unlimitedStock: true, value: 4 }), THANKS],
      chances: { initialCount: 1, dailyFree: 0 },
      budget: { total: 10 },
    });
    const wins = [];
    for (let i = 0; i < 4; i++) {
      const p = await signedSession(t.app, budget, `budget${i}`, secret);
      const answer = await act<DrawResult>(t.app, budget, p.token, 'draw');
      wins.push(answer.status === 200 ? answer.body.data.result.prize.id : answer.body.data.error);
    }
    // 4 + 4 fit in 10; the third would go over, so it is a thank-you; then the budget is not
    // spent out (8 < 10) but nothing more fits.
    expect(wins).toEqual(['cash', 'cash', 'thanks', 'thanks']);
    const spent = await t.app.ctx.db
      .selectFrom('play_budgets')
      .select('spent_micros')
      .where('campaign_id', '=', budget)
      .executeTakeFirstOrThrow();
    expect(Number(spent.spent_micros)).toBe(8_000_000);
  });

  it(`gives 1,000 concurrent HTTP draws by 1,000 participants exactly the stock of a prize (${SERVERS_UNDER_TEST})`, async () => {
    const id = await liveWheel({
      prizes: [prize('rare', { odds: 100, stock: 10 }), THANKS],
      chances: { initialCount: 1, dailyFree: 0 },
    });
    const sessions = await Promise.all(
      Array.from({ length: 1000 }, (_, i) => signedSession(t.app, id, `crowd${i}`, secret)),
    );
    // Real requests over sockets; on PostgreSQL half of them go to a second server on the same
    // database (SQLite is one server's embedded file).
    const servers = [t.app];
    if (t.databaseUrl.startsWith('postgres')) {
      servers.push(
        await buildApp({
          databaseUrl: t.databaseUrl,
          webDir: '/nonexistent',
          now: t.clock.now,
          publicUrl: 'http://console.test',
          schedulerIntervalMs: 0,
        }),
      );
    }
    try {
      const bases: string[] = [];
      // A backlog that holds every connection at once: on a busy machine the default (511) drops
      // the rest's handshakes and fetch gives up connecting after 10 s.
      for (const server of servers) {
        bases.push(await server.listen({ host: '127.0.0.1', port: 0, backlog: 2048 }));
      }
      const answers = await Promise.all(
        sessions.map(async (s, i) => {
          const response = await fetch(
            `${bases[i % bases.length]}/api/play/v1/campaigns/${id}/actions/draw`,
            {
              method: 'POST',
              headers: {
                authorization: `Participant ${s.token}`,
                'idempotency-key': `crowd-${i}`,
                'content-type': 'application/json',
              },
              body: '{}',
            },
          );
          return { status: response.status, body: (await response.json()) as { data: DrawResult } };
        }),
      );
      expect(answers.filter((a) => a.status !== 200)).toEqual([]);
      const rare = answers.filter((a) => a.body.data.result.prize.id === 'rare');
      expect(rare).toHaveLength(10);
      const stock = await t.app.ctx.db
        .selectFrom('play_prize_stock')
        .selectAll()
        .where('campaign_id', '=', id)
        .executeTakeFirstOrThrow();
      expect(stock.issued).toBe(10);
      const records = await t.app.ctx.db
        .selectFrom('reward_records')
        .select('id')
        .where('campaign_id', '=', id)
        .execute();
      expect(records).toHaveLength(10);
      const actions = await t.app.ctx.db
        .selectFrom('play_actions')
        .select('id')
        .where('campaign_id', '=', id)
        .execute();
      expect(actions).toHaveLength(1000);
    } finally {
      if (servers[1]) await servers[1].close();
    }
  }, 300_000);

  it('issues each imported coupon code once, and the prize is out of stock when the codes are gone', async () => {
    const id = await liveWheel({
      prizes: [prize('code', { odds: 100, unlimitedStock: true }), THANKS],
      chances: { initialCount: 1, dailyFree: 0 },
    });
    const imported = await call<{ added: number; duplicates: number }>(
      t.app,
      'POST',
      `/api/campaigns/${id}/coupons`,
      {
        token: owner.token,
        projectId,
        body: { prizeId: 'code', codes: ['AAA-1', 'AAA-2', 'AAA-3', 'AAA-1'] },
      },
    );
    expect(imported.body.data).toMatchObject({ added: 3, duplicates: 1 });
    const again = await call<{ added: number }>(t.app, 'POST', `/api/campaigns/${id}/coupons`, {
      token: owner.token,
      projectId,
      body: { prizeId: 'code', codes: ['AAA-2'] },
    });
    expect(again.body.data.added).toBe(0);
    const unknown = await call(t.app, 'POST', `/api/campaigns/${id}/coupons`, {
      token: owner.token,
      projectId,
      body: { prizeId: 'thanks', codes: ['X'] },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.data).toMatchObject({ errors: [{ path: '/prizeId' }] });

    const sessions = await Promise.all(
      Array.from({ length: 5 }, (_, i) => signedSession(t.app, id, `coupon${i}`, secret)),
    );
    const answers = await Promise.all(
      sessions.map((s) =>
        act<{ result: { prize: { id: string }; reward: { couponCode: string } | null } }>(
          t.app,
          id,
          s.token,
          'draw',
        ),
      ),
    );
    const codes = answers.map((a) => a.body.data.result.reward?.couponCode).filter(Boolean);
    expect(codes.sort()).toEqual(['AAA-1', 'AAA-2', 'AAA-3']);
    expect(answers.filter((a) => a.body.data.result.prize.id === 'thanks')).toHaveLength(2);
    const pools = await call<{ prizeId: string; total: number; issued: number }[]>(
      t.app,
      'GET',
      `/api/campaigns/${id}/coupons`,
      {
        token: owner.token,
        projectId,
      },
    );
    expect(pools.body.data).toEqual([{ prizeId: 'code', total: 3, issued: 3 }]);
  });

  it('lets the winner fill the reward form; the form list shows the submission as submitted', async () => {
    const form = await call<{ id: string }>(t.app, 'POST', '/api/reward-forms', {
      token: owner.token,
      projectId,
      body: {
        title: 'Delivery',
        items: [
          { label: 'Name', type: 'text', required: true },
          { label: 'Phone', type: 'phone', required: true },
        ],
      },
    });
    expect(form.status, JSON.stringify(form.body)).toBe(200);
    const id = await liveWheel({
      prizes: [prize('box', { odds: 100, stock: 5, formId: form.body.data.id }), THANKS],
      chances: { initialCount: 1, dailyFree: 0 },
    });
    const s = await signedSession(t.app, id, 'frank', secret);
    const won = await act<DrawResult & { result: { reward: { form: { state: string } } } }>(
      t.app,
      id,
      s.token,
      'draw',
    );
    expect(won.body.data.result.reward.form.state).toBe('pending');
    const rewardId = won.body.data.result.rewardId as string;
    const submit = (values: Record<string, string>, lang = 'en') =>
      t.app.inject({
        method: 'POST',
        url: `/api/play/v1/campaigns/${id}/rewards/${rewardId}/form`,
        headers: { authorization: `Participant ${s.token}`, 'x-lang': lang },
        payload: { values },
      });
    const bad = await submit({ Name: '', Phone: 'call me' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.errors.map((e: { message: string }) => e.message)).toEqual([
      'This field is required',
      'Please enter a valid phone number',
    ]);
    expect(
      bad
        .json()
        .data.errors.map((e: { path: string }) => e.path)
        .sort(),
    ).toEqual(['/values/Name', '/values/Phone']);
    const good = await submit({ Name: 'Frank', Phone: '+86 138 0000 0000' });
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json().data.reward.form).toMatchObject({ state: 'submitted', values: { Name: 'Frank' } });
    expect((await submit({ Name: 'Again', Phone: '123456' })).statusCode).toBe(409);
    const list = await call<{ items: { state: string; values: Record<string, string> }[] }>(
      t.app,
      'GET',
      `/api/reward-forms/${form.body.data.id}/submissions?state=submitted`,
      { token: owner.token, projectId },
    );
    expect(list.body.data.items).toHaveLength(1);
  });
});
