import { describe, expect, it } from 'vitest';
import {
  decideDevices,
  hasRiskRules,
  minuteWindow,
  rewardAllowances,
  riskRulesOf,
  velocityAllowances,
} from './riskRules';

const actor = {
  participantId: 'p1',
  deviceId: 'd1',
  userId: 'u1',
  ip: '203.0.113.7',
  subnet: '203.0.113.0/24',
};

describe('risk rules of a config', () => {
  it('reads positive whole limits only; 0, missing or malformed mean no limit', () => {
    const rules = riskRulesOf({
      risk: {
        rewardsPerDay: { device: 3, ip: 0, subnet: 2.5, user: '4' },
        velocity: { participant: 10, address: -1 },
        devicesPerUser: { max: 2, action: 'flag' },
        usersPerDevice: { max: 0, action: 'refuse' },
      },
    });
    expect(rules).toEqual({
      rewardsPerDay: { device: 3 },
      velocity: { participant: 10 },
      devicesPerUser: { max: 2, action: 'flag' },
      usersPerDevice: null,
    });
    expect(hasRiskRules(rules)).toBe(true);
    expect(hasRiskRules(riskRulesOf({}))).toBe(false);
    expect(riskRulesOf({ risk: { devicesPerUser: { max: 1, action: 'other' } } }).devicesPerUser).toEqual({
      max: 1,
      action: 'refuse',
    });
  });

  it("counts rewards per key in the campaign's local day, skipping keys nobody knows", () => {
    const rules = riskRulesOf({ risk: { rewardsPerDay: { device: 1, ip: 2, subnet: 3, user: 4 } } });
    // 2026-03-01T17:30Z is 2026-03-02 in GMT+08:00.
    const at = Date.parse('2026-03-01T17:30:00Z');
    expect(rewardAllowances(rules, actor, at, 'GMT+08:00')).toEqual([
      { scope: 'device', key: 'd1', window: '2026-03-02', limit: 1 },
      { scope: 'ip', key: '203.0.113.7', window: '2026-03-02', limit: 2 },
      { scope: 'subnet', key: '203.0.113.0/24', window: '2026-03-02', limit: 3 },
      { scope: 'user', key: 'u1', window: '2026-03-02', limit: 4 },
    ]);
    expect(
      rewardAllowances(rules, { participantId: 'p2', deviceId: null, userId: 'u2' }, at, 'GMT+00:00'),
    ).toEqual([{ scope: 'user', key: 'u2', window: '2026-03-01', limit: 4 }]);
  });

  it('counts actions per whole minute, per participant and per address', () => {
    const rules = riskRulesOf({ risk: { velocity: { participant: 5, address: 50 } } });
    const at = Date.parse('2026-03-01T00:01:59.999Z');
    expect(minuteWindow(at)).toBe(`m${Math.floor(at / 60_000)}`);
    expect(minuteWindow(at + 1)).not.toBe(minuteWindow(at));
    expect(velocityAllowances(rules, actor, at)).toEqual([
      { scope: 'participant', key: 'p1', window: minuteWindow(at), limit: 5 },
      { scope: 'address', key: '203.0.113.7', window: minuteWindow(at), limit: 50 },
    ]);
  });

  it('decides a session by its devices: within both rules it passes; a refusal wins over a flag', () => {
    const both = riskRulesOf({
      risk: { devicesPerUser: { max: 2, action: 'flag' }, usersPerDevice: { max: 3, action: 'refuse' } },
    });
    expect(decideDevices(both, 2, 3)).toEqual({ verdict: 'pass' });
    expect(decideDevices(both, 3, 3)).toEqual({ verdict: 'flag', rule: 'devicesPerUser' });
    expect(decideDevices(both, 2, 4)).toEqual({ verdict: 'refuse', rule: 'usersPerDevice' });
    expect(decideDevices(both, 3, 4)).toEqual({ verdict: 'refuse', rule: 'usersPerDevice' });
    expect(decideDevices(riskRulesOf({}), 99, 99)).toEqual({ verdict: 'pass' });
  });
});
