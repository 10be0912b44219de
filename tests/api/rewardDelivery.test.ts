import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { createHmac } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { appServers, createTestApp, SERVERS_UNDER_TEST, type TestApp } from './helpers/testApp';
import { RETRY_BACKOFF_MS, webhookId } from '../../src/server/play/delivery/rewardDelivery';
import { DELIVERIES_PER_HOST } from '../../src/server/play/delivery/planDeliveries';
import { call } from './helpers/api';
import { addMember, createProject, signUpOwner, type SignedIn } from './helpers/accounts';
import { campaignAction, createCampaign, templateConfig, withTimes } from './helpers/campaigns';
import { act, apiSecretOf, signedSession } from './helpers/play';

const HOUR = 3_600_000;

interface Received {
  body: string;
  headers: IncomingHttpHeaders;
}

/** A loopback receiver that answers from a script: one answer per request, the last repeats. */
async function receiver(answers: { status: number; body: string }[]) {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      received.push({ body, headers: req.headers });
      const answer = answers[Math.min(received.length - 1, answers.length - 1)];
      res.writeHead(answer.status, { 'content-type': 'text/plain' }).end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    received,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/reward`,
    close: () => server.close(),
  };
}

/**
 * A loopback receiver that answers 200 and a first byte at once, then drips a byte a second and
 * holds the answer's end until the test lets it go (the sender cuts it off at its deadline).
 * `open` counts requests received and not yet answered in full: the sender's sends in flight.
 * `failFirst`: the first request of each message id is answered 500 at once; `hold: false`
 * answers `success` at once.
 */
async function holdingReceiver({ failFirst = false, hold = true } = {}) {
  const state = { ids: [] as string[], held: [] as ServerResponse[], open: 0, maxOpen: 0, cut: 0 };
  let letGo = !hold;
  const answer = (res: ServerResponse) => {
    state.open--;
    res.end('success');
  };
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const id = String(req.headers['webhook-id']);
      const first = !state.ids.includes(id);
      state.ids.push(id);
      if (failFirst && first) return void res.writeHead(500).end('busy');
      state.open++;
      state.maxOpen = Math.max(state.maxOpen, state.open);
      res.writeHead(200, { 'content-type': 'text/plain' }).write(' ');
      if (letGo) return answer(res);
      state.held.push(res);
      const drip = setInterval(() => res.write(' '), 1000);
      res.on('close', () => {
        clearInterval(drip);
        if (res.writableEnded) return;
        // Closed by the sender before the answer's end: cut off at its deadline.
        state.cut++;
        state.open--;
        state.held.splice(state.held.indexOf(res), 1);
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    state,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/reward`,
    /** Ends the oldest held answer with `success`. */
    releaseOne: () => answer(state.held.shift()!),
    /** Ends every held answer, and answers the next requests at once. */
    letGo() {
      letGo = true;
      while (state.held.length) answer(state.held.shift()!);
    },
    close() {
      server.closeAllConnections();
      server.close();
    },
  };
}

interface RewardDetail {
  awardStatus: string;
  statusDetail: string | null;
  attempts: number;
  deliveries: {
    state: string;
    attempts: { attempt: number; httpStatus: number | null; answer: string | null }[];
  }[];
}

