import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appServers, createTestApp, type TestApp, SERVERS_UNDER_TEST } from './helpers/testApp';
import { call } from './helpers/api';
import { createProject, signUpOwner, type SignedIn } from './helpers/accounts';
import { campaignAction, createCampaign, templateConfig, withTimes } from './helpers/campaigns';
import { apiSecretOf, playPage, signedSession, type PlaySession } from './helpers/play';
import { createLink, createTemplate, openLink, storeTemplate, UA } from './helpers/links';
import { accessKey, sdkEvent, sendEvents, sendServerEvents } from './helpers/sdk';

// Referral ("old brings new") through the real paths: the inviter's link is a deep link of the
// project carrying their code; the invitee's click goes through the redirector, the app's install
// is attributed to it through /api/sdk/v1/attribution, the register event arrives through
// /api/sdk/v1/events, and the scheduler decides the invite and gives the rewards, once.

const HOUR = 3_600_000;
const text = (en: string) => ({ 'zh-CN': `${en}（中）`, 'en-US': en });
const prize = (id: string, stock: number, extra: Record<string, unknown> = {}) => ({
  id,
  name: text(`Prize ${id}`),
  deliveryType: 'system',
  isThank: false,
  stock,
  ...extra,
});

interface InviteProgress {
  code: string;
  link: string;
  viaDeepLink: boolean;
  invited: number;
  pending: number;
  qualified: number;
  refused: number;
  ladder: { invites: number; prizeId: string; reached: boolean }[];
  rewardsLeft: number | null;
  recent: { invitee: string; status: string; refusal: string | null }[];
}
interface Me {
  me: { progress: { invite: InviteProgress }; rewards: { prizeId: string }[] };
}

