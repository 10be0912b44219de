import { describe, expect, it } from 'vitest';
import {
  chanceBalance,
  chanceRules,
  chanceSpend,
  countersAfter,
  decideShare,
  inviteGrant,
  shareEarns,
  shareGrant,
  spendBucket,
  type ShareSituation,
} from './chances';
import { playDay } from './playDay';

const counters = (over = {}) => ({ poolUsed: 0, dailyPeriod: null, dailyUsed: 0, granted: 0, ...over });

describe('chances', () => {
  it('reads the gameplays’ chances and the daily sub-activities’ dailyChances', () => {
    expect(
      chanceRules({ chances: { initialCount: 2, dailyFree: 1, perShare: 1, shareCap: 3 } }),
    ).toMatchObject({
      initialCount: 2,
      dailyFree: 1,
      perShare: 1,
      shareCap: 3,
      unlimited: false,
    });
    expect(chanceRules({ dailyChances: 3 })).toMatchObject({
      initialCount: 0,
      dailyFree: 3,
      unlimited: false,
    });
    expect(chanceRules({})).toMatchObject({ unlimited: true });
  });

  it('spends daily free chances first and resets them on a new local day', () => {
    const rules = chanceRules({ chances: { initialCount: 1, dailyFree: 2 } });
    const day = '2026-03-01';
    expect(chanceBalance(rules, counters(), day)).toEqual({
      left: 3,
      unlimited: false,
      dailyFree: 2,
      dailyLeft: 2,
      poolLeft: 1,
    });
    expect(spendBucket(rules, counters({ dailyPeriod: day, dailyUsed: 1 }), day)).toBe('daily');
    expect(spendBucket(rules, counters({ dailyPeriod: day, dailyUsed: 2 }), day)).toBe('pool');
    expect(spendBucket(rules, counters({ dailyPeriod: day, dailyUsed: 2, poolUsed: 1 }), day)).toBeNull();
    // The next day the daily ones are back; the pool stays spent.
    expect(
      chanceBalance(rules, counters({ dailyPeriod: day, dailyUsed: 2, poolUsed: 1 }), '2026-03-02').left,
    ).toBe(2);
    expect(spendBucket(chanceRules({}), counters(), day)).toBe('unlimited');
  });

  it('caps chances earned by shares per day and by invites in total (0 = unlimited)', () => {
    const rules = chanceRules({
      chances: { initialCount: 0, dailyFree: 0, perShare: 2, shareCap: 3, perInvite: 1, inviteCap: 0 },
    });
    expect([shareGrant(rules, 0), shareGrant(rules, 2), shareGrant(rules, 3)]).toEqual([2, 1, 0]);
    expect(inviteGrant(rules, 500)).toBe(1);
    expect(shareGrant(chanceRules({ chances: { initialCount: 0, dailyFree: 0 } }), 0)).toBe(0);
  });

  it('gives the daily free chances back at midnight of the campaign zone, not of UTC or the server', () => {
    const rules = chanceRules({ chances: { initialCount: 0, dailyFree: 1 } });
    const zone = 'GMT+08:00';
    // 23:59 in Shanghai (15:59 UTC): the day's chance is spent.
    const spentAt = Date.parse('2026-03-01T15:59:00Z');
    const spent = counters({ dailyPeriod: playDay(spentAt, zone), dailyUsed: 1 });
    expect(spendBucket(rules, spent, playDay(spentAt + 30_000, zone))).toBeNull();
    // 00:01 in Shanghai, still 1 March in UTC: a new day there.
    const next = spentAt + 2 * 60_000;
    expect(chanceBalance(rules, spent, playDay(next, zone))).toMatchObject({ left: 1, dailyLeft: 1 });
    expect(spendBucket(rules, spent, playDay(next, zone))).toBe('daily');
    // In New York the same instants are one afternoon: nothing comes back.
    const ny = counters({ dailyPeriod: playDay(spentAt, 'America/New_York'), dailyUsed: 1 });
    expect(spendBucket(rules, ny, playDay(next, 'America/New_York'))).toBeNull();
    // New York's midnight after daylight saving starts (8 March 2026): 04:00 UTC, not 05:00.
    expect(playDay(Date.parse('2026-03-09T03:59:00Z'), 'America/New_York')).toBe('2026-03-08');
    expect(playDay(Date.parse('2026-03-09T04:00:00Z'), 'America/New_York')).toBe('2026-03-09');
  });

  it('counts the daily sub-activities’ dailyChances per day with no pool', () => {
    const rules = chanceRules({ dailyChances: 2 });
    const day = '2026-05-01';
    expect(chanceBalance(rules, counters({ dailyPeriod: day, dailyUsed: 1 }), day)).toEqual({
      left: 1,
      unlimited: false,
      dailyFree: 2,
      dailyLeft: 1,
      poolLeft: 0,
    });
    expect(spendBucket(rules, counters({ dailyPeriod: day, dailyUsed: 2 }), day)).toBeNull();
    expect(spendBucket(rules, counters({ dailyPeriod: day, dailyUsed: 2 }), '2026-05-02')).toBe('daily');
  });

  it('keeps earned chances in the pool across days', () => {
    const rules = chanceRules({ chances: { initialCount: 1, dailyFree: 0, perShare: 1 } });
    const c = counters({ poolUsed: 1, granted: 2 });
    expect(chanceBalance(rules, c, '2026-03-01')).toMatchObject({ left: 2, poolLeft: 2, dailyLeft: 0 });
    expect(chanceBalance(rules, c, '2026-03-09')).toMatchObject({ left: 2, poolLeft: 2 });
    expect(spendBucket(rules, c, '2026-03-09')).toBe('pool');
    expect(chanceBalance(rules, counters({ poolUsed: 3, granted: 2 }), '2026-03-09').left).toBe(0);
  });

  it('treats a cap of 0 as unlimited and grants nothing when a share or invite earns nothing', () => {
    const open = chanceRules({ chances: { initialCount: 0, dailyFree: 0, perShare: 3, perInvite: 2 } });
    expect(shareGrant(open, 10_000)).toBe(3);
    expect(inviteGrant(open, 10_000)).toBe(2);
    const capped = chanceRules({
      chances: { initialCount: 0, dailyFree: 0, perShare: 1, shareCap: 2, perInvite: 5, inviteCap: 7 },
    });
    expect([inviteGrant(capped, 0), inviteGrant(capped, 5), inviteGrant(capped, 7)]).toEqual([5, 2, 0]);
    expect(shareGrant(capped, 2)).toBe(0);
    const none = chanceRules({ chances: { initialCount: 0, dailyFree: 0, shareCap: 5, inviteCap: 5 } });
    expect([shareGrant(none, 0), inviteGrant(none, 0)]).toEqual([0, 0]);
  });

  it('cuts days at midnight of the campaign time zone', () => {
    const at = Date.parse('2026-03-01T15:59:00Z');
    expect(playDay(at, 'GMT+08:00')).toBe('2026-03-01');
    expect(playDay(at + 2 * 60_000, 'GMT+08:00')).toBe('2026-03-02');
    expect(playDay(at + 2 * 60_000, 'GMT-05:00')).toBe('2026-03-01');
    expect(playDay(Date.parse('2026-03-02T04:30:00Z'), 'America/New_York')).toBe('2026-03-01');
  });
});

