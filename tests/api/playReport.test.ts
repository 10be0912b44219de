import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/testApp';
import { call } from './helpers/api';
import { addMember, createProject, signUpOwner, type SignedIn } from './helpers/accounts';
import { campaignAction, createCampaign, templateConfig, withTimes } from './helpers/campaigns';
import { act, apiSecretOf, signedSession } from './helpers/play';

const HOUR = 3_600_000;

interface Report {
  participation: {
    available: boolean;
    totals: Record<string, number>;
    trend: { date: string; draws: number; participants: number; winners: number }[];
    prizes: { id: string; stock: number | null; issued: number; left: number | null }[];
    winners: { userId: string; prizeName: string }[];
    leaderboard: { rank: number; userId: string; draws: number; wins: number; invites: number }[];
    inviters: { userId: string; invites: number }[];
    channels: { channel: string; type: string; participants: number }[];
    fission: { inviters: number; invited: number; maxDepth: number };
    retention: { cohort: string; size: number; day1: number }[];
  };
}

describe('activity report from what participants did', () => {
  let t: TestApp;
  let owner: SignedIn;
  let projectId: string;
  let campaignId: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUpOwner(t.app, 'report@example.com');
    projectId = await createProject(t.app, owner, 'Report', 'report');
    const wheel = await templateConfig(t.app, 'gameplay', 'lucky-wheel', 'classic');
    // The test clock is 2026-03-01 08:00Z, 16:00 in the template's GMT+08:00.
    const config = {
      ...withTimes(wheel, new Date(t.clock.now().getTime() - HOUR)),
      prizes: [
        {
          id: 'gold',
          name: { 'zh-CN': '金币', 'en-US': 'Gold' },
          deliveryType: 'system',
          odds: 100,
          stock: 2,
          isThank: false,
        },
        {
          id: 'thanks',
          name: { 'zh-CN': '谢谢参与', 'en-US': 'Thank you' },
          deliveryType: 'system',
          isThank: true,
        },
      ],
      chances: { initialCount: 1, dailyFree: 1 },
    };
    campaignId = (await createCampaign(t.app, owner, projectId, { mark: 'lucky-wheel', config })).id;
    await call(t.app, 'PUT', `/api/campaigns/${campaignId}/channels`, {
      token: owner.token,
      projectId,
      body: { inApp: [{ key: 'home', name: 'Home banner' }], offSite: [{ key: 'ads', name: 'Ads' }] },
    });
    await campaignAction(t.app, owner, projectId, campaignId, 'goOnline');
  });
  afterAll(async () => t.close());

  it('says plainly that nobody has played yet', async () => {
    const report = await call<Report>(t.app, 'GET', `/api/campaigns/${campaignId}/report`, {
      token: owner.token,
      projectId,
    });
    expect(report.body.data.participation).toEqual({ available: false });
  });

  it('counts draws, players, winners, stock, channels, invites and retention exactly', async () => {
    const secret = await apiSecretOf(t.app, projectId);
    const alice = await signedSession(t.app, campaignId, '-alice', secret, { ch: 'home' });
    const bob = await signedSession(t.app, campaignId, 'bob', secret, {
      ch: 'ads',
      inviter: alice.participant.code,
    });
    const carol = await signedSession(t.app, campaignId, 'carol', secret, { inviter: bob.participant.code });
    for (const s of [alice, alice, bob, carol])
      expect((await act(t.app, campaignId, s.token, 'draw')).status).toBe(200);
    t.clock.advance(20 * HOUR); // noon of the next local day: alice plays again with her daily chance
    expect((await act(t.app, campaignId, alice.token, 'draw')).status).toBe(200);
    await act(t.app, campaignId, bob.token, 'share', { body: { channel: 'wechat' } });

    const report = await call<Report>(t.app, 'GET', `/api/campaigns/${campaignId}/report`, {
      token: owner.token,
      projectId,
      lang: 'en',
    });
    const p = report.body.data.participation;
    expect(p.available).toBe(true);
    expect(p.totals).toMatchObject({
      participants: 3,
      draws: 5,
      winners: 1,
      rewards: 2,
      shares: 1,
      invited: 2,
    });
    expect(p.trend).toEqual([
      { date: '2026-03-01', draws: 4, participants: 3, winners: 1, shares: 0 },
      { date: '2026-03-02', draws: 1, participants: 2, winners: 0, shares: 1 },
    ]);
    expect(p.prizes.find((x) => x.id === 'gold')).toMatchObject({ stock: 2, issued: 2, left: 0 });
    expect(p.winners.map((w) => [w.userId, w.prizeName])).toEqual([
      ['-alice', 'Gold'],
      ['-alice', 'Gold'],
    ]);
    expect(p.leaderboard[0]).toMatchObject({ rank: 1, userId: '-alice', draws: 3, wins: 2, invites: 1 });
    expect(p.inviters.map((i) => [i.userId, i.invites]).sort()).toEqual([
      ['-alice', 1],
      ['bob', 1],
    ]);
    expect(p.fission).toEqual({ inviters: 2, invited: 2, maxDepth: 2 });
    expect(p.channels.map((c) => [c.channel, c.type, c.participants]).sort()).toEqual([
      ['', 'none', 1],
      ['ads', 'offSite', 1],
      ['home', 'inApp', 1],
    ]);
    expect(p.retention).toEqual([{ cohort: '2026-03-01', size: 3, day1: 2, day3: 0, day7: 0 }]);

    const users = await call<{
      items: { userId: string; actions: number; inviter: string | null }[];
      total: number;
    }>(t.app, 'GET', `/api/campaigns/${campaignId}/report/users?pageSize=2`, {
      token: owner.token,
      projectId,
    });
    expect(users.body.data.total).toBe(3);
    expect(users.body.data.items[0]).toMatchObject({ userId: '-alice', actions: 3 });

    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/campaigns/${campaignId}/report/export?section=winners`,
      headers: { authorization: `Bearer ${owner.token}`, 'x-project-id': projectId, 'x-lang': 'en' },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Reward ID,Time,User ID');
    expect(csv.body).toContain(",'-alice,"); // a formula-looking cell is escaped
    expect(csv.body).toContain('2026-03-01T08:00:00+00:00'); // written in the project's zone (UTC here)
  });

  it('keeps other projects out', async () => {
    const other = await createProject(t.app, owner, 'Other', 'otherr');
    const outsider = await addMember(t.app, owner, 'peek@example.com', 'operator', [
      { projectId: other, permission: 'view' },
    ]);
    expect(
      (await call(t.app, 'GET', `/api/campaigns/${campaignId}/report`, { token: outsider.token, projectId }))
        .status,
    ).toBe(403);
    expect(
      (
        await call(t.app, 'GET', `/api/campaigns/${campaignId}/report/users`, {
          token: owner.token,
          projectId: other,
        })
      ).status,
    ).toBe(404);
  });
});
