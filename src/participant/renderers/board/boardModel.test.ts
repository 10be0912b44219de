import { describe, expect, it } from 'vitest';
import { readPlace, rolledPrize, rollSaying, walkPath, type RollAnswer } from './boardModel';

const answer = (over: Partial<RollAnswer> = {}): RollAnswer => ({
  roll: 4,
  from: 10,
  position: 2,
  laps: 1,
  lapsAdded: 0,
  outcome: 'moved',
  prize: null,
  rewardId: null,
  reward: null,
  ...over,
});

describe('the dice board', () => {
  it('starts on the start cell before the first roll', () => {
    expect(readPlace({})).toMatchObject({ position: 0, laps: 0 });
    expect(readPlace({ dice: { position: 7, laps: 2 } })).toEqual({ position: 7, laps: 2 });
  });

  it('walks the token cell by cell, round past the start', () => {
    expect(walkPath(10, 4, 12)).toEqual([11, 0, 1, 2]);
    expect(walkPath(0, 1, 12)).toEqual([1]);
    expect(walkPath(3, 0, 12)).toEqual([]);
  });

  it('says the prize won, else the lap, else the move', () => {
    const prize = { id: 'p1', name: 'Mug', image: null, isThank: false };
    expect(rollSaying(answer({ prize, lapsAdded: 1 }))).toEqual(['dice.won', { roll: 4, prize: 'Mug' }]);
    expect(rollSaying(answer({ lapsAdded: 1, laps: 2 }))).toEqual(['dice.lap', { roll: 4, laps: 2 }]);
    expect(rollSaying(answer())).toEqual(['dice.moved', { roll: 4 }]);
  });

  it('opens the result dialog for a prize with an id only', () => {
    const prize = { id: 'p1', name: 'Mug', image: null, isThank: false };
    expect(rolledPrize(answer({ prize, rewardId: 'r1' }))).toEqual({ prize, rewardId: 'r1', reward: null });
    expect(rolledPrize(answer({ prize: { ...prize, id: null } }))).toBeNull();
    expect(rolledPrize(answer())).toBeNull();
  });
});
