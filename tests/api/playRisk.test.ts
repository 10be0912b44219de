import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appServers, createTestApp, type TestApp, SERVERS_UNDER_TEST } from './helpers/testApp';
import { call } from './helpers/api';
import { createProject, signUpOwner, type SignedIn } from './helpers/accounts';
import { campaignAction, createCampaign, templateConfig, withTimes } from './helpers/campaigns';
import { act, apiSecretOf, signHandoffFor } from './helpers/play';

// The risk rules as a farmer meets them: the project's blocklist (user ids, devices, address
// ranges) refuses sessions and actions; a campaign's actions-per-minute limits, rewards-per-day
// limits per device, address, /24 and user id, and device rules refuse with a localized 4xx that
// spends nothing; every refusal is counted per rule and day and per offending key.

const HOUR = 3_600_000;
type Fields = Record<string, unknown>;
const prize = (id: string, fields: Fields): Fields => ({
  id,
  name: { 'zh-CN': `奖品${id}`, 'en-US': `Prize ${id}` },
  deliveryType: 'system',
  isThank: false,
  ...fields,
});
const THANKS = prize('thanks', { isThank: true, name: { 'zh-CN': '谢谢参与', 'en-US': 'Thank you' } });

interface Drawn {
  result: { prize: { id: string }; rewardId: string | null };
  me: { chances: { left: number } };
}