describe('chance rules read from a config', () => {
  it('counts positive numbers only, in whole chances', () => {
    expect(
      chanceRules({ chances: { initialCount: '3', dailyFree: -2, perShare: 1.7, shareCap: Infinity } }),
    ).toMatchObject({ initialCount: 0, dailyFree: 0, perShare: 1, shareCap: 0, unlimited: false });
  });

  it("reads a dice board's initial dice as its starting pool, with no daily chances", () => {
    expect(chanceRules({ initialDice: 3, tasks: [] })).toEqual({
      initialCount: 3,
      dailyFree: 0,
      perShare: 0,
      shareCap: 0,
      perInvite: 0,
      inviteCap: 0,
      unlimited: false,
    });
    // Named chances come first.
    expect(chanceRules({ initialDice: 3, chances: { initialCount: 1 } })).toMatchObject({ initialCount: 1 });
  });

  it('treats chances that are not an object as none', () => {
    expect(chanceRules({ chances: 'x' })).toMatchObject({ unlimited: true });
    expect(chanceRules({ chances: 5, dailyChances: 2 })).toMatchObject({ dailyFree: 2, unlimited: false });
  });

  it('never counts below zero when the rules shrink after chances were spent', () => {
    const rules = chanceRules({ chances: { initialCount: 1, dailyFree: 1 } });
    const day = '2026-03-01';
    expect(chanceBalance(rules, counters({ dailyPeriod: day, dailyUsed: 3, poolUsed: 4 }), day)).toEqual({
      left: 0,
      unlimited: false,
      dailyFree: 1,
      dailyLeft: 0,
      poolLeft: 0,
    });
  });
});

