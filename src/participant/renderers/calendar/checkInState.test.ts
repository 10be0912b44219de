import { describe, expect, it } from 'vitest';
import type { PlayPrize } from '../../api/playTypes';
import { cycleView, readCheckIn, wonResult, type CheckInState } from './checkInState';

const state = (over: Partial<CheckInState> = {}): CheckInState => ({
  today: '2026-03-03',
  checkedToday: false,
  canCheckIn: true,
  refusal: null,
  next: { cycle: 0, position: 3 },
  cycle: 0,
  position: 2,
  streak: 2,
  cycleStreak: 2,
  total: 5,
  days: [
    { day: '2026-03-01', position: 1, makeUp: false },
    { day: '2026-03-02', position: 2, makeUp: true },
  ],
  makeUpDays: [],
  makeUpsLeft: null,
  ...over,
});

describe('the check-in cycle as the calendar shows it', () => {
  it('reads the check-ins only when they have their days', () => {
    expect(readCheckIn({})).toBeNull();
    expect(readCheckIn({ checkIn: { days: 'x' } })).toBeNull();
    expect(readCheckIn({ checkIn: state() })).toEqual(state());
  });

  it("marks the signed days, today's next day, and the rest as later", () => {
    const view = cycleView(state());
    expect([1, 2, 3, 4].map(view.look)).toEqual(['signed', 'signed', 'today', 'later']);
    expect(view.signed.get(2)?.makeUp).toBe(true);
    expect(view).toMatchObject({ fresh: false, cycleStreak: 2, position: 2 });
    // Signed today, or refused: no day is today's.
    expect([1, 2, 3].map(cycleView(state({ checkedToday: true })).look)).toEqual([
      'signed',
      'signed',
      'later',
    ]);
    expect(cycleView(state({ canCheckIn: false })).look(3)).toBe('later');
  });

  it("shows the new cycle empty when today's check-in starts it", () => {
    const view = cycleView(state({ next: { cycle: 1, position: 1 } }));
    expect([1, 2, 3].map(view.look)).toEqual(['today', 'later', 'later']);
    expect(view).toMatchObject({ fresh: true, cycleStreak: 0, position: 0 });
    expect(view.signed.size).toBe(0);
  });

  it('opens the first listed prize a check-in won, none when it won none', () => {
    const prizes: PlayPrize[] = [
      { id: 'p1', name: 'Cup', image: '/cup.png', isThank: false, description: null },
      { id: 'p2', name: 'Pen', image: null, isThank: false, description: null },
    ];
    const reward = (prizeId: string, outcome: string, rewardId: string | null = null) => ({
      kind: 'daily',
      prizeId,
      outcome,
      rewardId,
      reward: null,
    });
    const answer = (rewards: ReturnType<typeof reward>[]) => ({
      day: '2026-03-03',
      position: 3,
      streak: 3,
      rewards,
    });
    expect(
      wonResult(answer([reward('p1', 'lose'), reward('p2', 'win', 'r2'), reward('p1', 'win')]), prizes),
    ).toEqual({
      prize: { id: 'p2', name: 'Pen', image: null, isThank: false },
      rewardId: 'r2',
      reward: null,
    });
    expect(wonResult(answer([reward('p1', 'lose')]), prizes)).toBeNull();
    expect(wonResult(answer([reward('gone', 'win')]), prizes)).toBeNull();
  });
});
