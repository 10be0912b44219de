// The raising's decisions for its actions: feeding by events, a friend's help, a revival.
import { describe, expect, it } from 'vitest';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import dog from '../../../schemas/gameplays/raising/templates/dog.json';
import {
  adopt,
  advance,
  decideFeed,
  decideHelp,
  decideRevive,
  feedEvent,
  invitesCountFrom,
  raiseRulesOf,
  revive,
  rewardDue,
  type HelpSituation,
  type PetHeld,
} from './raise';

const H = 3_600_000;
const T0 = Date.parse('2026-12-01T00:00:00Z');
const DOG = dog as Record<string, unknown>;
/** Helps that succeed over 10,000 draws of xoroshiro128plus(42) at 50 % (decideHelp). */
const SEEDED_HELPS = 4956;
const rulesWith = (overrides: Record<string, unknown>) => raiseRulesOf({ ...DOG, ...overrides });

describe('decideFeed', () => {
  const rules = raiseRulesOf(DOG);
  const pet: PetHeld = { state: adopt(rules, T0), events: 0, rewardId: null };

  it('feeds the events in time order, never before the last update, and counts those the pet took', () => {
    const decided = decideFeed(rules, pet, [T0 + 3 * H, T0 + H, T0 + 2 * H]);
    let state = pet.state;
    for (const h of [1, 2, 3]) state = feedEvent(rules, state, T0 + h * H).state;
    expect(decided).toEqual({ pet: { state, events: 3, rewardId: null }, fed: 3, reward: null });
    // An instant before the state's is taken as the state's own.
    const late = { ...pet, state: advance(rules, pet.state, T0 + 5 * H), events: 3 };
    expect(decideFeed(rules, late, [T0]).pet.state).toEqual(feedEvent(rules, late.state, T0 + 5 * H).state);
    // Starved at 20 h: the events after it are not taken.
    expect(decideFeed(rules, pet, [T0 + H, T0 + 40 * H, T0 + 41 * H])).toMatchObject({
      fed: 1,
      pet: { events: 1, state: { status: 'failed', failure: 'starved' } },
      reward: null,
    });
    expect(decideFeed(rules, pet, [])).toEqual({ pet, fed: 0, reward: null });
    // Read in time order: the event an hour in feeds the pet, so the one at 30 h finds it starved
    // at that very instant (20 g + 10 g at 1 g/h), whatever order the instants came in.
    expect(decideFeed(rules, pet, [T0 + 30 * H, T0 + H])).toMatchObject({
      fed: 1,
      pet: { events: 1, state: { status: 'failed', failure: 'starved', failedAt: T0 + 30 * H } },
    });
  });

  it('makes the reward due once, when the pet has just grown', () => {
    // 10 % + 18 events of 5 % is grown; one event an hour keeps the bowl full enough.
    const instants = Array.from({ length: 20 }, (_, i) => T0 + (i + 1) * H);
    const grown = decideFeed(rules, pet, instants);
    expect(grown).toMatchObject({ fed: 18, pet: { events: 18, state: { status: 'grown', stage: 3 } } });
    expect(grown.reward).toEqual({ prizeId: 'toy' });
    // Decided already (given, or not given): never again.
    expect(rewardDue(rules, { ...grown.pet, rewardId: 'r1' })).toBeNull();
    expect(rewardDue(rules, { ...grown.pet, rewardId: 'none:outOfStock' })).toBeNull();
    // No regular prize: the reward is due without one (decided as not given).
    const noPrize = raiseRulesOf({ ...DOG, prizes: [] });
    expect(decideFeed(noPrize, pet, instants).reward).toEqual({ prizeId: null });
  });
});