describe('reward delivery: signed callbacks from the outbox, retries, reissue, manual award', () => {
  let t: TestApp;
  let owner: SignedIn;
  let projectId: string;
  let secret: string;
  let wheel: Record<string, unknown>;
  const closers: (() => void)[] = [];

  beforeAll(async () => {
    process.env.ALLOW_PRIVATE_CALLBACKS = '1';
    t = await createTestApp();
    owner = await signUpOwner(t.app, 'delivery@example.com');
    projectId = await createProject(t.app, owner, 'Delivery', 'delivery');
    secret = await apiSecretOf(t.app, projectId);
    wheel = await templateConfig(t.app, 'gameplay', 'lucky-wheel', 'classic');
  });
  afterEach(() => {
    process.env.ALLOW_PRIVATE_CALLBACKS = '1';
    while (closers.length) closers.pop()?.();
  });
  afterAll(async () => {
    delete process.env.ALLOW_PRIVATE_CALLBACKS;
    await t.close();
  });

  /**
   * A live campaign whose only prize is delivered by callback to `url`; `players` participants
   * win it. Answers the reward ids once the draws are committed, without waiting for the sends.
   */
  async function drawRewards(url: string, players = 1, fields: Record<string, unknown> = {}) {
    const config = {
      ...withTimes(wheel, new Date(t.clock.now().getTime() - HOUR)),
      prizes: [
        {
          id: 'vip',
          name: { 'zh-CN': '会员', 'en-US': 'Membership' },
          deliveryType: 'callback',
          callbackUrl: url,
          keys: [{ key: 'sku', value: 'vip-30d' }],
          odds: 100,
          unlimitedStock: true,
          isThank: false,
          ...fields,
        },
      ],
      chances: { initialCount: 1, dailyFree: 0 },
    };
    const created = await createCampaign(t.app, owner, projectId, { mark: 'lucky-wheel', config });
    await campaignAction(t.app, owner, projectId, created.id, 'goOnline');
    const rewardIds: string[] = [];
    for (let i = 0; i < players; i++) {
      const session = await signedSession(t.app, created.id, `winner-${i}-${created.id}`, secret);
      const drawn = await act<{ result: { rewardId: string } }>(t.app, created.id, session.token, 'draw');
      expect(drawn.status, JSON.stringify(drawn.body)).toBe(200);
      rewardIds.push(drawn.body.data.result.rewardId);
    }
    return rewardIds;
  }

  /** One participant wins a callback prize to `url`; answers once its first send has finished. */
  async function win(url: string, fields: Record<string, unknown> = {}) {
    const [rewardId] = await drawRewards(url, 1, fields);
    await t.app.rewardDelivery?.idle();
    return rewardId;
  }

  const detail = async (id: string, lang: 'en' | 'zh-cn' = 'en') =>
    (await call<RewardDetail>(t.app, 'GET', `/api/rewards/${id}`, { token: owner.token, projectId, lang }))
      .body.data;

  /** Moves the clock past the next retry and lets the scheduler wake the sender. */
  async function nextRetry(ms: number) {
    t.clock.advance(ms);
    await t.app.scheduler.runDueJobs(t.clock.now());
    await new Promise((resolve) => setImmediate(resolve));
    await t.app.rewardDelivery?.idle();
  }

  it('sends nothing for a reward on hold, retries included, until an operator releases it (audited)', async () => {
    const r = await receiver([
      { status: 500, body: 'boom' },
      { status: 200, body: 'success' },
    ]);
    closers.push(r.close);
    const rewardId = await win(r.url);
    expect(r.received).toHaveLength(1);
    const campaignId = (
      await t.app.ctx.db
        .selectFrom('reward_records')
        .select('campaign_id')
        .where('id', '=', rewardId)
        .executeTakeFirstOrThrow()
    ).campaign_id;
    const move = (what: 'hold' | 'release') =>
      call(t.app, 'POST', `/api/campaigns/${campaignId}/rewards/${rewardId}/${what}`, {
        token: owner.token,
        projectId,
        lang: 'en',
      });
    expect((await move('hold')).status).toBe(200);
    // The retry falls due: nothing is sent while the reward is held.
    await nextRetry(RETRY_BACKOFF_MS[0] + 1000);
    await nextRetry(RETRY_BACKOFF_MS[1] + 1000);
    expect(r.received).toHaveLength(1);
    expect((await detail(rewardId)).awardStatus).toBe('pending');
    const released = await move('release');
    expect(released.status).toBe(200);
    await new Promise((resolve) => setImmediate(resolve));
    await t.app.rewardDelivery?.idle();
    expect(r.received).toHaveLength(2);
    expect((await detail(rewardId)).awardStatus).toBe('success');
    // Holding a delivered reward is refused; releasing one not held too.
    const again = await move('hold');
    expect(again.status).toBe(409);
    expect((again.body as { msg: string }).msg).toContain('still waiting');
    expect((await move('release')).status).toBe(409);
    const audit = await t.app.ctx.db
      .selectFrom('risk_audit')
      .select(['action', 'subject'])
      .where('campaign_id', '=', campaignId)
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { action: 'reward.hold', subject: rewardId },
      { action: 'reward.release', subject: rewardId },
    ]);
  });

  it('sends a signed body after the commit, retries by the scheduler with backoff, and succeeds on the third try', async () => {
    const r = await receiver([
      { status: 500, body: 'boom' },
      { status: 200, body: 'ok' },
      { status: 200, body: ' success\n' },
    ]);
    closers.push(r.close);
    const rewardId = await win(r.url);
    expect(r.received).toHaveLength(1);
    let record = await detail(rewardId);
    expect(record.awardStatus).toBe('pending');
    expect(record.statusDetail).toBe(
      'Callback API abnormal: answered HTTP 500 "boom"; the expected answer is success',
    );

    await nextRetry(29_000); // not due yet
    expect(r.received).toHaveLength(1);
    await nextRetry(1_000);
    expect(r.received).toHaveLength(2);
    record = await detail(rewardId, 'zh-cn');
    expect(record.statusDetail).toBe('回调接口异常：返回 HTTP 200 "ok"，应返回 success');
    await nextRetry(120_000);
    expect(r.received).toHaveLength(3);
    record = await detail(rewardId);
    expect(record).toMatchObject({ awardStatus: 'success', statusDetail: null, attempts: 3 });
    expect(record.deliveries[0].attempts.map((a) => a.httpStatus)).toEqual([500, 200, 200]);

    // Every attempt carried the same bytes and message id, verifiable by the Standard Webhooks rule.
    const bodies = new Set(r.received.map((x) => x.body));
    expect(bodies.size).toBe(1);
    const last = r.received[2];
    const headers = last.headers as Record<string, string>;
    // The rule itself: base64 HMAC-SHA256, keyed by the secret's bytes, over "id.timestamp.body".
    const expected = createHmac('sha256', Buffer.from(secret, 'base64'))
      .update(`${headers['webhook-id']}.${headers['webhook-timestamp']}.${last.body}`)
      .digest('base64');
    expect(headers['webhook-signature']).toBe(`v1,${expected}`);
    // And the Standard Webhooks library a receiver would use (its clock at the send time).
    vi.useFakeTimers({ now: t.clock.now(), toFake: ['Date'] });
    try {
      const payload = new Webhook(secret).verify(last.body, headers);
      expect(payload).toMatchObject({
        type: 'reward.issued',
        rewardId,
        data: { sku: 'vip-30d' },
        user: { id: expect.any(String) },
      });
      const wrong = new Webhook(Buffer.from('another secret of 32 bytes......').toString('base64'));
      expect(() => wrong.verify(last.body, headers)).toThrow();
    } finally {
      vi.useRealTimers();
    }
    expect(new Set(r.received.map((x) => x.headers['webhook-id']))).toEqual(new Set([`msg_${rewardId}`]));
  });

  it('gives up after the last try (failure), and a reissue turns the record reissued', async () => {
    const answers = [{ status: 200, body: 'nope' }];
    const r = await receiver(answers);
    closers.push(r.close);
    const rewardId = await win(r.url);
    for (const wait of [30_000, 120_000, 600_000, 3_600_000]) await nextRetry(wait);
    expect(r.received).toHaveLength(5);
    let record = await detail(rewardId);
    expect(record).toMatchObject({ awardStatus: 'failure', attempts: 5 });
    await nextRetry(24 * HOUR); // nothing more is sent
    expect(r.received).toHaveLength(5);

    const award = await call(t.app, 'POST', `/api/rewards/${rewardId}/award`, {
      token: owner.token,
      projectId,
      lang: 'en',
    });
    expect(award.status).toBe(409);
    answers.push({ status: 200, body: '{"code":0}' });
    const reissued = await call<RewardDetail>(t.app, 'POST', `/api/rewards/${rewardId}/reissue`, {
      token: owner.token,
      projectId,
    });
    expect(reissued.status, JSON.stringify(reissued.body)).toBe(200);
    expect(reissued.body.data).toMatchObject({ awardStatus: 'reissued', attempts: 6 });
    expect(reissued.body.data.deliveries.map((d) => d.state)).toEqual(['failure', 'success']);
    expect(r.received[5].headers['webhook-id']).toBe(`msg_${rewardId}`);
    const again = await call(t.app, 'POST', `/api/rewards/${rewardId}/reissue`, {
      token: owner.token,
      projectId,
    });
    expect(again.status).toBe(409);
    record = await detail(rewardId);
    expect(record.awardStatus).toBe('reissued');
  });

  it('refuses a callback host that is not public at send time', async () => {
    const r = await receiver([{ status: 500, body: 'down' }]);
    closers.push(r.close);
    const rewardId = await win(r.url); // saved and first sent while private addresses were allowed
    expect(r.received).toHaveLength(1);
    delete process.env.ALLOW_PRIVATE_CALLBACKS;
    await nextRetry(30_000);
    expect(r.received).toHaveLength(1);
    const record = await detail(rewardId);
    expect(record.statusDetail).toMatch(/^The callback address is not a public address/);
    expect(record.deliveries[0].attempts).toHaveLength(2);
  });

  it('marks customer-service rewards awarded by hand, once, and keeps members of other projects out', async () => {
    const config = {
      ...withTimes(wheel, new Date(t.clock.now().getTime() - HOUR)),
      prizes: [
        {
          id: 'tv',
          name: { 'zh-CN': '电视', 'en-US': 'TV' },
          deliveryType: 'customer-service',
          contactInfo: 'WeChat: gc-service',
          odds: 100,
          stock: 3,
          isThank: false,
        },
      ],
      chances: { initialCount: 1, dailyFree: 0 },
    };
    const created = await createCampaign(t.app, owner, projectId, { mark: 'lucky-wheel', config });
    await campaignAction(t.app, owner, projectId, created.id, 'goOnline');
    const s = await signedSession(t.app, created.id, 'tv-winner', secret);
    const drawn = await act<{
      result: { rewardId: string; reward: { awardStatus: string; contactInfo: string } };
    }>(t.app, created.id, s.token, 'draw');
    expect(drawn.body.data.result.reward).toMatchObject({
      awardStatus: 'pending',
      contactInfo: 'WeChat: gc-service',
    });
    const rewardId = drawn.body.data.result.rewardId;

    const list = await call<{ items: { id: string; awardStatus: string }[]; total: number }>(
      t.app,
      'GET',
      `/api/rewards?campaignId=${created.id}&status=pending`,
      { token: owner.token, projectId },
    );
    expect(list.body.data.items.map((i) => i.id)).toEqual([rewardId]);

    const other = await createProject(t.app, owner, 'Elsewhere', 'elsewhere');
    const outsider = await addMember(t.app, owner, 'outsider@example.com', 'operator', [
      { projectId: other, permission: 'edit' },
    ]);
    const refused = await call(t.app, 'POST', `/api/rewards/${rewardId}/award`, {
      token: outsider.token,
      projectId,
    });
    expect(refused.status).toBe(403);
    const wrongProject = await call(t.app, 'GET', `/api/rewards/${rewardId}`, {
      token: owner.token,
      projectId: other,
    });
    expect(wrongProject.status).toBe(404);

    const awarded = await call<RewardDetail & { awardedBy: { name: string } }>(
      t.app,
      'POST',
      `/api/rewards/${rewardId}/award`,
      { token: owner.token, projectId },
    );
    expect(awarded.status).toBe(200);
    expect(awarded.body.data.awardStatus).toBe('manual');
    expect(awarded.body.data.awardedBy).toMatchObject({ name: expect.any(String) });
    expect(
      (await call(t.app, 'POST', `/api/rewards/${rewardId}/award`, { token: owner.token, projectId })).status,
    ).toBe(409);

    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/rewards/export?campaignId=${created.id}`,
      headers: { authorization: `Bearer ${owner.token}`, 'x-project-id': projectId, 'x-lang': 'en' },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toContain('output.csv');
    expect(csv.body).toContain('Manual award');
  });

  const statuses = (rewardIds: string[]) =>
    Promise.all(rewardIds.map(async (id) => (await detail(id)).awardStatus));
  const messageIds = (rewardIds: string[]) => rewardIds.map(webhookId).sort();

  it('a receiver that drips its answer holds only its own rewards: another host gets its rewards meanwhile', async () => {
    const slow = await holdingReceiver();
    closers.push(() => slow.close());
    const fast = await receiver([{ status: 200, body: 'success' }]);
    closers.push(fast.close);
    const [held] = await drawRewards(slow.url);
    await expect.poll(() => slow.state.open).toBe(1);
    const quick = await drawRewards(fast.url, 3);
    // Every reward of the other host is delivered while the first send still drips, well before
    // its deadline (a sender that sends one after another cuts it off first) ...
    await expect.poll(() => statuses(quick)).toEqual(['success', 'success', 'success']);
    expect(slow.state).toMatchObject({ open: 1, cut: 0 });
    expect(fast.received).toHaveLength(3);
    // ... and that send ends when its receiver answers.
    slow.letGo();
    await t.app.rewardDelivery?.idle();
    expect(await statuses([held])).toEqual(['success']);
  });

  it(`${SERVERS_UNDER_TEST}, every server sending the same due retries: each is received once, while a slow receiver holds its sends`, async () => {
    const { servers, close } = await appServers(t);
    try {
      // Every first attempt fails at once, so that the retries fall due together on every server.
      const slow = await holdingReceiver({ failFirst: true });
      closers.push(() => slow.close());
      const fast = await holdingReceiver({ failFirst: true, hold: false });
      closers.push(() => fast.close());
      const slowRewards = await drawRewards(slow.url, 4);
      const fastRewards = await drawRewards(fast.url, 4);
      await t.app.rewardDelivery?.idle();
      expect(await statuses([...slowRewards, ...fastRewards])).toEqual(Array(8).fill('pending'));

      t.clock.advance(RETRY_BACKOFF_MS[0]);
      for (const server of servers) server.rewardDelivery?.kick();
      await expect.poll(() => statuses(fastRewards)).toEqual(Array(4).fill('success'));
      expect(slow.state.cut).toBe(0);
      expect(slow.state.open).toBeGreaterThan(0);
      slow.letGo();
      await expect.poll(() => statuses(slowRewards)).toEqual(Array(4).fill('success'));
      for (const server of servers) await server.rewardDelivery?.idle();
      // Each message twice: the failed first attempt and one retry, whichever server claimed it.
      const twice = (rewardIds: string[]) => [...messageIds(rewardIds), ...messageIds(rewardIds)].sort();
      expect(slow.state.ids.sort()).toEqual(twice(slowRewards));
      expect(fast.state.ids.sort()).toEqual(twice(fastRewards));
      for (const id of [...slowRewards, ...fastRewards]) expect((await detail(id)).attempts).toBe(2);
    } finally {
      await close();
    }
  });

  it(`sends at most ${DELIVERIES_PER_HOST} callbacks at once to one host, and the next as one ends`, async () => {
    const slow = await holdingReceiver();
    closers.push(() => slow.close());
    const rewardIds = await drawRewards(slow.url, 5);
    for (let left = rewardIds.length; left > 0; left--) {
      await expect.poll(() => slow.state.held.length).toBe(Math.min(DELIVERIES_PER_HOST, left));
      slow.releaseOne();
    }
    await t.app.rewardDelivery?.idle();
    expect(slow.state).toMatchObject({ maxOpen: DELIVERIES_PER_HOST, open: 0, cut: 0 });
    expect(await statuses(rewardIds)).toEqual(rewardIds.map(() => 'success'));
    expect(slow.state.ids.sort()).toEqual(messageIds(rewardIds));
  });
});
