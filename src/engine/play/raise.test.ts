import { describe, expect, it } from 'vitest';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import dog from '../../../schemas/gameplays/raising/templates/dog.json';
import {
  adopt,
  advance,
  feedEvent,
  help,
  helpSucceeds,
  isValidEvent,
  nextFailure,
  raiseRulesOf,
  revive,
  stageOf,
  type RaiseRules,
  type RaiseState,
} from './raise';

const H = 3_600_000;
const T0 = Date.parse('2026-12-01T00:00:00Z');
const DOG = dog as Record<string, unknown>;
const rulesWith = (overrides: Record<string, unknown>) => raiseRulesOf({ ...DOG, ...overrides });

describe('raiseRulesOf', () => {
  it('reads the dog template in integers', () => {
    expect(raiseRulesOf(DOG)).toEqual({
      species: 'dog',
      stagesBp: [3000, 6000, 10000],
      energyBp: 500,
      initialProgressBp: 1000,
      foodFullCg: 9900,
      foodInitialCg: 2000,
      foodPerHourCg: 100,
      foodPerEventCg: 1000,
      helpBp: 5000,
      timeLimitMs: 72 * H,
      revivalInvites: 1,
      events: ['sign_in', 'share'],
      prizes: [
        { id: 'toy', isThank: false },
        { id: 'bag', isThank: false },
      ],
      rewardPrizeId: 'toy',
    });
  });

  it('takes the optional fields and rounds decimals exactly', () => {
    const rules = rulesWith({
      species: 'tree',
      stages: { stage1: 33.33, stage2: 66.67, stage3: 99.99 },
      energyPerEvent: 0.0003,
      food: { full: 99, initial: 35.5, perHour: 0.37, perEvent: 2.5 },
      helpProbability: 0.01,
      rewardPrizeId: 'bag',
    });
    expect(rules.species).toBe('tree');
    expect(rules.stagesBp).toEqual([3333, 6667, 9999]);
    expect(rules.energyBp).toBe(3);
    expect([rules.foodInitialCg, rules.foodPerHourCg, rules.foodPerEventCg]).toEqual([3550, 37, 250]);
    expect(rules.helpBp).toBe(1);
    expect(rules.rewardPrizeId).toBe('bag');
    expect(rulesWith({ food: { initial: 20, perHour: 0 } }).foodPerHourCg).toBe(0);
    expect(
      rulesWith({
        prizes: [
          { id: 'thanks', isThank: true },
          { id: 'bone', isThank: false },
        ],
        rewardPrizeId: 'missing',
      }).rewardPrizeId,
    ).toBe('bone');
  });

  it('does not crash on a partial config', () => {
    const rules = raiseRulesOf({});
    expect(rules).toMatchObject({
      species: 'dog',
      stagesBp: [3000, 6000, 10000],
      energyBp: 500,
      initialProgressBp: 0,
      foodInitialCg: 2000,
      foodPerHourCg: 100,
      foodPerEventCg: 1000,
      helpBp: 10000,
      timeLimitMs: 0,
      revivalInvites: 0,
      events: [],
      prizes: [],
      rewardPrizeId: null,
    });
    expect(raiseRulesOf({ stages: { stage1: 50, stage2: 20 }, events: ['a', 'a', 3] })).toMatchObject({
      stagesBp: [5000, 5000, 10000],
      events: ['a'],
    });
    expect(isValidEvent(raiseRulesOf(DOG), 'share')).toBe(true);
    expect(isValidEvent(raiseRulesOf(DOG), 'order_paid')).toBe(false);
  });

  it('falls back on values of the wrong kind and drops prizes and events without a name', () => {
    const rules = raiseRulesOf({
      stages: { stage1: '50', stage2: Infinity, stage3: NaN },
      energyPerEvent: Infinity,
      food: { initial: '30', perHour: -Infinity, perEvent: null },
      helpProbability: '50',
      timeLimitHours: 2.5,
      revivalInvites: '2',
      events: ['', 'share', 7],
      prizes: [{ name: 'no id' }, { id: '' }, { id: 5 }, 'bag', { id: 'toy', isThank: 'yes' }],
    });
    expect(rules).toEqual({
      species: 'dog',
      stagesBp: [3000, 6000, 10000],
      energyBp: 500,
      initialProgressBp: 0,
      foodFullCg: 9900,
      foodInitialCg: 2000,
      foodPerHourCg: 100,
      foodPerEventCg: 1000,
      helpBp: 10000,
      timeLimitMs: 0,
      revivalInvites: 0,
      events: ['share'],
      prizes: [{ id: 'toy', isThank: false }],
      rewardPrizeId: 'toy',
    });
  });
});

