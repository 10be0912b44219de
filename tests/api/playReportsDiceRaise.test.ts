import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/testApp';
import { call } from './helpers/api';
import { createProject, login, signUpOwner, type SignedIn } from './helpers/accounts';
import { campaignAction, createCampaign, templateConfig, withTimes } from './helpers/campaigns';
import { act, apiSecretOf, playPage, signedSession, type PlaySession } from './helpers/play';
import { accessKey, sdkEvent, sendServerEvents } from './helpers/sdk';

// The activity report's sections for the dice board (`participation.dice`, CSV
// `dice`: rolls per day, laps, wins per prize cell, dice the tasks granted) and the raising
// (`participation.raise`, CSV `raise`: the stage funnel, pets failed now by cause, revivals, helps,
// rewards). The die is thrown on the server: the dice figures are derived from the roll answers.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const text = (en: string) => ({ 'zh-CN': `${en}（中）`, 'en-US': en });

interface RollResult {
  roll: number;
  position: number;
  laps: number;
  cellPrizeId: string | null;
  outcome: string;
}

interface DiceReport {
  boardSize: number;
  initialDice: number;
  players: number;
  rolls: number;
  outcomes: Record<string, number>;
  days: { date: string; rolls: number; players: number; wins: number }[];
  laps: { bucket: string; players: number }[];
  cells: { index: number; prizeId: string; landed: number; won: number; notGiven: number }[];
  tasks: Record<string, unknown>[];
  diceGranted: number;
}

interface Report {
  participation: { available: boolean; dice?: DiceReport; raise?: Record<string, unknown> };
}

