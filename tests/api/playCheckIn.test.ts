import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appServers, createTestApp, type TestApp } from './helpers/testApp';
import { createProject, login, signUpOwner, type SignedIn } from './helpers/accounts';
import { campaignAction, createCampaign, templateConfig, withTimes } from './helpers/campaigns';
import { act, apiSecretOf, playPage, signedSession, type PlaySession } from './helpers/play';

// The daily sign-in through the participant API: one check-in per local day of the campaign's
// zone (GMT+08:00 here, whatever the server's), the day, streak and total rewards given once each,
// a make-up of a missed day paid by a share, and concurrent check-ins of one day counted once,
// also across two servers on one PostgreSQL.

const DAY = 86_400_000;

interface CheckInProgress {
  today: string;
  checkedToday: boolean;
  canCheckIn: boolean;
  refusal: string | null;
  cycle: number;
  position: number;
  streak: number;
  total: number;
  makeUpDays: string[];
  makeUpsLeft: number | null;
}

interface CheckInResult {
  day: string;
  position: number;
  streak: number;
  rewards: {
    kind: string;
    days: number;
    prizeId: string;
    outcome: string;
    reward: { prizeName: string } | null;
  }[];
}

describe('participant API: daily sign-in', () => {
  let t: TestApp;
  let owner: SignedIn;
  let projectId: string;
  let secret: string;
  let base: Record<string, unknown>;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUpOwner(t.app, 'checkin@example.com');
    projectId = await createProject(t.app, owner, 'Sign in', 'signin');
    secret = await apiSecretOf(t.app, projectId);
    base = await templateConfig(t.app, 'gameplay', 'daily-sign-in', 'seven-days');
  });
  afterAll(async () => t.close());

  const setClock = (ms: number) => t.clock.advance(ms - t.clock.now().getTime());

  /** A live sign-in starting at the next local midnight of GMT+08:00; the clock at 10:00 there. */
  async function liveSignIn(extra: Record<string, unknown>) {
    const now = t.clock.now().getTime();
    const localMidnight = Math.ceil((now + 8 * 3_600_000) / DAY) * DAY - 8 * 3_600_000;
    setClock(localMidnight + 10 * 3_600_000);
    // Days have passed in earlier tests: the console session has expired meanwhile.
    owner = await login(t.app, 'checkin@example.com');
    const created = await createCampaign(t.app, owner, projectId, {
      mark: 'daily-sign-in',
      config: { ...withTimes(base, new Date(localMidnight), 20), timezone: 'GMT+08:00', ...extra },
    });
    expect((await campaignAction(t.app, owner, projectId, created.id, 'goOnline')).status).toBe(200);
    return { id: created.id, localMidnight };
  }

  const progressOf = async (id: string, s: PlaySession) => {
    const page = await playPage<{ me: { progress: { checkIn: CheckInProgress } } }>(t.app, id, s.token);
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    return page.body.data.me.progress.checkIn;
  };

  // A session lasts a day: the player opens the page again each day, as they would.
  const checkIn = async (id: string, userId: string, body: Record<string, unknown> = {}) =>
    act<{ result: CheckInResult }>(
      t.app,
      id,
      (await signedSession(t.app, id, userId, secret)).token,
      'checkIn',
      {
        body,
        lang: 'en',
      },
    );
  const session = (id: string, userId: string) => signedSession(t.app, id, userId, secret);

  it('seven days in a row: each day its reward, the streak and total rewards once, day 8 a new cycle', async () => {
    const { id } = await liveSignIn({});
    const got: string[][] = [];
    for (let day = 0; day < 8; day++) {
      const answer = await checkIn(id, 'amy');
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      got.push(answer.body.data.result.rewards.map((r) => `${r.kind}:${r.prizeId}`));
      const again = await checkIn(id, 'amy');
      expect(again.status).toBe(409);
      expect(again.body.msg).toBe('You have already signed in today');
      t.clock.advance(DAY);
    }
    expect(got).toEqual([
      ['daily:points10'],
      ['daily:points10'],
      ['daily:points10', 'consecutive:points50'],
      ['daily:points10'],
      ['daily:points10'],
      ['daily:points10'],
      ['daily:points50', 'consecutive:coupon', 'accumulated:coupon'],
      ['daily:points10'],
    ]);
    const progress = await progressOf(id, await session(id, 'amy'));
    expect(progress).toMatchObject({ cycle: 1, position: 1, streak: 8, total: 8, canCheckIn: true });
    const records = await t.app.ctx.db
      .selectFrom('reward_records')
      .select(['prize_id'])
      .where('campaign_id', '=', id)
      .execute();
    expect(records).toHaveLength(11);
  });

  it('days follow the campaign zone: 23:59 and 00:00 local are two days', async () => {
    const { id, localMidnight } = await liveSignIn({});
    setClock(localMidnight + DAY - 60_000);
    const late = await checkIn(id, 'ben');
    expect(late.status).toBe(200);
    setClock(localMidnight + DAY);
    const early = await checkIn(id, 'ben');
    expect(early.status).toBe(200);
    expect([late.body.data.result.day, early.body.data.result.day]).toEqual([
      new Date(localMidnight + 8 * 3_600_000).toISOString().slice(0, 10),
      new Date(localMidnight + DAY + 8 * 3_600_000).toISOString().slice(0, 10),
    ]);
    expect(early.body.data.result.streak).toBe(2);
  });

  it('a missed day restarts the cycle unless made up; a make-up costs a share that day', async () => {
    const { id } = await liveSignIn({ allowMakeUp: true, makeUpShares: 1, makeUpLimit: 2 });
    expect((await checkIn(id, 'cat')).status).toBe(200);
    t.clock.advance(DAY);
    expect((await checkIn(id, 'cat')).status).toBe(200);
    t.clock.advance(2 * DAY); // one day missed
    const progress = await progressOf(id, await session(id, 'cat'));
    expect(progress.makeUpDays).toHaveLength(1);
    expect(progress.makeUpsLeft).toBe(0);
    const missed = progress.makeUpDays[0];
    const unpaid = await checkIn(id, 'cat', { day: missed });
    expect(unpaid.status).toBe(409);
    expect(unpaid.body.msg).toBe('Share the activity 1 times today to make up a day');
    expect(
      (await act(t.app, id, (await session(id, 'cat')).token, 'share', { body: { channel: 'wechat' } }))
        .status,
    ).toBe(200);
    const madeUp = await checkIn(id, 'cat', { day: missed });
    expect(madeUp.status, JSON.stringify(madeUp.body)).toBe(200);
    expect(madeUp.body.data.result).toMatchObject({ day: missed, position: 3, streak: 3 });
    // Today's check-in continues the cycle: day 4, and the 3-day streak reward came with the make-up.
    expect(madeUp.body.data.result.rewards.map((r) => r.kind)).toEqual(['daily', 'consecutive']);
    const today = await checkIn(id, 'cat');
    expect(today.body.data.result).toMatchObject({ position: 4, streak: 4 });
    // A day before the last check-in, or today's, is not a make-up.
    const old = await checkIn(id, 'cat', { day: '2020-01-01' });
    expect(old.status).toBe(400);
    // Without a make-up, a missed day starts a new cycle.
    t.clock.advance(2 * DAY);
    const restart = await checkIn(id, 'cat');
    expect(restart.body.data.result).toMatchObject({ position: 1, streak: 1 });
  });

  it('concurrent check-ins of one day count once, on every server', async () => {
    const { id } = await liveSignIn({});
    const dan = await signedSession(t.app, id, 'dan', secret);
    const { servers, close } = await appServers(t);
    try {
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, i) => act(servers[i % servers.length], id, dan.token, 'checkIn')),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    } finally {
      await close();
    }
    const rows = await t.app.ctx.db
      .selectFrom('play_checkins')
      .select('day')
      .where('campaign_id', '=', id)
      .execute();
    expect(rows).toHaveLength(1);
    const records = await t.app.ctx.db
      .selectFrom('reward_records')
      .select('id')
      .where('campaign_id', '=', id)
      .execute();
    expect(records).toHaveLength(1);
    // The same key twice answers the first result.
    t.clock.advance(DAY);
    const again = await session(id, 'dan');
    const first = await act(t.app, id, again.token, 'checkIn', { key: 'day-2' });
    const second = await act(t.app, id, again.token, 'checkIn', { key: 'day-2' });
    expect(second.status).toBe(200);
    expect(second.body.data.result).toEqual(first.body.data.result);
  });
});