describe('growth', () => {
  it('a dog from 10 % at 0.05 per event reaches stage 1, 2, 3 on the 4th, 10th and 18th event', () => {
    const rules = raiseRulesOf(DOG);
    let state = adopt(rules, T0);
    expect(state).toEqual({
      progressBp: 1000,
      foodCg: 2000,
      stage: 0,
      status: 'growing',
      failure: null,
      startedAt: T0,
      at: T0,
      failedAt: null,
      revivals: 0,
    });
    const reachedOn: Record<number, number> = {};
    let grownOn = 0;
    for (let n = 1; n <= 18; n++) {
      const result = feedEvent(rules, state, T0 + n * H);
      expect(result.ignored).toBeNull();
      for (const stage of result.stagesReached) reachedOn[stage] = n;
      if (result.grown) grownOn = n;
      state = result.state;
      expect(state.progressBp).toBe(1000 + 500 * n);
    }
    expect(reachedOn).toEqual({ 1: 4, 2: 10, 3: 18 });
    expect(grownOn).toBe(18);
    expect(state).toMatchObject({ progressBp: 10000, stage: 3, status: 'grown' });
    // 20 g - 18 h x 1 g + 18 x 10 g = 182 g: capped at 99 g.
    expect(state.foodCg).toBe(9900);
    // A grown pet ignores events, does not eat and never fails.
    const after = feedEvent(rules, state, T0 + 500 * H);
    expect(after).toMatchObject({ stagesReached: [], grown: false, ignored: 'grown' });
    expect(after.state).toEqual({ ...state, at: T0 + 500 * H });
    expect(nextFailure(rules, state)).toBeNull();
  });

  it('stageOf counts the thresholds reached', () => {
    const rules = raiseRulesOf(DOG);
    expect([0, 2999, 3000, 5999, 6000, 9999, 10000].map((bp) => stageOf(rules, bp))).toEqual([
      0, 0, 1, 1, 2, 2, 3,
    ]);
  });

  it('energy 0.0001 adds one basis point per event: 2000 events from 10 % to 30 %', () => {
    const rules = rulesWith({ energyPerEvent: 0.0001 });
    let state = adopt(rules, T0);
    let events = 0;
    let result;
    do {
      result = feedEvent(rules, state, T0);
      state = result.state;
      events++;
    } while (result.stagesReached.length === 0);
    expect(events).toBe(2000);
    expect(result.stagesReached).toEqual([1]);
    expect(state.progressBp).toBe(3000);
  });

  it('energy 1 grows the pet in one event, through every stage', () => {
    const rules = rulesWith({ energyPerEvent: 1 });
    const result = feedEvent(rules, adopt(rules, T0), T0 + H);
    expect(result).toMatchObject({ stagesReached: [1, 2, 3], grown: true, ignored: null });
    expect(result.state).toMatchObject({ progressBp: 10000, stage: 3, status: 'grown' });
  });

  it('initial progress 99.99 % starts at stage 2, one basis point short of grown', () => {
    const rules = rulesWith({ initialProgress: 99.99, energyPerEvent: 0.0001 });
    const state = adopt(rules, T0);
    expect(state).toMatchObject({ progressBp: 9999, stage: 2, status: 'growing' });
    const result = feedEvent(rules, state, T0);
    expect(result).toMatchObject({ stagesReached: [3], grown: true });
    expect(result.state.progressBp).toBe(10000);
    // An initial progress of 100 % is one basis point short of grown: a new pet is never grown by it.
    expect(adopt(rulesWith({ initialProgress: 100 }), T0)).toMatchObject({
      progressBp: 9999,
      stage: 2,
      status: 'growing',
    });
    // Already at the last stage: adopted grown.
    expect(
      adopt(rulesWith({ initialProgress: 99.99, stages: { stage1: 10, stage2: 20, stage3: 50 } }), T0),
    ).toMatchObject({ stage: 3, status: 'grown' });
  });
});

