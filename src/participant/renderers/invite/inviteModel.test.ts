import { describe, expect, it } from 'vitest';
import { nextStep, readInvite, recentStatusKey } from './inviteModel';

describe('readInvite', () => {
  it('is null before the player has a session, and reads every part defensively', () => {
    expect(readInvite({})).toBeNull();
    const state = readInvite({
      invite: {
        code: '',
        link: 'https://a.example/p/c1?inviter=x',
        rules: ['install', 7],
        invited: 3,
        qualified: Number.NaN,
        ladder: [{ invites: 2, prizeId: 'p1', reached: true }, { invites: '5' }],
        recent: [{ invitee: 'a***', status: 'refused', refusal: 'sameDevice' }],
      },
    });
    expect(state).toMatchObject({
      code: null,
      link: 'https://a.example/p/c1?inviter=x',
      rules: ['install'],
      invited: 3,
      qualified: 0,
      pending: 0,
      rewardsLeft: null,
      ladder: [
        { invites: 2, prizeId: 'p1', reached: true },
        { invites: 0, prizeId: '', reached: false },
      ],
      recent: [{ invitee: 'a***', status: 'refused', refusal: 'sameDevice', at: '' }],
    });
  });
});

describe('the invite ladder and list', () => {
  const state = readInvite({
    invite: {
      qualified: 3,
      ladder: [
        { invites: 1, prizeId: 'p1', reached: true },
        { invites: 5, prizeId: 'p2', reached: false },
      ],
    },
  })!;

  it('names the next step not reached and the invites it still needs', () => {
    expect(nextStep(state)).toEqual({ step: state.ladder[1], missing: 2 });
    expect(nextStep({ ...state, ladder: [{ invites: 1, prizeId: 'p1', reached: true }] })).toBeNull();
  });

  it('says why an invite was refused, else where it stands', () => {
    const recent = (status: string, refusal: string | null) => ({ invitee: 'a', status, refusal, at: '' });
    expect(recentStatusKey(recent('refused', 'sameDevice'))).toBe('invite.refusal.sameDevice');
    expect(recentStatusKey(recent('refused', null))).toBe('invite.status.refused');
    expect(recentStatusKey(recent('qualified', null))).toBe('invite.status.qualified');
  });
});
