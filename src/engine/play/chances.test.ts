import { describe, expect, it } from 'vitest';
import { chanceBalance, chanceRules, inviteGrant, shareGrant, spendBucket } from './chances';
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

  it('cuts days at midnight of the campaign time zone', () => {
    const at = Date.parse('2026-03-01T15:59:00Z');
    expect(playDay(at, 'GMT+08:00')).toBe('2026-03-01');
    expect(playDay(at + 2 * 60_000, 'GMT+08:00')).toBe('2026-03-02');
    expect(playDay(at + 2 * 60_000, 'GMT-05:00')).toBe('2026-03-01');
    expect(playDay(Date.parse('2026-03-02T04:30:00Z'), 'America/New_York')).toBe('2026-03-01');
  });
});