describe('failure', () => {
  it('starves at the exact instant the bowl empties: 20 g at 1 g/h lasts 20 h, not 19', () => {
    const rules = rulesWith({ timeLimitHours: 0 });
    const start = adopt(rules, T0);
    expect(nextFailure(rules, start)).toEqual({ at: T0 + 20 * H, failure: 'starved' });
    expect(advance(rules, start, T0 + 19 * H)).toMatchObject({ status: 'growing', foodCg: 100 });
    expect(advance(rules, start, T0 + 20 * H - 1)).toMatchObject({ status: 'growing', foodCg: 1 });
    expect(advance(rules, start, T0 + 20 * H)).toEqual({
      ...start,
      foodCg: 0,
      status: 'failed',
      failure: 'starved',
      failedAt: T0 + 20 * H,
      at: T0 + 20 * H,
    });
    // Found days later, it failed at that same instant; events no longer count.
    const later = advance(rules, start, T0 + 30 * 24 * H);
    expect(later).toMatchObject({ status: 'failed', failedAt: T0 + 20 * H, at: T0 + 30 * 24 * H, foodCg: 0 });
    expect(feedEvent(rules, start, T0 + 20 * H)).toMatchObject({ ignored: 'failed', stagesReached: [] });
    // An event a millisecond earlier saves it: 1 cg + 10 g lasts until 30 h.
    const saved = feedEvent(rules, start, T0 + 20 * H - 1).state;
    expect(saved).toMatchObject({ status: 'growing', foodCg: 1001, progressBp: 1500 });
    expect(nextFailure(rules, saved)).toEqual({ at: T0 + 30 * H, failure: 'starved' });
  });

  it('starves exactly at an odd rate, and never at 0 g/h', () => {
    const rules = rulesWith({ timeLimitHours: 0, food: { initial: 20, perHour: 0.37 } });
    // 2000 cg at 37 cg/h: 194,594,594.6 ms, so the bowl is empty at the 194,594,595th.
    const start = adopt(rules, T0);
    expect(advance(rules, start, T0 + 194_594_594)).toMatchObject({ status: 'growing', foodCg: 1 });
    expect(advance(rules, start, T0 + 194_594_595)).toMatchObject({
      status: 'failed',
      failure: 'starved',
      failedAt: T0 + 194_594_595,
    });
    const never = rulesWith({ timeLimitHours: 0, food: { initial: 20, perHour: 0 } });
    expect(nextFailure(never, adopt(never, T0))).toBeNull();
    expect(advance(never, adopt(never, T0), T0 + 366 * 24 * H)).toMatchObject({
      status: 'growing',
      foodCg: 2000,
    });
  });

  it('times out at startedAt + timeLimitHours when not grown by then', () => {
    const rules = rulesWith({ timeLimitHours: 72 });
    let state = adopt(rules, T0);
    // Fed every 10 hours: never hungry, at 10 % + 7 x 5 % = 45 % when the limit ends.
    for (let h = 10; h <= 70; h += 10) state = feedEvent(rules, state, T0 + h * H).state;
    expect(nextFailure(rules, state)).toEqual({ at: T0 + 72 * H, failure: 'timeout' });
    expect(advance(rules, state, T0 + 72 * H - 1).status).toBe('growing');
    expect(advance(rules, state, T0 + 80 * H)).toMatchObject({
      status: 'failed',
      failure: 'timeout',
      failedAt: T0 + 72 * H,
      progressBp: 4500,
      stage: 1,
      // 20 + 7 x 10 - 72 g eaten = 18 g at the limit, kept from then.
      foodCg: 1800,
    });
    // Whichever comes first: unfed, it starves at 20 h, long before the limit.
    expect(advance(rules, adopt(rules, T0), T0 + 80 * H)).toMatchObject({
      failure: 'starved',
      failedAt: T0 + 20 * H,
    });
    // A tie counts as starved.
    const tie = rulesWith({ timeLimitHours: 20 });
    expect(nextFailure(tie, adopt(tie, T0))).toEqual({ at: T0 + 20 * H, failure: 'starved' });
  });

  it('advancing in one step equals advancing in many, over seeded random timelines', () => {
    const rng = xoroshiro128plus(2026);
    const outcomes: Record<string, number> = {};
    for (let run = 0; run < 300; run++) {
      const rules = rulesWith({
        energyPerEvent: [0.0001, 0.013, 0.05][uniformInt(rng, 0, 2)],
        food: { initial: uniformInt(rng, 20, 99), perHour: [0, 0.37, 1, 2.5][uniformInt(rng, 0, 3)] },
        timeLimitHours: [0, uniformInt(rng, 10, 200)][uniformInt(rng, 0, 1)],
      });
      // Events at random instants (not on any grid), some of them at the same millisecond.
      const events: number[] = [];
      let t = T0;
      for (let i = uniformInt(rng, 0, 40); i > 0; i--) {
        t += uniformInt(rng, 0, 30 * H);
        events.push(t);
      }
      const end = t + uniformInt(rng, 0, 100 * H);
      let oneStep: RaiseState = adopt(rules, T0);
      let manySteps: RaiseState = oneStep;
      let at = T0;
      for (const eventAt of [...events, end]) {
        // Many steps: the page polled at random instants in between.
        while (at < eventAt) {
          at = Math.min(eventAt, at + uniformInt(rng, 1, 5 * H));
          manySteps = advance(rules, manySteps, at);
        }
        oneStep = advance(rules, oneStep, eventAt);
        expect(manySteps).toEqual(oneStep);
        if (eventAt !== end) {
          oneStep = feedEvent(rules, oneStep, eventAt).state;
          manySteps = feedEvent(rules, manySteps, eventAt).state;
        }
      }
      expect(manySteps).toEqual(oneStep);
      const outcome = oneStep.failure ?? oneStep.status;
      outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
    }
    // Every way a timeline can end was covered (seeded, so exact).
    expect(outcomes).toEqual({ growing: 76, grown: 26, starved: 111, timeout: 87 });
  });
});