describe('chanceSpend and countersAfter', () => {
  const rules = chanceRules({ chances: { dailyFree: 2, initialCount: 1 } });
  const start = { poolUsed: 0, dailyPeriod: null, dailyUsed: 0, granted: 0, actions: 0, wins: 0 };

  it('spends two free chances of a day, then the pool, then none; a new day restarts the count', () => {
    let entry = start;
    const spent: (string | null)[] = [];
    for (let i = 0; i < 4; i++) {
      const spend = chanceSpend(rules, entry, '2026-03-01');
      spent.push(spend?.bucket ?? null);
      if (spend) entry = countersAfter(entry, spend, i === 1);
    }
    expect(spent).toEqual(['daily', 'daily', 'pool', null]);
    expect(entry).toEqual({
      poolUsed: 1,
      dailyPeriod: '2026-03-01',
      dailyUsed: 2,
      granted: 0,
      actions: 3,
      wins: 1,
    });
    const nextDay = chanceSpend(rules, entry, '2026-03-02');
    expect(nextDay).toEqual({ bucket: 'daily', today: '2026-03-02' });
    expect(countersAfter(entry, nextDay, false)).toMatchObject({
      dailyPeriod: '2026-03-02',
      dailyUsed: 1,
    });
  });

  it('counts an action that spends no chance of this entry, and an unlimited one, without touching chances', () => {
    expect(countersAfter(start, null, true)).toEqual({ ...start, actions: 1, wins: 1 });
    expect(countersAfter(start, { bucket: 'unlimited', today: '2026-03-01' }, false)).toEqual({
      ...start,
      actions: 1,
    });
  });
});

describe('decideShare', () => {
  const rules = chanceRules({ chances: { initialCount: 0, dailyFree: 1, perShare: 2, shareCap: 3 } });
  const share = (over: Partial<ShareSituation>) =>
    decideShare({ rules, standing: 'play', earnedToday: 0, channel: 'wechat', ...over });

  it('earns perShare up to shareCap a day and counts as a page event while one may play', () => {
    expect(share({})).toEqual({ granted: 2, channel: 'wechat', pageEvent: true });
    expect(share({ earnedToday: 2 })).toEqual({ granted: 1, channel: 'wechat', pageEvent: true });
    // The cap reached: still recorded and still a page event, earning nothing.
    expect(share({ earnedToday: 3 })).toEqual({ granted: 0, channel: 'wechat', pageEvent: true });
    expect(share({ earnedToday: 7 }).granted).toBe(0);
  });

  it('lets an anonymous visitor of a sign-in campaign earn, without a page event', () => {
    expect(shareEarns('loginRequired')).toBe(true);
    expect(share({ standing: 'loginRequired', earnedToday: 1 })).toEqual({
      granted: 2,
      channel: 'wechat',
      pageEvent: false,
    });
  });

  it('records a share of a closed campaign, earning nothing and counting no event', () => {
    expect(shareEarns('closed')).toBe(false);
    expect(shareEarns('play')).toBe(true);
    expect(share({ standing: 'closed' })).toEqual({ granted: 0, channel: 'wechat', pageEvent: false });
  });

  it('keeps a channel sent as text only', () => {
    expect(share({ channel: undefined }).channel).toBeNull();
    expect(share({ channel: 3 }).channel).toBeNull();
    expect(share({ channel: ['wechat'] }).channel).toBeNull();
    expect(share({ channel: '' }).channel).toBe('');
  });

  it('earns nothing where shares earn nothing, and without a cap every time', () => {
    const none = chanceRules({ chances: { initialCount: 1, dailyFree: 0 } });
    expect(decideShare({ rules: none, standing: 'play', earnedToday: 0, channel: null })).toEqual({
      granted: 0,
      channel: null,
      pageEvent: true,
    });
    const uncapped = chanceRules({ chances: { initialCount: 0, dailyFree: 0, perShare: 1 } });
    expect(decideShare({ rules: uncapped, standing: 'play', earnedToday: 500, channel: 'x' }).granted).toBe(
      1,
    );
  });
});
