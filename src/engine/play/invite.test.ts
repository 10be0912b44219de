import { describe, expect, it } from 'vitest';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import {
  fissionFigures,
  inviteRefusal,
  inviterRewardsLeft,
  isNewUser,
  isSelfInvite,
  ladderReached,
  makesLoop,
  rankInviters,
  rankPrize,
  stepsDone,
  type ContestEntry,
  type FissionInvite,
  type InviteParties,
} from './invite';

const steps = (over: Partial<Parameters<typeof stepsDone>[1]> = {}) => ({
  invitedAt: '2026-11-01T00:00:00.000Z',
  installedAt: null,
  registeredAt: null,
  taskAt: null,
  ...over,
});

describe('stepsDone', () => {
  it('needs every configured rule and nothing else', () => {
    expect(stepsDone(['download'], steps({ installedAt: 'x' }))).toBe(true);
    expect(stepsDone(['download'], steps({ registeredAt: 'y', taskAt: 'z' }))).toBe(false);
    expect(stepsDone(['register'], steps({ installedAt: 'x', taskAt: 'z' }))).toBe(false);
    expect(stepsDone(['download', 'register'], steps({ installedAt: 'x' }))).toBe(false);
    expect(stepsDone(['download', 'register'], steps({ installedAt: 'x', registeredAt: 'y' }))).toBe(true);
    expect(stepsDone(['complete-task'], steps({ registeredAt: 'y' }))).toBe(false);
    expect(stepsDone(['complete-task'], steps({ taskAt: 'z' }))).toBe(true);
    expect(stepsDone([], steps({ installedAt: 'x', registeredAt: 'y', taskAt: 'z' }))).toBe(false);
  });
});

describe('isNewUser', () => {
  const facts = { deviceSeenBefore: false, openedBefore: true, accountBefore: null };
  it('reads the one fact its definition names', () => {
    expect(isNewUser('new-device', facts)).toBe(true);
    expect(isNewUser('first-open', facts)).toBe(false);
    expect(isNewUser('new-account', facts)).toBeNull();
    expect(isNewUser('new-account', { ...facts, accountBefore: false })).toBe(true);
  });
});

const parties = (over: Partial<InviteParties> = {}): InviteParties => ({
  inviterId: 'A',
  inviterUserId: 'user-a',
  inviterDeviceIds: ['dev-a'],
  inviteeParticipantId: 'B',
  inviteeUserId: 'user-b',
  inviteeDeviceId: 'dev-b',
  ...over,
});

describe('refusals', () => {
  it('knows a self-invite by participant, account or device', () => {
    expect(isSelfInvite(parties())).toBe(false);
    expect(isSelfInvite(parties({ inviteeParticipantId: 'A' }))).toBe(true);
    expect(isSelfInvite(parties({ inviteeUserId: 'user-a' }))).toBe(true);
    expect(isSelfInvite(parties({ inviteeDeviceId: 'dev-a' }))).toBe(true);
    // Unknown sides never match each other.
    expect(isSelfInvite(parties({ inviterUserId: null, inviteeUserId: null }))).toBe(false);
  });

  it('finds a loop up the inviter chain and stops at a repeat', () => {
    const up: Record<string, string> = { A: 'C', C: 'B', X: 'Y', Y: 'X' };
    const inviterOf = (id: string) => up[id];
    expect(makesLoop('B', 'A', inviterOf)).toBe(true); // B invited C who invited A
    expect(makesLoop('D', 'A', inviterOf)).toBe(false);
    expect(makesLoop('D', 'X', inviterOf)).toBe(false); // an old loop X<->Y does not hang
    expect(makesLoop(null, 'A', inviterOf)).toBe(false);
  });

  it('answers the first refusal in report order, else qualifies', () => {
    const base = { parties: parties(), loop: false, deviceTaken: false, newUser: true };
    expect(inviteRefusal(base)).toBeNull();
    expect(inviteRefusal({ ...base, newUser: false })).toBe('notNew');
    expect(inviteRefusal({ ...base, newUser: null })).toBe('notNew');
    expect(inviteRefusal({ ...base, deviceTaken: true, newUser: false })).toBe('device');
    expect(inviteRefusal({ ...base, loop: true, deviceTaken: true })).toBe('loop');
    expect(inviteRefusal({ ...base, parties: parties({ inviteeUserId: 'user-a' }), loop: true })).toBe(
      'self',
    );
  });
});

describe('inviter rewards', () => {
  const ladder = [
    { invites: 1, prizeId: 'p1' },
    { invites: 3, prizeId: 'p3' },
    { invites: 5, prizeId: 'p5' },
  ];
  it('reaches each ladder step once, when the count passes it', () => {
    expect(ladderReached(ladder, 0, 1).map((s) => s.prizeId)).toEqual(['p1']);
    expect(ladderReached(ladder, 1, 2)).toEqual([]);
    expect(ladderReached(ladder, 2, 3).map((s) => s.prizeId)).toEqual(['p3']);
    expect(ladderReached(ladder, 0, 5).map((s) => s.prizeId)).toEqual(['p1', 'p3', 'p5']);
    expect(ladderReached(ladder, 5, 9)).toEqual([]);
  });
  it('caps the total, 0 meaning unlimited', () => {
    expect(inviterRewardsLeft(0, 1e6)).toBe(Number.POSITIVE_INFINITY);
    expect(inviterRewardsLeft(3, 1)).toBe(2);
    expect(inviterRewardsLeft(3, 5)).toBe(0);
  });
});