describe('revival', () => {
  const starvedAt = (rules: RaiseRules) => {
    const state = advance(rules, adopt(rules, T0), T0 + 30 * H);
    expect(state).toMatchObject({ status: 'failed', failure: 'starved', failedAt: T0 + 20 * H });
    return state;
  };

  it('needs the configured invites, then refills the bowl, keeps the progress and restarts the limit', () => {
    const rules = rulesWith({ revivalInvites: 2, timeLimitHours: 72 });
    let state = adopt(rules, T0);
    for (let h = 1; h <= 5; h++) state = feedEvent(rules, state, T0 + h * H).state;
    expect(state).toMatchObject({ progressBp: 3500, stage: 1 });
    // Left alone with 20 + 50 - 5 = 65 g: it starves at 70 h.
    const failed = advance(rules, state, T0 + 71 * H);
    expect(failed).toMatchObject({ status: 'failed', failure: 'starved', failedAt: T0 + 70 * H, foodCg: 0 });

    expect(revive(rules, failed, T0 + 80 * H, 1)).toMatchObject({
      revived: false,
      reason: 'needsInvites',
      invitesMissing: 1,
    });
    const revived = revive(rules, failed, T0 + 80 * H, 2);
    expect(revived).toEqual({
      revived: true,
      state: {
        progressBp: 3500,
        foodCg: 2000,
        stage: 1,
        status: 'growing',
        failure: null,
        startedAt: T0 + 80 * H,
        at: T0 + 80 * H,
        failedAt: null,
        revivals: 1,
      },
    });
    if (!revived.revived) throw new Error('not revived');
    // The time limit runs again from the revival: fed, it would have timed out at 72 h, now at 152 h.
    let again = revived.state;
    for (let h = 90; h <= 150; h += 10) again = feedEvent(rules, again, T0 + h * H).state;
    expect(advance(rules, again, T0 + 200 * H)).toMatchObject({
      status: 'failed',
      failure: 'timeout',
      failedAt: T0 + 152 * H,
      revivals: 1,
    });
  });

  it('cannot revive when the config allows no revival, nor a pet that has not failed', () => {
    const none = rulesWith({ revivalInvites: 0, timeLimitHours: 0 });
    expect(revive(none, starvedAt(none), T0 + 40 * H, 99)).toMatchObject({
      revived: false,
      reason: 'notRevivable',
    });
    const rules = rulesWith({ revivalInvites: 1 });
    expect(revive(rules, adopt(rules, T0), T0 + H, 5)).toMatchObject({ revived: false, reason: 'notFailed' });
    // Revival brings it forward first: a pet that starved meanwhile can be revived at once.
    expect(revive(rules, adopt(rules, T0), T0 + 30 * H, 1)).toMatchObject({
      revived: true,
      state: { startedAt: T0 + 30 * H, foodCg: 2000 },
    });
  });
});