describe('decideHelp', () => {
  const rules = raiseRulesOf(DOG);
  const pet: PetHeld = { state: adopt(rules, T0), events: 2, rewardId: null };
  const situation = (more: Partial<HelpSituation> = {}): HelpSituation => ({
    rules,
    nowMs: T0 + H,
    helperId: 'friend',
    ownerId: 'owner',
    pet,
    helpedToday: false,
    ...more,
  });

  it('refuses nobody, the own pet, no pet, then a second help the same day, in that order', () => {
    expect(decideHelp(situation({ ownerId: null, pet: null, helpedToday: true }), 0)).toEqual({
      refusal: 'noPet',
    });
    expect(decideHelp(situation({ ownerId: 'friend', pet: null, helpedToday: true }), 0)).toEqual({
      refusal: 'ownPet',
    });
    expect(decideHelp(situation({ pet: null, helpedToday: true }), 0)).toEqual({ refusal: 'noPet' });
    expect(decideHelp(situation({ helpedToday: true }), 0)).toEqual({ refusal: 'helpedToday' });
    // A code naming nobody is refused whatever pet was read.
    expect(decideHelp(situation({ ownerId: null }), 0)).toEqual({ refusal: 'noPet' });
  });

  it('counts a successful draw as one valid event; a missed draw only brings the pet forward', () => {
    // helpProbability 50 %: draws 0..4999 succeed.
    expect(decideHelp(situation(), 4999)).toEqual({
      refusal: null,
      randomValue: 4999,
      succeeded: true,
      pet: { state: feedEvent(rules, pet.state, T0 + H).state, events: 3, rewardId: null },
      reward: null,
    });
    expect(decideHelp(situation(), 5000)).toEqual({
      refusal: null,
      randomValue: 5000,
      succeeded: false,
      pet: { state: advance(rules, pet.state, T0 + H), events: 2, rewardId: null },
      reward: null,
    });
    // A pet starved by now does not take the help: not a success, nothing counted.
    expect(decideHelp(situation({ nowMs: T0 + 20 * H }), 0)).toMatchObject({
      refusal: null,
      succeeded: false,
      pet: { events: 2, state: { status: 'failed', failedAt: T0 + 20 * H } },
    });
    expect(() => decideHelp(situation(), 10_000)).toThrow(RangeError);
  });

  it("makes the owner's reward due when the help grows the pet", () => {
    const oneEvent = rulesWith({ energyPerEvent: 1 });
    const young: PetHeld = { state: adopt(oneEvent, T0), events: 0, rewardId: null };
    expect(decideHelp(situation({ rules: oneEvent, pet: young }), 0)).toMatchObject({
      succeeded: true,
      pet: { events: 1, state: { status: 'grown', stage: 3 } },
      reward: { prizeId: 'toy' },
    });
  });

  it('succeeds exactly on the draws below the rate, over seeded draws', () => {
    const rng = xoroshiro128plus(42);
    let succeeded = 0;
    for (let i = 0; i < 10_000; i++) {
      const draw = uniformInt(rng, 0, 9999);
      const decided = decideHelp(situation(), draw);
      if (decided.refusal !== null) throw new Error('refused');
      expect(decided.succeeded).toBe(draw < 5000);
      expect(decided.pet.events).toBe(decided.succeeded ? 3 : 2);
      if (decided.succeeded) succeeded++;
    }
    // Seeded, so exact.
    expect(succeeded).toBe(SEEDED_HELPS);
  });
});

describe('decideRevive', () => {
  const rules = raiseRulesOf(DOG);
  // Adopted at T0 with 20 g at 1 g/h: starved at 20 h.
  const pet: PetHeld = { state: adopt(rules, T0), events: 4, rewardId: null };

  it('counts invites from the failure, and not at all when no count can change the answer', () => {
    expect(invitesCountFrom(rules, pet.state, T0 + 30 * H)).toBe(T0 + 20 * H);
    expect(invitesCountFrom(rules, pet.state, T0 + H)).toBeNull();
    const none = rulesWith({ revivalInvites: 0 });
    expect(invitesCountFrom(none, adopt(none, T0), T0 + 30 * H)).toBeNull();
  });

  it('refuses a pet not failed, then no revival allowed, then too few invites; else revives the pet', () => {
    expect(decideRevive({ rules, nowMs: T0 + H, pet, invitesSinceFailure: 5 })).toEqual({
      refusal: 'notFailed',
    });
    const none = rulesWith({ revivalInvites: 0 });
    expect(decideRevive({ rules: none, nowMs: T0 + 30 * H, pet, invitesSinceFailure: 5 })).toEqual({
      refusal: 'notRevivable',
    });
    const three = rulesWith({ revivalInvites: 3 });
    expect(decideRevive({ rules: three, nowMs: T0 + 30 * H, pet, invitesSinceFailure: 1 })).toEqual({
      refusal: 'needsInvites',
      params: { count: 2 },
    });
    const revived = revive(rules, pet.state, T0 + 30 * H, 1);
    if (!revived.revived) throw new Error('not revived');
    expect(decideRevive({ rules, nowMs: T0 + 30 * H, pet, invitesSinceFailure: 1 })).toEqual({
      refusal: null,
      pet: { state: revived.state, events: 4, rewardId: null },
    });
    expect(revived.state).toMatchObject({ status: 'growing', revivals: 1, startedAt: T0 + 30 * H });
  });
});