describe('contest ranking', () => {
  it('ranks by invites, then by who reached the count first, above the minimum', () => {
    const ranked = rankInviters(
      [
        { participantId: 'a', invites: 3, lastAt: '2026-11-02' },
        { participantId: 'b', invites: 5, lastAt: '2026-11-03' },
        { participantId: 'c', invites: 3, lastAt: '2026-11-01' },
        { participantId: 'd', invites: 1, lastAt: '2026-11-01' },
      ],
      2,
    );
    expect(ranked.map((r) => [r.participantId, r.rank])).toEqual([
      ['b', 1],
      ['c', 2],
      ['a', 3],
    ]);
  });

  it('gives distinct ranks in a stable order whatever the input order (seeded shuffles)', () => {
    const rng = xoroshiro128plus(42);
    const entries: ContestEntry[] = [];
    for (let i = 0; i < 40; i++) {
      const invites = uniformInt(rng, 1, 6);
      entries.push({ participantId: `p${i}`, invites, lastAt: `2026-11-0${uniformInt(rng, 1, 3)}` });
    }
    const expected = rankInviters(entries, 1);
    for (let round = 0; round < 5; round++) {
      const shuffled = [...entries];
      for (let i = shuffled.length - 1; i > 0; i--) {
        const j = uniformInt(rng, 0, i);
        [shuffled[i], shuffled[j]] = [shuffled[j], shuffled[i]];
      }
      expect(rankInviters(shuffled, 1)).toEqual(expected);
    }
    expect(new Set(expected.map((r) => r.rank)).size).toBe(40);
  });

  it('finds the prize of a rank', () => {
    const rewards = [
      { rankFrom: 1, rankTo: 1, prizeId: 'gold' },
      { rankFrom: 2, rankTo: 3, prizeId: 'silver' },
    ];
    expect(rankPrize(rewards, 1)).toBe('gold');
    expect(rankPrize(rewards, 3)).toBe('silver');
    expect(rankPrize(rewards, 4)).toBeNull();
    // Ranges in any order: the one holding the rank, not the first that reaches past it.
    const unordered = [
      { rankFrom: 4, rankTo: 6, prizeId: 'bronze' },
      { rankFrom: 1, rankTo: 3, prizeId: 'silver' },
    ];
    expect(rankPrize(unordered, 2)).toBe('silver');
    expect(rankPrize(unordered, 5)).toBe('bronze');
  });
});

describe('fissionFigures', () => {
  const invite = (
    inviterId: string,
    invitee: string | null,
    over: Partial<FissionInvite> = {},
  ): FissionInvite => ({
    inviterId,
    inviteeParticipantId: invitee,
    installed: false,
    registered: false,
    task: false,
    qualified: false,
    refusal: null,
    ...over,
  });

  it('counts depth, invites per inviter, the funnel and refusals', () => {
    const figures = fissionFigures([
      invite('A', 'B', { installed: true, registered: true, qualified: true }),
      invite('B', 'C', { installed: true, registered: true, qualified: true }),
      invite('C', 'D', { installed: true, task: true }),
      invite('A', 'E', { installed: true, registered: true, refusal: 'notNew' }),
      invite('A', null),
      invite('F', 'F', { refusal: 'self' }),
    ]);
    expect(figures.invites).toBe(6);
    expect(figures.inviters).toBe(4);
    expect(figures.maxDepth).toBe(3); // A -> B -> C -> D
    expect(figures.perInviter).toEqual([
      { bucket: '1', inviters: 3 },
      { bucket: '2', inviters: 0 },
      { bucket: '3-5', inviters: 1 },
      { bucket: '6-10', inviters: 0 },
      { bucket: '11+', inviters: 0 },
    ]);
    expect(figures.funnel).toEqual([
      { step: 'invited', invites: 6 },
      { step: 'installed', invites: 4 },
      { step: 'registered', invites: 3 },
      { step: 'task', invites: 1 },
      { step: 'qualified', invites: 2 },
    ]);
    expect(figures.refused).toEqual({ self: 1, loop: 0, device: 0, notNew: 1 });
  });

  it('leaves refused invites out of the tree and survives a loop in the data', () => {
    const refused = fissionFigures([invite('A', 'B'), invite('B', 'A', { refusal: 'loop' })]);
    expect(refused.maxDepth).toBe(1);
    expect(refused.refused.loop).toBe(1);
    // Two pending invites forming a cycle (the decision refuses the second): counted once around.
    expect(fissionFigures([invite('A', 'B'), invite('B', 'A')]).maxDepth).toBe(3);
    expect(fissionFigures([invite('A', 'A', { refusal: 'self' })]).maxDepth).toBe(0);
  });
});
