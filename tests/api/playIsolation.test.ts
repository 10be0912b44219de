import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/testApp';
import { call } from './helpers/api';
import { createProject, signUpOwner, type SignedIn } from './helpers/accounts';
import { campaignAction, createCampaign, templateConfig, withTimes } from './helpers/campaigns';
import { act, apiSecretOf, signedSession } from './helpers/play';

// Several campaigns of two projects in one database, with prizes of the same ids and the same
// participants: each campaign's stock, budget, report winners and reward forms stay its own, and
// each participant's rewards theirs.

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
}

describe('several campaigns and participants in one database', () => {
  let t: TestApp;
  let owner: SignedIn;
  let projectId: string;
  let otherProject: string;
  let wheel: Fields;
  const secrets = new Map<string, string>();

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUpOwner(t.app, 'isolation@example.com');
    projectId = await createProject(t.app, owner, 'Isolation', 'isolation');
    otherProject = await createProject(t.app, owner, 'Elsewhere', 'elsewhere');
    for (const id of [projectId, otherProject]) secrets.set(id, await apiSecretOf(t.app, id));
    wheel = await templateConfig(t.app, 'gameplay', 'lucky-wheel', 'classic');
  });
  afterAll(async () => t.close());

  const configOf = (fields: Fields) => ({
    ...withTimes(wheel, new Date(t.clock.now().getTime() - HOUR)),
    chances: { initialCount: 3, dailyFree: 0 },
    ...fields,
  });

  /** A running lucky wheel of the project: its id. */
  async function liveWheel(fields: Fields, project = projectId) {
    const created = await createCampaign(t.app, owner, project, {
      mark: 'lucky-wheel',
      config: configOf(fields),
    });
    const online = await campaignAction(t.app, owner, project, created.id, 'goOnline');
    expect(online.status, JSON.stringify(online.body)).toBe(200);
    return created.id;
  }

  /** Saves a running campaign's config with `fields` (as the console does). */
  async function edit(campaignId: string, fields: Fields) {
    const saved = await call(t.app, 'PUT', `/api/campaigns/${campaignId}`, {
      token: owner.token,
      projectId,
      body: { config: configOf(fields) },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  }

  /** One draw by `userId` (a session of the campaign's project): the prize and reward. */
  async function draw(campaignId: string, userId: string, project = projectId) {
    const session = await signedSession(t.app, campaignId, userId, secrets.get(project) as string);
    const answer = await act<Drawn>(t.app, campaignId, session.token, 'draw');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return { ...answer.body.data.result, token: session.token };
  }
  const won = async (campaignId: string, userId: string) => (await draw(campaignId, userId)).prize.id;

  /** The issued counter of each prize of these campaigns, as `<name>/<prize id>`. */
  async function issued(campaigns: Record<string, string>) {
    const names = new Map(Object.entries(campaigns).map(([name, id]) => [id, name]));
    const rows = await t.app.ctx.db
      .selectFrom('play_prize_stock')
      .select(['campaign_id', 'prize_id', 'issued'])
      .where('campaign_id', 'in', [...names.keys()])
      .execute();
    return Object.fromEntries(
      rows.map((r) => [`${names.get(r.campaign_id)}/${r.prize_id}`, Number(r.issued)]),
    );
  }

  it('gives a prize of stock 1 once and one set to 0 no more, in its campaign only', async () => {
    const gold = (stock: number) => ({ prizes: [prize('gold', { odds: 100, stock }), THANKS] });
    const a = await liveWheel(gold(1));
    const b = await liveWheel(gold(1));
    const c = await liveWheel(gold(5));
    const d = await liveWheel(gold(5));
    const e = await liveWheel(gold(5));
    expect([await won(a, 'ann'), await won(a, 'bob'), await won(a, 'ann')]).toEqual([
      'gold',
      'thanks',
      'thanks',
    ]);
    expect([await won(b, 'bob'), await won(b, 'cat')]).toEqual(['gold', 'thanks']);
    expect(await won(c, 'ann')).toBe('gold');
    // C's stock is set to 0 after its one win; D's gold, of the same id, keeps its stock.
    await edit(c, gold(0));
    expect([await won(c, 'bob'), await won(c, 'ann')]).toEqual(['thanks', 'thanks']);
    expect([await won(d, 'bob'), await won(d, 'ann')]).toEqual(['gold', 'gold']);
    // E's stock is set to 0 before any win.
    await edit(e, gold(0));
    expect([await won(e, 'ann'), await won(e, 'bob')]).toEqual(['thanks', 'thanks']);
    expect(await issued({ a, b, c, d, e })).toEqual({ 'a/gold': 1, 'b/gold': 1, 'c/gold': 1, 'd/gold': 2 });
  });

  it('gives back the stock it took for a prize the budget refuses, in that campaign only', async () => {
    const gold = prize('gold', { odds: 100, stock: 2, value: 6 });
    const a = await liveWheel({ prizes: [gold, THANKS], budget: { total: 10 } });
    const b = await liveWheel({ prizes: [gold, THANKS] });
    expect(await won(b, 'ann')).toBe('gold');
    expect(await won(a, 'ann')).toBe('gold');
    // 6 of 10 spent: another 6 does not fit.
    expect([await won(a, 'bob'), await won(a, 'cat')]).toEqual(['thanks', 'thanks']);
    expect(await issued({ a, b })).toEqual({ 'a/gold': 1, 'b/gold': 1 });
    // With a larger budget gold's second unit is given, and then no more.
    await edit(a, { prizes: [gold, THANKS], budget: { total: 100 } });
    expect([await won(a, 'bob'), await won(a, 'dan')]).toEqual(['gold', 'thanks']);
    expect(await issued({ a, b })).toEqual({ 'a/gold': 2, 'b/gold': 1 });
  });

  it("lists a campaign's own winners in its report and export; another project's campaign is not found", async () => {
    const config = { prizes: [prize('gold', { odds: 100, unlimitedStock: true }), THANKS] };
    const [r1, r2] = [await liveWheel(config), await liveWheel(config)];
    const elsewhere = await liveWheel(config, otherProject);
    const rewardsOf = async (campaignId: string, users: string[], project = projectId) => {
      const ids: string[] = [];
      for (const user of users) ids.push((await draw(campaignId, user, project)).rewardId as string);
      return ids.sort();
    };
    const inR1 = await rewardsOf(r1, ['ann', 'bob']);
    const inR2 = await rewardsOf(r2, ['ann', 'cat']);
    const inElsewhere = await rewardsOf(elsewhere, ['ann'], otherProject);

    const report = (campaignId: string, project: string) =>
      call<{ participation: { winners: { rewardId: string; userId: string }[] } }>(
        t.app,
        'GET',
        `/api/campaigns/${campaignId}/report`,
        { token: owner.token, projectId: project },
      );
    const winners = async (campaignId: string, project = projectId) => {
      const answer = await report(campaignId, project);
      expect(answer.status).toBe(200);
      return answer.body.data.participation.winners.map((w) => w.rewardId).sort();
    };
    expect(await winners(r1)).toEqual(inR1);
    expect(await winners(r2)).toEqual(inR2);
    expect(await winners(elsewhere, otherProject)).toEqual(inElsewhere);

    const exported = (campaignId: string, project: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/campaigns/${campaignId}/report/export?section=winners`,
        headers: { authorization: `Bearer ${owner.token}`, 'x-project-id': project },
      });
    const csv = await exported(r1, projectId);
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.trim().split(/\r?\n/).slice(1);
    expect(lines.map((line) => line.split(',')[0]).sort()).toEqual(inR1);

    // A campaign is read in its own project only.
    expect((await report(elsewhere, projectId)).status).toBe(404);
    expect((await report(r1, otherProject)).status).toBe(404);
    expect((await exported(r1, otherProject)).statusCode).toBe(404);
  });

  it("takes a reward's form from its winner, through its own campaign only", async () => {
    const form = await call<{ id: string }>(t.app, 'POST', '/api/reward-forms', {
      token: owner.token,
      projectId,
      body: { title: 'Delivery', items: [{ label: 'Name', type: 'text', required: true }] },
    });
    expect(form.status, JSON.stringify(form.body)).toBe(200);
    const config = {
      prizes: [prize('box', { odds: 100, unlimitedStock: true, formId: form.body.data.id }), THANKS],
    };
    const [f1, f2] = [await liveWheel(config), await liveWheel(config)];
    const annInF1 = await draw(f1, 'ann');
    const bobInF1 = await draw(f1, 'bob');
    const annInF2 = await draw(f2, 'ann');

    const submit = (campaignId: string, token: string, rewardId: string | null, name: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/play/v1/campaigns/${campaignId}/rewards/${rewardId}/form`,
        headers: { authorization: `Participant ${token}` },
        payload: { values: { Name: name } },
      });
    const refusals = [
      // Another participant of the campaign.
      await submit(f1, bobInF1.token, annInF1.rewardId, 'Bob'),
      // The winner through another campaign, both ways, and a participant of that campaign.
      await submit(f2, annInF2.token, annInF1.rewardId, 'Ann'),
      await submit(f1, annInF1.token, annInF2.rewardId, 'Ann'),
      await submit(f2, annInF2.token, bobInF1.rewardId, 'Ann'),
    ];
    for (const refused of refusals) {
      expect(refused.statusCode, refused.body).toBe(404);
      expect(refused.json().data.error).toBe('play.rewardNotFound');
    }
    const submissions = async (state: string) =>
      (
        await call<{ total: number }>(
          t.app,
          'GET',
          `/api/reward-forms/${form.body.data.id}/submissions?state=${state}`,
          {
            token: owner.token,
            projectId,
          },
        )
      ).body.data.total;
    expect([await submissions('pending'), await submissions('submitted')]).toEqual([3, 0]);

    const own = await submit(f1, annInF1.token, annInF1.rewardId, 'Ann');
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().data.reward).toMatchObject({ id: annInF1.rewardId, form: { state: 'submitted' } });
    expect([await submissions('pending'), await submissions('submitted')]).toEqual([2, 1]);
  });
});