describe('activity report: dice board and raising', () => {
  let t: TestApp;
  let owner: SignedIn;
  let projectId: string;
  let secret: string;
  let key: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUpOwner(t.app, 'reports-dice@example.com');
    projectId = await createProject(t.app, owner, 'Reports dice', 'repdice');
    secret = await apiSecretOf(t.app, projectId);
    key = await accessKey(t.app, owner, projectId);
    for (const k of ['order_paid', 'feed_pet']) {
      const defined = await call(t.app, 'POST', '/api/events', {
        token: owner.token,
        projectId,
        body: { key: k, name: k },
      });
      expect(defined.status, JSON.stringify(defined.body)).toBe(200);
    }
  });
  afterAll(async () => t.close());

  const dateOf = (ms: number) => new Date(ms + 8 * HOUR).toISOString().slice(0, 10);

  /** A live campaign in GMT+08:00 that started an hour ago. */
  async function live(mark: string, config: Record<string, unknown>) {
    // Days have passed in an earlier test: the console session has expired meanwhile.
    owner = await login(t.app, 'reports-dice@example.com');
    const created = await createCampaign(t.app, owner, projectId, {
      mark,
      config: {
        ...withTimes(config, new Date(t.clock.now().getTime() - HOUR), 5),
        timezone: 'GMT+08:00',
      },
    });
    expect((await campaignAction(t.app, owner, projectId, created.id, 'goOnline')).status).toBe(200);
    return created.id;
  }

  const appEvents = (userId: string, name: string, n = 1) =>
    sendServerEvents(
      t.app,
      key,
      Array.from({ length: n }, () =>
        sdkEvent({
          name,
          deviceId: `${userId}-phone`,
          userId,
          platform: 'android',
          time: t.clock.now().toISOString(),
        }),
      ),
    );

  const report = async (id: string) => {
    owner = await login(t.app, 'reports-dice@example.com');
    const answer = await call<Report>(t.app, 'GET', `/api/campaigns/${id}/report`, {
      token: owner.token,
      projectId,
      lang: 'en',
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data.participation;
  };
  const csv = async (id: string, section: string, lang: 'en' | 'zh-cn' = 'en') => {
    const answer = await t.app.inject({
      method: 'GET',
      url: `/api/campaigns/${id}/report/export?section=${section}`,
      headers: { authorization: `Bearer ${owner.token}`, 'x-project-id': projectId, 'x-lang': lang },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.body.startsWith('\uFEFF')).toBe(true);
    return answer.body.slice(1).split('\r\n');
  };

  it('reports rolls per day, laps, wins per prize cell and the dice tasks granted, and exports them', async () => {
    const base = await templateConfig(t.app, 'gameplay', 'dice', 'classic');
    const id = await live('dice', {
      ...base,
      boardSize: 8,
      initialDice: 3,
      tasks: [
        { id: 'order', title: text('Order'), event: 'order_paid', dice: 2, dailyLimit: 2 },
        { id: 'share', title: text('Share'), event: 'share', dice: 1, dailyLimit: 3 },
        { id: 'idle', title: text('Idle'), event: 'never_sent', dice: 5, dailyLimit: 1 },
      ],
      // Every cell but the start holds a prize: coins (unlimited), a gift (one in stock, on two
      // cells: the second landing is out of stock) and a thank-you (landed, never won).
      cells: [
        { index: 1, prizeId: 'coins' },
        { index: 2, prizeId: 'gift' },
        { index: 3, prizeId: 'coins' },
        { index: 4, prizeId: 'gift' },
        { index: 5, prizeId: 'coins' },
        { index: 6, prizeId: 'thanks' },
        { index: 7, prizeId: 'coins' },
      ],
      prizes: [
        {
          id: 'coins',
          name: text('Coins'),
          deliveryType: 'system',
          isThank: false,
          unlimitedStock: true,
          stock: 0,
        },
        { id: 'gift', name: text('Gift'), deliveryType: 'system', isThank: false, stock: 1 },
        { id: 'thanks', name: text('Thanks'), deliveryType: 'system', isThank: true, stock: 0 },
      ],
    });
    const day0 = t.clock.now().getTime();
    const sessions: Record<string, PlaySession> = {};
    for (const userId of ['amy', 'ben', 'cat', 'dan']) {
      sessions[userId] = await signedSession(t.app, id, userId, secret);
      expect((await playPage(t.app, id, sessions[userId].token)).status).toBe(200);
    }
    // amy: 3 initial + 2 orders x 2 dice (the third is over the daily limit) + a share's die = 8;
    // ben: 3 + one order's 2 = 5; dan: his 1 roll of 3; cat never rolls.
    await appEvents('amy', 'order_paid', 3);
    await appEvents('ben', 'order_paid');
    const shared = await act(t.app, id, sessions.amy.token, 'share', { body: { channel: 'wechat' } });
    expect(shared.status, JSON.stringify(shared.body)).toBe(200);

    const rolled: { userId: string; day: number; r: RollResult }[] = [];
    const roll = async (userId: string, n: number, day: number) => {
      for (let i = 0; i < n; i++) {
        const answer = await act<{ result: RollResult }>(t.app, id, sessions[userId].token, 'roll');
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        rolled.push({ userId, day, r: answer.body.data.result });
      }
    };
    await roll('amy', 4, 0);
    await roll('ben', 5, 0);
    await roll('dan', 1, 0);
    // The next day (a new session: the first one has expired).
    t.clock.advance(DAY);
    sessions.amy = await signedSession(t.app, id, 'amy', secret);
    await roll('amy', 4, 1);
    expect((await act(t.app, id, sessions.amy.token, 'roll')).status).toBe(409);

    // The expected figures, from the answers.
    const count = (pick: (x: (typeof rolled)[number]) => boolean) => rolled.filter(pick).length;
    const lastLaps = ['amy', 'ben', 'dan'].map((u) => rolled.filter((x) => x.userId === u).at(-1)!.r.laps);
    const bucketOf = (laps: number) =>
      laps >= 10 ? '10+' : laps >= 6 ? '6-9' : laps >= 4 ? '4-5' : String(laps);
    const prizes = ['coins', 'gift', 'coins', 'gift', 'coins', 'thanks', 'coins'];
    const cells = prizes.map((prizeId, i) => ({
      index: i + 1,
      prizeId,
      landed: count((x) => x.r.position === i + 1),
      won: count((x) => x.r.position === i + 1 && x.r.outcome === 'win'),
      notGiven: count((x) => x.r.position === i + 1 && x.r.outcome === 'outOfStock'),
    }));
    const outcomes = {
      win: count((x) => x.r.outcome === 'win'),
      move: count((x) => x.r.outcome === 'move'),
      outOfStock: count((x) => x.r.outcome === 'outOfStock'),
      overBudget: 0,
    };
    // Every landing on a prize cell, the thank-you aside, is a win but the gift's after the first.
    expect(outcomes.win + outcomes.move + outcomes.outOfStock).toBe(14);
    expect(cells[1].won + cells[3].won).toBeLessThanOrEqual(1);
    expect(outcomes.move).toBe(count((x) => x.r.position === 0 || x.r.position === 6));
    const days = [0, 1].map((day) => ({
      date: dateOf(day0 + day * DAY),
      rolls: count((x) => x.day === day),
      players: day === 0 ? 3 : 1,
      wins: count((x) => x.day === day && x.r.outcome === 'win'),
    }));
    const laps = ['0', '1', '2', '3', '4-5', '6-9', '10+'].map((bucket) => ({
      bucket,
      players: lastLaps.filter((l) => bucketOf(l) === bucket).length,
    }));
    // dan's one throw never goes round a board of 8.
    expect(lastLaps[2]).toBe(0);

    const p = await report(id);
    expect(p.raise).toBeUndefined();
    expect(p.dice).toEqual({
      boardSize: 8,
      initialDice: 3,
      players: 3,
      rolls: 14,
      outcomes,
      days,
      laps,
      cells,
      tasks: [
        { id: 'order', title: 'Order', event: 'order_paid', completions: 3, players: 2, dice: 6 },
        { id: 'share', title: 'Share', event: 'share', completions: 1, players: 1, dice: 1 },
        { id: 'idle', title: 'Idle', event: 'never_sent', completions: 0, players: 0, dice: 0 },
      ],
      diceGranted: 7,
    });

    const lines = await csv(id, 'dice');
    expect(lines).toEqual([
      'Figure,Item,Count,Prize ID',
      'players,,3,',
      'rolls,,14,',
      `win,,${outcomes.win},`,
      `move,,${outcomes.move},`,
      `outOfStock,,${outcomes.outOfStock},`,
      'overBudget,,0,',
      'diceGranted,,7,',
      ...days.flatMap((d) => [
        `rolls,${d.date},${d.rolls},`,
        `players,${d.date},${d.players},`,
        `win,${d.date},${d.wins},`,
      ]),
      ...laps.map((b) => `laps,${b.bucket},${b.players},`),
      ...cells.flatMap((c) => [
        `cellLanded,${c.index},${c.landed},${c.prizeId}`,
        `cellWon,${c.index},${c.won},${c.prizeId}`,
        `cellNotGiven,${c.index},${c.notGiven},${c.prizeId}`,
      ]),
      'taskCompletions,order,3,',
      'taskDice,order,6,',
      'taskCompletions,share,1,',
      'taskDice,share,1,',
      'taskCompletions,idle,0,',
      'taskDice,idle,0,',
      '',
    ]);
    expect((await csv(id, 'dice', 'zh-cn'))[0]).toBe('指标,项,数量,奖品ID');
  });

  it('reports the stage funnel, pets failed now by cause, revivals, helps and rewards, and exports them', async () => {
    const base = await templateConfig(t.app, 'gameplay', 'raising', 'dog');
    const id = await live('raising', {
      ...base,
      stages: { stage1: 30, stage2: 60, stage3: 100 },
      energyPerEvent: 0.25,
      initialProgress: 10,
      food: { full: 99, initial: 20, perHour: 1, perEvent: 10 },
      helpProbability: 100,
      timeLimitHours: 30,
      revivalInvites: 1,
      events: ['feed_pet'],
      rewardPrizeId: 'toy',
      prizes: [{ id: 'toy', name: text('Toy'), deliveryType: 'system', isThank: false, stock: 1 }],
    });
    const session = (userId: string, inviter?: PlaySession) =>
      signedSession(t.app, id, userId, secret, inviter ? { inviter: inviter.participant.code } : {});
    // Hour 0: six pets adopted (fay's by cat's link). amy and eve grow (4 x 25 % from 10 %): amy
    // takes the only toy, eve's reward is out of stock; cat eats twice (60 %, stage 2, 40 g); fay
    // helps cat (85 %, 50 g) and amy (grown: the help does not count).
    const [amy, ben, cat] = [await session('amy'), await session('ben'), await session('cat')];
    await session('dan');
    await session('eve');
    const fay = await session('fay', cat);
    await appEvents('amy', 'feed_pet', 4);
    await appEvents('eve', 'feed_pet', 4);
    await appEvents('cat', 'feed_pet', 2);
    for (const owner of [cat, amy]) {
      const helped = await act(t.app, id, fay.token, 'help', { body: { code: owner.participant.code } });
      expect(helped.status, JSON.stringify(helped.body)).toBe(200);
    }

    // Hour 21: the 20 g bowls of ben, dan and fay emptied at hour 20. Nothing touched those pets
    // since: the report brings them forward.
    t.clock.advance(21 * HOUR);
    let p = await report(id);
    expect(p.raise).toMatchObject({
      pets: 6,
      status: { growing: 1, failed: 3, grown: 2 },
      failures: { starved: 3, timeout: 0 },
      revivals: { revivals: 0, pets: 0 },
    });
    // ben's friend joins by his link (a seventh pet) and ben revives (20 g again, 30 h from now).
    await session('bf1', ben);
    const revived = await act(t.app, id, ben.token, 'revive');
    expect(revived.status, JSON.stringify(revived.body)).toBe(200);

    // Hour 31: cat's time limit (30 h) ended before her bowl (50 g) emptied.
    t.clock.advance(10 * HOUR);
    p = await report(id);
    expect(p.dice).toBeUndefined();
    expect(p.raise).toEqual({
      species: 'dog',
      rewardPrizeId: 'toy',
      pets: 7,
      funnel: [
        { step: 'adopted', pets: 7 },
        { step: 'stage1', pets: 3 },
        { step: 'stage2', pets: 3 },
        { step: 'grown', pets: 2 },
      ],
      status: { growing: 2, failed: 3, grown: 2 },
      failures: { starved: 2, timeout: 1 },
      revivals: { revivals: 1, pets: 1 },
      helps: { given: 2, succeeded: 1, helpers: 1, pets: 2 },
      rewards: { given: 1, outOfStock: 1, overBudget: 0, noPrize: 0 },
      // amy 4, eve 4, cat 2 and fay's help.
      events: 11,
    });

    expect(await csv(id, 'raise')).toEqual([
      'Figure,Item,Count',
      'funnel,adopted,7',
      'funnel,stage1,3',
      'funnel,stage2,3',
      'funnel,grown,2',
      'status,growing,2',
      'status,failed,3',
      'status,grown,2',
      'failed,starved,2',
      'failed,timeout,1',
      'revivals,,1',
      'revivedPets,,1',
      'helps,given,2',
      'helps,succeeded,1',
      'helps,helpers,1',
      'helps,pets,2',
      'rewards,given,1',
      'rewards,outOfStock,1',
      'rewards,overBudget,0',
      'rewards,noPrize,0',
      'events,,11',
      '',
    ]);
    expect((await csv(id, 'raise', 'zh-cn'))[0]).toBe('指标,项,数量');
  });

  it('shows a raising whose pets were only fed by the app, before anyone acted on the page', async () => {
    const base = await templateConfig(t.app, 'gameplay', 'raising', 'dog');
    const id = await live('raising', { ...base, events: ['feed_pet'] });
    expect((await report(id)).available).toBe(false);
    await signedSession(t.app, id, 'gus', secret);
    await appEvents('gus', 'feed_pet');
    const p = await report(id);
    expect(p.available).toBe(true);
    expect(p.raise).toMatchObject({ pets: 1, events: 1, status: { growing: 1, failed: 0, grown: 0 } });
  });
});