describe('help', () => {
  it('succeeds when the draw is below helpProbability x 100', () => {
    const rules = rulesWith({ helpProbability: 37.5 });
    expect(helpSucceeds(rules, 3749)).toBe(true);
    expect(helpSucceeds(rules, 3750)).toBe(false);
    expect(helpSucceeds(rulesWith({ helpProbability: 0.01 }), 0)).toBe(true);
    expect(helpSucceeds(rulesWith({ helpProbability: 0.01 }), 1)).toBe(false);
    expect(helpSucceeds(rulesWith({ helpProbability: 100 }), 9999)).toBe(true);
    for (const bad of [-1, 10_000, 0.5]) expect(() => helpSucceeds(rules, bad)).toThrow(RangeError);
    expect(() => helpSucceeds(rules, 10_000)).toThrow('help: expected an integer 0..9999, got 10000');
  });

  it('a success counts as one valid event; a failed draw only advances', () => {
    const rules = raiseRulesOf(DOG);
    const state = adopt(rules, T0);
    const ok = help(rules, state, T0 + H, 0);
    expect(ok).toMatchObject({ succeeded: true, ignored: null });
    expect(ok.state).toEqual(feedEvent(rules, state, T0 + H).state);
    const no = help(rules, state, T0 + H, 9999);
    expect(no).toMatchObject({ succeeded: false, ignored: null, stagesReached: [], grown: false });
    expect(no.state).toEqual(advance(rules, state, T0 + H));
    expect(help(rules, state, T0 + 20 * H, 0)).toMatchObject({ succeeded: true, ignored: 'failed' });
    // A missed draw on a failed pet says so too.
    expect(help(rules, state, T0 + 20 * H, 9999)).toMatchObject({ succeeded: false, ignored: 'failed' });
  });

  it('succeeds at the configured rate over 100,000 seeded tries (within 1 %)', () => {
    const rules = rulesWith({ helpProbability: 37.5 });
    const rng = xoroshiro128plus(11);
    const state = adopt(rules, T0);
    let succeeded = 0;
    for (let i = 0; i < 100_000; i++) {
      const result = help(rules, state, T0 + H, uniformInt(rng, 0, 9999));
      if (result.succeeded && result.ignored === null) succeeded++;
    }
    // Seeded, so exact: 37,442 of an expected 37,500.
    expect(succeeded).toBe(37_442);
    expect(Math.abs(succeeded / 100_000 - 0.375) / 0.375).toBeLessThan(0.01);
  });
});