describe('participant API: referral', () => {
  let t: TestApp;
  let owner: SignedIn;
  let projectId: string;
  let secret: string;
  let key: string;
  let linkRowId: string;
  let base: Record<string, unknown>;
  let phones = 0;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUpOwner(t.app, 'invite@example.com');
    projectId = await createProject(t.app, owner, 'Invite', 'invite');
    secret = await apiSecretOf(t.app, projectId);
    key = await accessKey(t.app, owner, projectId);
    const templateId = await createTemplate(t.app, owner, projectId, {
      ...storeTemplate(),
      attributionWindowDays: 7,
    });
    const link = await createLink(t.app, owner, projectId, {
      name: 'invite',
      templateId,
      redirectMode: 'template',
    });
    linkRowId = link.id;
    base = await templateConfig(t.app, 'gameplay', 'referral', 'classic');
  });
  afterAll(async () => t.close());

  async function liveReferral(fields: Record<string, unknown> = {}) {
    const start = new Date(t.clock.now().getTime() - HOUR);
    const config = {
      ...withTimes(base, start),
      inviteRules: ['download', 'register'],
      newUserDefinition: 'new-device',
      prizes: [prize('new', 100), prize('per', 100), prize('ladder2', 100)],
      newUserPrizeId: 'new',
      perInvitePrizeId: 'per',
      ladder: [{ invites: 2, prizeId: 'ladder2' }],
      totalInviteRewardStock: 0,
      inviteLinkId: linkRowId,
      ...fields,
    };
    const created = await createCampaign(t.app, owner, projectId, { mark: 'referral', config });
    const moved = await campaignAction(t.app, owner, projectId, created.id, 'goOnline');
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    return created.id;
  }

  const progressOf = async (id: string, s: PlaySession) => {
    const page = await playPage<Me>(t.app, id, s.token);
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    return page.body.data.me;
  };

  /** A phone taps the invite link (through the redirector), installs the app and reports it. */
  async function installFromLink(link: string, deviceId: string) {
    phones += 1;
    const ip = `198.51.100.${phones}`;
    const url = new URL(link);
    const click = await openLink(t.app, 'invite', `${url.pathname}${url.search}`, UA.iphoneSafari, { ip });
    expect(click.status).toBe(302);
    t.clock.advance(60_000);
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/sdk/v1/attribution',
      headers: { 'x-access-key': key },
      payload: { type: 'install', deviceId, platform: 'ios', os: 'iOS', osVersion: '17.4' },
      remoteAddress: ip,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const data = (answer.json() as { data: { matched: boolean; params: Record<string, string> } }).data;
    expect(data.matched).toBe(true);
    return data.params;
  }

  const register = async (deviceId: string, userId: string) => {
    const sent = await sendServerEvents(t.app, key, [
      sdkEvent({ name: 'register', deviceId, userId, platform: 'ios', time: t.clock.now().toISOString() }),
    ]);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.data.accepted).toBe(1);
  };

  const invitesOf = (id: string) =>
    t.app.ctx.db
      .selectFrom('play_invites')
      .select(['invitee_key', 'invitee_user_id', 'status', 'refusal', 'rewards'])
      .where('campaign_id', '=', id)
      .orderBy('invited_at')
      .execute();

  it('qualifies an invitee from a real link click, an attributed install and the register event, and rewards both sides once', async () => {
    const id = await liveReferral();
    const amy = await signedSession(t.app, id, 'amy', secret);
    const mine = (await progressOf(id, amy)).progress.invite;
    expect(mine).toMatchObject({ code: amy.participant.code, viaDeepLink: true, invited: 0, qualified: 0 });
    const link = new URL(mine.link);
    expect(link.hostname).toBe('invite.localhost');
    expect(Object.fromEntries(link.searchParams)).toEqual({ inviter: amy.participant.code, campaign: id });

    // Bob taps Amy's link, installs: the attribution names Amy; the invite waits for his registration.
    const params = await installFromLink(mine.link, 'bob-phone');
    expect(params).toMatchObject({ inviter: amy.participant.code, campaign: id });
    expect(await invitesOf(id)).toEqual([
      { invitee_key: 'd:bob-phone', invitee_user_id: null, status: 'pending', refusal: null, rewards: 0 },
    ]);
    expect((await progressOf(id, amy)).progress.invite).toMatchObject({
      invited: 1,
      pending: 1,
      qualified: 0,
    });
    // The page's word counts for nothing: only the server's register event moves the invite.
    await register('bob-phone', 'bob');
    expect((await invitesOf(id))[0].status).toBe('complete');
    await t.app.scheduler.runDueJobs();
    expect(await invitesOf(id)).toEqual([
      { invitee_key: 'd:bob-phone', invitee_user_id: 'bob', status: 'qualified', refusal: null, rewards: 2 },
    ]);
    let amyMe = await progressOf(id, amy);
    expect(amyMe.progress.invite).toMatchObject({ invited: 1, pending: 0, qualified: 1 });
    expect(amyMe.rewards.map((r) => r.prizeId)).toEqual(['per']);
    // Bob, opening the campaign from the app as himself, holds the new-user prize.
    const bob = await signedSession(t.app, id, 'bob', secret);
    expect((await progressOf(id, bob)).rewards.map((r) => r.prizeId)).toEqual(['new']);

    // A second friend reaches the ladder's step 2; running the jobs again changes nothing.
    await installFromLink(mine.link, 'cat-phone');
    await register('cat-phone', 'cat');
    await t.app.scheduler.runDueJobs();
    await t.app.scheduler.runDueJobs();
    amyMe = await progressOf(id, amy);
    expect(amyMe.progress.invite).toMatchObject({ invited: 2, qualified: 2 });
    expect(amyMe.progress.invite.ladder).toEqual([{ invites: 2, prizeId: 'ladder2', reached: true }]);
    expect(amyMe.rewards.map((r) => r.prizeId).sort()).toEqual(['ladder2', 'per', 'per']);
    const records = await t.app.ctx.db
      .selectFrom('reward_records')
      .select(['prize_id', 'method', 'superior'])
      .where('campaign_id', '=', id)
      .execute();
    expect(records).toHaveLength(5);
    // The invitees' records name their superior (the inviter's code).
    expect(records.filter((r) => r.prize_id === 'new').map((r) => r.superior)).toEqual([
      amy.participant.code,
      amy.participant.code,
    ]);
  });

  it("takes the server's word only by default: the SDK's install and register move nothing and are counted; a referral set to the SDK takes them", async () => {
    const appRegister = (deviceId: string, userId: string) =>
      sendEvents(t.app, key, [
        sdkEvent({ name: 'register', deviceId, userId, platform: 'ios', time: t.clock.now().toISOString() }),
      ]);
    const id = await liveReferral();
    const amy = await signedSession(t.app, id, 'amy-s', secret);
    const link = (await progressOf(id, amy)).progress.invite.link;
    await installFromLink(link, 'dina-phone');
    // The attribution came with the SDK's key: the install waits for the server to confirm the device.
    const installed = () =>
      t.app.ctx.db
        .selectFrom('play_invites')
        .select(['installed_at', 'registered_at', 'status'])
        .where('campaign_id', '=', id)
        .executeTakeFirstOrThrow();
    expect(await installed()).toEqual({ installed_at: null, registered_at: null, status: 'pending' });
    expect((await appRegister('dina-phone', 'dina')).body.data.accepted).toBe(1);
    await t.app.scheduler.runDueJobs();
    expect(await installed()).toEqual({ installed_at: null, registered_at: null, status: 'pending' });
    const ignored = await t.app.ctx.db
      .selectFrom('risk_refusals')
      .select(['rule', 'count'])
      .where('campaign_id', '=', id)
      .execute();
    expect(ignored).toEqual([{ rule: 'progressSource', count: 1 }]);
    // The server's register confirms the device and the registration.
    await register('dina-phone', 'dina');
    await t.app.scheduler.runDueJobs();
    expect((await invitesOf(id))[0]).toMatchObject({ invitee_user_id: 'dina', status: 'qualified' });

    // A referral that takes the SDK: the attributed install and the app's register qualify it.
    const open = await liveReferral({ progressSource: 'sdk' });
    const eve = await signedSession(t.app, open, 'eve-s', secret);
    await installFromLink((await progressOf(open, eve)).progress.invite.link, 'flo-phone');
    await appRegister('flo-phone', 'flo');
    await t.app.scheduler.runDueJobs();
    expect((await invitesOf(open))[0]).toMatchObject({ invitee_user_id: 'flo', status: 'qualified' });
  });

  it('refuses self-invites (her own page, her own phone) and a phone registering a second account', async () => {
    const id = await liveReferral();
    const amy = await signedSession(t.app, id, 'amy2', secret);
    const link = (await progressOf(id, amy)).progress.invite.link;

    // Amy opens her own invite page: recorded and refused at once.
    await signedSession(t.app, id, 'amy2', secret, { inviter: amy.participant.code });
    // Amy's own phone, known to the SDK as hers, installs through her link and registers as her.
    const own = await sendServerEvents(t.app, key, [
      sdkEvent({
        name: 'open',
        deviceId: 'amy2-phone',
        userId: 'amy2',
        platform: 'ios',
        time: t.clock.now().toISOString(),
      }),
    ]);
    expect(own.status).toBe(200);
    t.clock.advance(60_000);
    await installFromLink(link, 'amy2-phone');
    await register('amy2-phone', 'amy2');
    // One phone registering two accounts in one batch: the second refuses the invite.
    await installFromLink(link, 'farm-phone');
    const farm = await sendServerEvents(t.app, key, [
      sdkEvent({
        name: 'register',
        deviceId: 'farm-phone',
        userId: 'farm1',
        platform: 'ios',
        time: t.clock.now().toISOString(),
      }),
      sdkEvent({
        name: 'register',
        deviceId: 'farm-phone',
        userId: 'farm2',
        platform: 'ios',
        time: new Date(t.clock.now().getTime() + 1000).toISOString(),
      }),
    ]);
    expect(farm.body.data.accepted).toBe(2);
    // Dan qualifies as usual beside them.
    await installFromLink(link, 'dan-phone');
    await register('dan-phone', 'dan');
    await t.app.scheduler.runDueJobs();

    const invites = await invitesOf(id);
    const byKey = Object.fromEntries(invites.map((i) => [i.invitee_key, i]));
    expect(byKey['u:amy2']).toMatchObject({ status: 'refused', refusal: 'self' });
    expect(byKey['d:amy2-phone']).toMatchObject({ status: 'refused', refusal: 'self', rewards: 0 });
    expect(byKey['d:farm-phone']).toMatchObject({ status: 'refused', refusal: 'device', rewards: 0 });
    expect(byKey['d:dan-phone']).toMatchObject({ status: 'qualified', rewards: 2 });
    const amyMe = await progressOf(id, amy);
    expect(amyMe.progress.invite).toMatchObject({ qualified: 1, refused: 3 });
    expect(amyMe.rewards.map((r) => r.prizeId)).toEqual(['per']);

    // The report shows the refusals, the funnel and Amy at the top; the CSV has the same figures.
    const report = await call<{ participation: { invite: Record<string, unknown> } }>(
      t.app,
      'GET',
      `/api/campaigns/${id}/report`,
      { token: owner.token, projectId },
    );
    expect(report.status).toBe(200);
    expect(report.body.data.participation.invite).toMatchObject({
      invites: 4,
      inviters: 1,
      qualified: 1,
      maxDepth: 1,
      refused: { self: 2, loop: 0, device: 1, notNew: 0 },
      funnel: [
        { step: 'invited', invites: 4 },
        { step: 'installed', invites: 3 },
        { step: 'registered', invites: 3 },
        { step: 'task', invites: 0 },
        { step: 'qualified', invites: 1 },
      ],
      top: [
        {
          rank: 1,
          participantCode: amy.participant.code,
          userId: 'amy2',
          invited: 4,
          qualified: 1,
          refused: 3,
        },
      ],
    });
    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/campaigns/${id}/report/export?section=fission`,
      headers: { authorization: `Bearer ${owner.token}`, 'x-project-id': projectId, 'x-lang': 'en' },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Figure,Item,Count');
    expect(csv.body).toContain('refused,device,1');
    expect(csv.body).toContain('funnel,qualified,1');
  });

  it('refuses an invite back up the chain (a loop) and an old account under new-account', async () => {
    const id = await liveReferral({ newUserDefinition: 'new-account', inviteRules: ['register'] });
    const eve = await signedSession(t.app, id, 'eve', secret);
    const eveLink = (await progressOf(id, eve)).progress.invite.link;
    await installFromLink(eveLink, 'fay-phone');
    await register('fay-phone', 'fay');
    await t.app.scheduler.runDueJobs();
    const fay = await signedSession(t.app, id, 'fay', secret);
    // Fay invites Eve (who invited her): Eve opens Fay's page, and Eve's app registers again.
    t.clock.advance(60_000);
    await signedSession(t.app, id, 'eve', secret, { inviter: fay.participant.code });
    await register('eve-phone', 'eve');
    // Gus registered before the invite: an old account.
    await sendServerEvents(t.app, key, [
      sdkEvent({
        name: 'register',
        deviceId: 'gus-phone',
        userId: 'gus',
        platform: 'ios',
        time: t.clock.now().toISOString(),
      }),
    ]);
    t.clock.advance(60_000);
    await signedSession(t.app, id, 'gus', secret, { inviter: eve.participant.code });
    await register('gus-phone', 'gus');
    await t.app.scheduler.runDueJobs();
    const byKey = Object.fromEntries((await invitesOf(id)).map((i) => [i.invitee_key, i]));
    expect(byKey['d:fay-phone']).toMatchObject({ status: 'qualified' });
    expect(byKey['u:eve']).toMatchObject({ status: 'refused', refusal: 'loop' });
    expect(byKey['u:gus']).toMatchObject({ status: 'refused', refusal: 'notNew' });
  });

  it('waits for the configured task event after the invite when the rules ask for a task', async () => {
    const defined = await call(t.app, 'POST', '/api/events', {
      token: owner.token,
      projectId,
      body: { key: 'first_order', name: 'First order' },
    });
    expect(defined.status, JSON.stringify(defined.body)).toBe(200);
    const id = await liveReferral({
      inviteRules: ['download', 'register', 'complete-task'],
      taskEvent: 'first_order',
    });
    const ida = await signedSession(t.app, id, 'ida', secret);
    const link = (await progressOf(id, ida)).progress.invite.link;
    await installFromLink(link, 'joe-phone');
    await register('joe-phone', 'joe');
    await t.app.scheduler.runDueJobs();
    // Installed and registered, no task yet: still in progress.
    expect((await invitesOf(id))[0]).toMatchObject({ status: 'pending' });
    // Another event name does nothing; the task event from Joe's phone completes it.
    const other = await sendServerEvents(t.app, key, [
      sdkEvent({
        name: 'open',
        deviceId: 'joe-phone',
        userId: 'joe',
        platform: 'ios',
        time: t.clock.now().toISOString(),
      }),
    ]);
    expect(other.status).toBe(200);
    expect((await invitesOf(id))[0]).toMatchObject({ status: 'pending' });
    t.clock.advance(60_000);
    const task = await sendServerEvents(t.app, key, [
      sdkEvent({
        name: 'first_order',
        deviceId: 'joe-phone',
        userId: 'joe',
        platform: 'ios',
        time: t.clock.now().toISOString(),
      }),
    ]);
    expect(task.body.data.accepted).toBe(1);
    await t.app.scheduler.runDueJobs();
    expect((await invitesOf(id))[0]).toMatchObject({ status: 'qualified', rewards: 2 });
  });

  it('over budget the invite still counts but gives nothing', async () => {
    const id = await liveReferral({
      budget: { total: 1 },
      prizes: [prize('new', 100, { value: 1 }), prize('per', 100), prize('ladder2', 100)],
    });
    const hal = await signedSession(t.app, id, 'hal', secret);
    const link = (await progressOf(id, hal)).progress.invite.link;
    await installFromLink(link, 'ivy-phone');
    await register('ivy-phone', 'ivy');
    await t.app.scheduler.runDueJobs();
    await installFromLink(link, 'jon-phone');
    await register('jon-phone', 'jon');
    await t.app.scheduler.runDueJobs();
    const invites = await invitesOf(id);
    expect(invites.map((i) => [i.status, i.rewards])).toEqual([
      ['qualified', 2],
      ['qualified', 0],
    ]);
    expect((await progressOf(id, hal)).progress.invite).toMatchObject({ qualified: 2 });
  });

  it('shows a player below the contest minimum the invites already counted, unranked', async () => {
    const referral = await liveReferral();
    const start = new Date(t.clock.now().getTime() - HOUR);
    const contestBase = await templateConfig(t.app, 'sub-activity', 'invite-contest', 'top-ten');
    const created = await createCampaign(t.app, owner, projectId, {
      kind: 'sub-activity',
      mark: 'invite-contest',
      parentId: referral,
      config: { ...withTimes(contestBase, start, 3 / 24), boundCampaignId: referral, minInvites: 3 },
    });
    expect((await campaignAction(t.app, owner, projectId, created.id, 'goOnline')).status).toBe(200);
    const max = await signedSession(t.app, referral, 'max', secret);
    const link = (await progressOf(referral, max)).progress.invite.link;
    await installFromLink(link, 'max-f1');
    await register('max-f1', 'max-f1');
    await t.app.scheduler.runDueJobs();

    const maxInContest = await signedSession(t.app, created.id, 'max', secret);
    const board = await playPage<{ me: { progress: { contest: Record<string, unknown> } } }>(
      t.app,
      created.id,
      maxInContest.token,
    );
    expect(board.status).toBe(200);
    expect(board.body.data.me.progress.contest).toMatchObject({
      minInvites: 3,
      ranked: 0,
      top: [],
      me: { rank: null, invites: 1 },
    });
  });

  it('ranks the invite contest by counted invites as they come in and gives the rank rewards once at its end', async () => {
    const referral = await liveReferral();
    const start = new Date(t.clock.now().getTime() - HOUR);
    const contestBase = await templateConfig(t.app, 'sub-activity', 'invite-contest', 'top-ten');
    const created = await createCampaign(t.app, owner, projectId, {
      kind: 'sub-activity',
      mark: 'invite-contest',
      parentId: referral,
      config: {
        ...withTimes(contestBase, start, 3 / 24),
        boundCampaignId: referral,
        minInvites: 1,
        newUserDefinition: 'new-device',
        prizes: [prize('first', 1), prize('second', 5)],
        rankRewards: [
          { rankFrom: 1, rankTo: 1, prizeId: 'first' },
          { rankFrom: 2, rankTo: 3, prizeId: 'second' },
        ],
      },
    });
    const contest = created.id;
    expect((await campaignAction(t.app, owner, projectId, contest, 'goOnline')).status).toBe(200);
    const [kim, lee] = await Promise.all(
      ['kim', 'lee'].map((u) => signedSession(t.app, referral, u, secret)),
    );
    const invite = async (who: PlaySession, device: string) => {
      const link = (await progressOf(referral, who)).progress.invite.link;
      await installFromLink(link, device);
      await register(device, device);
      await t.app.scheduler.runDueJobs();
    };
    await invite(kim, 'kim-f1');
    await invite(lee, 'lee-f1');
    await invite(kim, 'kim-f2');

    // Lee opens the contest page: the ranking as it stands, Lee second.
    const leeInContest = await signedSession(t.app, contest, 'lee', secret);
    const board = await playPage<{ me: { progress: { contest: Record<string, unknown> } } }>(
      t.app,
      contest,
      leeInContest.token,
    );
    expect(board.status).toBe(200);
    expect(board.body.data.me.progress.contest).toMatchObject({
      tracksInvites: true,
      ranked: 2,
      top: [
        { rank: 1, name: 'k***', invites: 2, me: false },
        { rank: 2, name: 'l***', invites: 1, me: true },
      ],
      me: { rank: 2, invites: 1 },
      settled: false,
    });

    // Too early to settle by hand; at the end the scheduler settles once, a second try changes nothing.
    const early = await call(t.app, 'POST', `/api/campaigns/${contest}/contest/settle`, {
      token: owner.token,
      projectId,
      lang: 'en',
    });
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ data: { error: 'contest.tooEarly' } });
    t.clock.advance(3 * HOUR);
    await t.app.scheduler.runDueJobs();
    const again = await call<{ settlement: { winners: number; ranked: number } | null }>(
      t.app,
      'POST',
      `/api/campaigns/${contest}/contest/settle`,
      { token: owner.token, projectId },
    );
    expect(again.status).toBe(200);
    expect(again.body.data.settlement).toMatchObject({ winners: 2, ranked: 2, by: null });
    const records = await t.app.ctx.db
      .selectFrom('reward_records')
      .select(['prize_id', 'user_id'])
      .where('campaign_id', '=', contest)
      .orderBy('prize_id')
      .execute();
    expect(records).toEqual([
      { prize_id: 'first', user_id: 'kim' },
      { prize_id: 'second', user_id: 'lee' },
    ]);
    // The sub-activity report shows the ranking; the CSV has it too.
    const report = await call<{ participation: { available: boolean; contest: { ranking: unknown[] } } }>(
      t.app,
      'GET',
      `/api/campaigns/${contest}/report`,
      { token: owner.token, projectId },
    );
    expect(report.body.data.participation.available).toBe(true);
    expect(report.body.data.participation.contest.ranking).toMatchObject([
      { rank: 1, userId: 'kim', invites: 2, prizeId: 'first' },
      { rank: 2, userId: 'lee', invites: 1, prizeId: 'second' },
    ]);
    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/campaigns/${contest}/report/export?section=contest`,
      headers: { authorization: `Bearer ${owner.token}`, 'x-project-id': projectId, 'x-lang': 'en' },
    });
    expect(csv.body).toContain('Rank,Participant code,User ID,Counted invites,Last counted,Prize ID');
    expect(csv.body).toContain(',kim,2,');
  });

  it(`never gives more inviter rewards than the total when invites are decided at once (${SERVERS_UNDER_TEST})`, async () => {
    const id = await liveReferral({ totalInviteRewardStock: 3, ladder: [] });
    const inviters = await Promise.all(['k1', 'k2'].map((u) => signedSession(t.app, id, u, secret)));
    for (const [n, inviter] of inviters.entries()) {
      const link = (await progressOf(id, inviter)).progress.invite.link;
      for (let i = 0; i < 3; i++) {
        await installFromLink(link, `crowd-${n}-${i}`);
        await register(`crowd-${n}-${i}`, `crowd-${n}-${i}`);
      }
    }
    const { servers, close } = await appServers(t);
    try {
      await Promise.all(
        Array.from({ length: 6 }, (_, i) => servers[i % servers.length].scheduler.runDueJobs()),
      );
      const invites = await invitesOf(id);
      expect(invites.map((i) => i.status)).toEqual(Array(6).fill('qualified'));
      const records = await t.app.ctx.db
        .selectFrom('reward_records')
        .select(['prize_id'])
        .where('campaign_id', '=', id)
        .execute();
      // Six new-user prizes; inviter prizes stop at the total of 3.
      expect(records.filter((r) => r.prize_id === 'new')).toHaveLength(6);
      expect(records.filter((r) => r.prize_id === 'per')).toHaveLength(3);
      const shown = await call<unknown>(t.app, 'GET', `/api/play/v1/campaigns/${id}`, {});
      expect(shown.status).toBe(200);
    } finally {
      await close();
    }
  });
});