describe('risk rules in play', () => {
  let t: TestApp;
  let owner: SignedIn;
  let projectId: string;
  let secret: string;
  let wheel: Fields;
  let devices = 0;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUpOwner(t.app, 'risk@example.com');
    projectId = await createProject(t.app, owner, 'Risk', 'risk');
    secret = await apiSecretOf(t.app, projectId);
    wheel = await templateConfig(t.app, 'gameplay', 'lucky-wheel', 'classic');
  });
  afterAll(async () => t.close());

  async function liveWheel(fields: Fields) {
    const created = await createCampaign(t.app, owner, projectId, {
      mark: 'lucky-wheel',
      config: {
        ...withTimes(wheel, new Date(t.clock.now().getTime() - HOUR)),
        chances: { initialCount: 5, dailyFree: 0 },
        prizes: [prize('gold', { odds: 100, stock: 100 }), THANKS],
        ...fields,
      },
    });
    expect(created.id).toBeTruthy();
    const online = await campaignAction(t.app, owner, projectId, created.id, 'goOnline');
    expect(online.status, JSON.stringify(online.body)).toBe(200);
    return created.id;
  }

  /** Opens a session as `userId` from a device and address: the raw answer. */
  async function open(campaignId: string, userId: string, ip: string, deviceId = `device-${++devices}-abc`) {
    const handoff = signHandoffFor(t.app, secret, campaignId, userId);
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/play/v1/sessions',
      headers: { 'x-lang': 'en' },
      payload: { campaignId, ...handoff, deviceId },
      remoteAddress: ip,
    });
    return { status: answer.statusCode, body: answer.json(), token: answer.json().data?.token as string };
  }

  const draw = (campaignId: string, token: string, ip: string, lang = 'en') =>
    act<Drawn>(t.app, campaignId, token, 'draw', { ip, lang });

  const refusals = (campaignId: string) =>
    t.app.ctx.db
      .selectFrom('risk_refusals')
      .select(['rule', 'count'])
      .where('campaign_id', '=', campaignId)
      .orderBy('rule')
      .execute();
  const stockIssued = async (campaignId: string) =>
    Number(
      (
        await t.app.ctx.db
          .selectFrom('play_prize_stock')
          .select('issued')
          .where('campaign_id', '=', campaignId)
          .where('prize_id', '=', 'gold')
          .executeTakeFirst()
      )?.issued ?? 0,
    );
  const rewards = async (campaignId: string) =>
    (
      await t.app.ctx.db
        .selectFrom('reward_records')
        .select('id')
        .where('campaign_id', '=', campaignId)
        .execute()
    ).length;

  it('refuses what the blocklist names: a user id at the session, an address range at every action', async () => {
    const id = await liveWheel({});
    const amy = await open(id, 'amy', '192.0.2.10');
    expect(amy.status).toBe(200);
    const block = (kind: string, values: string[]) =>
      call(t.app, 'POST', '/api/risk/blocklist', { token: owner.token, projectId, body: { kind, values } });
    expect((await block('user', ['mallory'])).status).toBe(200);
    const mallory = await open(id, 'mallory', '192.0.2.11');
    expect(mallory.status).toBe(403);
    expect(mallory.body).toMatchObject({ code: 403, data: { error: 'play.blocked' } });
    expect(mallory.body.msg).toContain('not possible');
    // Nobody was made for the refused session.
    const made = await t.app.ctx.db
      .selectFrom('participants')
      .select('id')
      .where('user_id', '=', 'mallory')
      .execute();
    expect(made).toEqual([]);

    expect((await block('address', ['192.0.2.0/24'])).status).toBe(200);
    const refused = await draw(id, amy.token, '192.0.2.10', 'zh-cn');
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toContain('无法参与');
    // From another network she plays.
    expect((await draw(id, amy.token, '203.0.113.5')).status).toBe(200);
    expect(await refusals(id)).toEqual([{ rule: 'blocklist', count: 2 }]);
    const offenders = await t.app.ctx.db
      .selectFrom('risk_offenders')
      .select(['kind', 'value', 'refused'])
      .where('campaign_id', '=', id)
      .orderBy('kind')
      .orderBy('value')
      .execute();
    expect(offenders).toEqual(
      expect.arrayContaining([
        { kind: 'user', value: 'mallory', refused: 1 },
        { kind: 'ip', value: '192.0.2.10', refused: 1 },
        { kind: 'subnet', value: '192.0.2.0/24', refused: 2 },
      ]),
    );
  });

  it('refuses past the actions-per-minute limit with 429 and spends nothing; the next minute plays again', async () => {
    const id = await liveWheel({ risk: { velocity: { participant: 2 } } });
    const ben = await open(id, 'ben', '198.51.100.7');
    expect((await draw(id, ben.token, '198.51.100.7')).status).toBe(200);
    const second = await draw(id, ben.token, '198.51.100.7');
    expect(second.status).toBe(200);
    const left = second.body.data.me.chances.left;
    const third = await draw(id, ben.token, '198.51.100.7');
    expect(third.status).toBe(429);
    expect(third.body).toMatchObject({ code: 429, data: { error: 'play.tooFast' } });
    expect(third.body.msg).toContain('wait a minute');
    expect(await rewards(id)).toBe(2);
    t.clock.advance(61_000);
    const later = await draw(id, ben.token, '198.51.100.7');
    expect(later.status).toBe(200);
    expect(later.body.data.me.chances.left).toBe(left - 1);
    expect(await refusals(id)).toEqual([{ rule: 'velocity.participant', count: 1 }]);
  });

  it('gives at most the rewards a day an address range may take; a refused draw spends no chance, stock or budget', async () => {
    const id = await liveWheel({ risk: { rewardsPerDay: { subnet: 2 } } });
    const farm = [];
    for (let i = 1; i <= 3; i += 1) farm.push(await open(id, `farm-${i}`, `203.0.113.${i}`));
    expect((await draw(id, farm[0].token, '203.0.113.1')).status).toBe(200);
    expect((await draw(id, farm[1].token, '203.0.113.2')).status).toBe(200);
    const third = await draw(id, farm[2].token, '203.0.113.3');
    expect(third.status).toBe(403);
    expect(third.body).toMatchObject({ data: { error: 'play.rewardLimit' } });
    expect(third.body.msg).toContain('Nothing was spent');
    expect(await stockIssued(id)).toBe(2);
    expect(await rewards(id)).toBe(2);
    // Her chances are as they were: from another network she plays with all five.
    const elsewhere = await draw(id, farm[2].token, '198.51.100.99');
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.body.data.me.chances.left).toBe(4);
    expect(await refusals(id)).toEqual([{ rule: 'limit.subnet', count: 1 }]);
    // A new day in the campaign's zone: the range may take its two again.
    t.clock.advance(24 * HOUR);
    const tomorrow = await open(id, 'farm-3', '203.0.113.3');
    expect((await draw(id, tomorrow.token, '203.0.113.3')).status).toBe(200);
  });

  it(`holds a rewards-per-day limit under concurrent draws (${SERVERS_UNDER_TEST})`, async () => {
    const id = await liveWheel({ risk: { rewardsPerDay: { subnet: 3 } } });
    const players = [];
    for (let i = 0; i < 10; i += 1) players.push(await open(id, `rush-${i}`, `100.64.7.${i + 1}`));
    const { servers, close } = await appServers(t);
    let answers;
    try {
      answers = await Promise.all(
        players.map((p, i) =>
          servers[i % servers.length].inject({
            method: 'POST',
            url: `/api/play/v1/campaigns/${id}/actions/draw`,
            headers: { authorization: `Participant ${p.token}`, 'idempotency-key': `rush-${i}` },
            payload: {},
            remoteAddress: `100.64.7.${i + 1}`,
          }),
        ),
      );
    } finally {
      await close();
    }
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 403, 403, 403, 403, 403, 403, 403]);
    expect(await rewards(id)).toBe(3);
    expect(await stockIssued(id)).toBe(3);
  });

  it('refuses a device past its user ids, and flags a user id past its devices (their pending rewards held)', async () => {
    const id = await liveWheel({
      risk: { usersPerDevice: { max: 2, action: 'refuse' }, devicesPerUser: { max: 1, action: 'flag' } },
      prizes: [
        prize('gold', {
          odds: 100,
          stock: 100,
          deliveryType: 'customer-service',
          contactInfo: 'help@example.com',
        }),
        THANKS,
      ],
    });
    // One device opening many user ids: the third is refused; the first two stay let in.
    expect((await open(id, 'sock-1', '100.64.9.50', 'shared-phone-1')).status).toBe(200);
    expect((await open(id, 'sock-2', '100.64.9.50', 'shared-phone-1')).status).toBe(200);
    const third = await open(id, 'sock-3', '100.64.9.50', 'shared-phone-1');
    expect(third.status).toBe(403);
    expect(third.body).toMatchObject({ data: { error: 'play.tooManyAccounts' } });
    expect((await open(id, 'sock-1', '100.64.9.50', 'shared-phone-1')).status).toBe(200);

    // One user id on a second device: let in, flagged, and the reward waits for an operator.
    const first = await open(id, 'carol', '198.51.100.40', 'carol-phone-1');
    expect((await draw(id, first.token, '198.51.100.40')).status).toBe(200);
    const second = await open(id, 'carol', '198.51.100.41', 'carol-phone-2');
    expect(second.status).toBe(200);
    expect((await draw(id, second.token, '198.51.100.41')).status).toBe(200);
    const held = await t.app.ctx.db
      .selectFrom('reward_records')
      .innerJoin('participants', 'participants.id', 'reward_records.participant_id')
      .select(['reward_records.held_at', 'reward_records.held_by'])
      .where('campaign_id', '=', id)
      .where('participants.user_id', '=', 'carol')
      .orderBy('reward_records.created_at')
      .execute();
    expect(held.map((r) => r.held_by)).toEqual([null, 'risk']);
    // A held reward cannot be marked awarded until it is released; the list says it is held.
    const heldId = (
      await t.app.ctx.db
        .selectFrom('reward_records')
        .select('id')
        .where('campaign_id', '=', id)
        .where('held_by', '=', 'risk')
        .executeTakeFirstOrThrow()
    ).id;
    const award = await call(t.app, 'POST', `/api/rewards/${heldId}/award`, {
      token: owner.token,
      projectId,
      lang: 'en',
    });
    expect(award.status).toBe(409);
    expect(award.body).toMatchObject({ data: { error: 'reward.onHold' } });
    const listed = await call<{ items: { id: string; heldAt: string | null }[] }>(
      t.app,
      'GET',
      `/api/rewards?campaignId=${id}`,
      { token: owner.token, projectId },
    );
    expect(listed.body.data.items.find((r) => r.id === heldId)?.heldAt).toBeTruthy();
    expect(await refusals(id)).toEqual([{ rule: 'usersPerDevice', count: 1 }]);
  });

  it('shows the risk section of the report; blocking a participant lists their user id and refuses them', async () => {
    const id = await liveWheel({ risk: { velocity: { participant: 1 } } });
    const dave = await open(id, 'dave', '198.51.100.77');
    expect((await draw(id, dave.token, '198.51.100.77')).status).toBe(200);
    expect((await draw(id, dave.token, '198.51.100.77')).status).toBe(429);
    const report = await call<{
      days: { rule: string; count: number }[];
      byRule: Record<string, number>;
      offenders: { kind: string; value: string; refused: number }[];
    }>(t.app, 'GET', `/api/campaigns/${id}/report/risk`, { token: owner.token, projectId });
    expect(report.status).toBe(200);
    expect(report.body.data.byRule).toEqual({ 'velocity.participant': 1 });
    expect(report.body.data.days).toMatchObject([{ rule: 'velocity.participant', count: 1 }]);
    expect(report.body.data.offenders).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: 'user', value: 'dave', refused: 1 })]),
    );
    const code = (
      await t.app.ctx.db
        .selectFrom('participants')
        .select('code')
        .where('user_id', '=', 'dave')
        .executeTakeFirstOrThrow()
    ).code;
    const blocked = await call(t.app, 'POST', `/api/campaigns/${id}/participants/${code}/block`, {
      token: owner.token,
      projectId,
    });
    expect(blocked.status, JSON.stringify(blocked.body)).toBe(200);
    expect(blocked.body.data).toEqual({ kind: 'user', value: 'dave' });
    t.clock.advance(61_000);
    expect((await draw(id, dave.token, '198.51.100.77')).status).toBe(403);
    expect((await open(id, 'dave', '198.51.100.78')).status).toBe(403);
    const audit = await t.app.ctx.db
      .selectFrom('risk_audit')
      .select(['action', 'subject'])
      .where('project_id', '=', projectId)
      .where('action', 'in', ['participant.block', 'block.add'])
      .where('subject', 'in', ['dave', code])
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { action: 'block.add', subject: 'dave' },
      { action: 'participant.block', subject: code },
    ]);
    // Another project's member cannot read or decide.
    const stranger = await signUpOwner(t.app, 'risk-stranger@example.com');
    const theirs = await createProject(t.app, stranger, 'Theirs', 'theirs');
    const peek = await call(t.app, 'GET', `/api/campaigns/${id}/report/risk`, {
      token: stranger.token,
      projectId,
    });
    expect(peek.status).toBe(403);
    const viaOwn = await call(t.app, 'POST', `/api/campaigns/${id}/participants/${code}/block`, {
      token: stranger.token,
      projectId: theirs,
    });
    expect(viaOwn.status).toBe(404);
  });
});
