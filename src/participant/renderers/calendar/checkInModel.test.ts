import { describe, expect, it } from 'vitest';
import type { PlayPrize } from '../../api/playTypes';
import {
  cycleView,
  dayLook,
  firstWon,
  readCheckIn,
  type CheckInAnswer,
  type CheckInState,
} from './checkInModel';

const state = (over: Partial<CheckInState> = {}): CheckInState => ({
  today: '2026-11-28',
  checkedToday: false,
  canCheckIn: true,
  refusal: null,
  next: { cycle: 1, position: 3 },
  cycle: 1,
  position: 2,
  streak: 2,
  cycleStreak: 2,
  total: 5,
  days: [
    { day: '2026-11-26', position: 1, makeUp: false },
    { day: '2026-11-27', position: 2, makeUp: true },
  ],
  makeUpDays: [],
  makeUpsLeft: null,
  ...over,
});

describe('readCheckIn', () => {
  it('takes the sign-in only with its days', () => {
    expect(readCheckIn({})).toBeNull();
    expect(readCheckIn({ checkIn: { streak: 1 } })).toBeNull();
    expect(readCheckIn({ checkIn: state() })).toEqual(state());
  });
});

describe('the cycle the grid shows', () => {
  it('is the running cycle with its signed days and the next one to sign today', () => {
    const cycle = cycleView(state());
    expect(cycle.fresh).toBe(false);
    expect([...cycle.signed.keys()]).toEqual([1, 2]);
    expect(cycle.cycleStreak).toBe(2);
    expect([1, 2, 3, 4].map((n) => dayLook(state(), cycle, n))).toEqual([
      'signed',
      'signed',
      'today',
      'later',
    ]);
  });

  it('is a new empty cycle when today starts one', () => {
    const next = state({ next: { cycle: 2, position: 1 }, position: 7 });
    const cycle = cycleView(next);
    expect(cycle).toMatchObject({ fresh: true, nextPosition: 1, cycleStreak: 0 });
    expect(cycle.signed.size).toBe(0);
    expect(dayLook(next, cycle, 1)).toBe('today');
    expect(dayLook(next, cycle, 2)).toBe('later');
  });

  it('has no day to sign once today is signed or signing is refused', () => {
    for (const over of [{ checkedToday: true }, { canCheckIn: false }, { next: null }]) {
      const s = state(over);
      expect(dayLook(s, cycleView(s), 3)).toBe('later');
    }
  });
});

describe('firstWon', () => {
  const prizes = [
    { id: 'p1', name: 'Coupon', image: '/c.png', isThank: false },
    { id: 'p2', name: 'Mug', image: null, isThank: false },
  ] as PlayPrize[];
  const answer = (rewards: Partial<CheckInAnswer['rewards'][number]>[]): CheckInAnswer => ({
    day: '2026-11-28',
    position: 3,
    streak: 3,
    rewards: rewards.map((r) => ({
      kind: 'daily',
      prizeId: 'p1',
      outcome: 'win',
      rewardId: null,
      reward: null,
      ...r,
    })),
  });

  it('shows the first prize won, with its reward', () => {
    expect(
      firstWon(
        answer([
          { outcome: 'soldOut', prizeId: 'p1' },
          { prizeId: 'p2', rewardId: 'r2' },
        ]),
        prizes,
      ),
    ).toEqual({
      prize: { id: 'p2', name: 'Mug', image: null, isThank: false },
      rewardId: 'r2',
      reward: null,
    });
  });

  it('shows nothing when nothing was won or the prize is not on the page', () => {
    expect(firstWon(answer([]), prizes)).toBeNull();
    expect(firstWon(answer([{ outcome: 'soldOut' }]), prizes)).toBeNull();
    expect(firstWon(answer([{ prizeId: 'gone' }]), prizes)).toBeNull();
  });
});
