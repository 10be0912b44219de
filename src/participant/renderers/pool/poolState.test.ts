import { describe, expect, it } from 'vitest';
import { claimable, readPool, roundStatusKey, stakeOf, type PoolRound } from './poolState';

const round = (over: Partial<PoolRound> = {}): PoolRound => ({
  index: 0,
  state: 'claiming',
  claimUntil: '2026-03-03T00:00:00Z',
  share: 10,
  mineStaked: 5,
  claimed: false,
  expired: false,
  ...over,
});

describe('the coin pool as the page reads it', () => {
  it('reads the pool with safe defaults, and nothing without one', () => {
    expect(readPool({})).toBeNull();
    expect(readPool({ pool: {} })).toEqual({ total: 0, balance: 0, current: null, tasks: [], rounds: [] });
    const current = { index: 1, to: '2026-03-04T00:00:00Z', staked: 30, mine: 10 };
    expect(readPool({ pool: { total: 100, balance: 7, current, tasks: [], rounds: [round()] } })).toEqual({
      total: 100,
      balance: 7,
      current,
      tasks: [],
      rounds: [round()],
    });
  });

  it('takes a stake of whole coins from 1 to the balance only', () => {
    expect(stakeOf('5', 7)).toBe(5);
    expect(stakeOf('7', 7)).toBe(7);
    expect(stakeOf('8', 7)).toBeNull();
    expect(stakeOf('0', 7)).toBeNull();
    expect(stakeOf('', 7)).toBeNull();
    expect(stakeOf('1.5', 7)).toBeNull();
  });

  it('offers a claim while the round is claiming and the share is unclaimed; else says why not', () => {
    expect(claimable(round())).toBe(true);
    expect(claimable(round({ share: 0 }))).toBe(false);
    expect(claimable(round({ state: 'settling' }))).toBe(false);
    expect(claimable(round({ claimed: true }))).toBe(false);
    expect(roundStatusKey(round({ claimed: true, expired: true }))).toBe('pool.claimed');
    expect(roundStatusKey(round({ state: 'closed', expired: true }))).toBe('pool.expired');
    expect(roundStatusKey(round({ state: 'settling' }))).toBe('pool.settling');
    expect(roundStatusKey(round({ state: 'closed' }))).toBe('pool.claimOver');
    expect(roundStatusKey(round({ state: 'closed', share: 0 }))).toBe('pool.noShare');
  });
});
