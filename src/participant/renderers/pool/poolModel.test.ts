import { describe, expect, it } from 'vitest';
import { claimable, digitsOnly, readPool, roundStatusKey, stakeOf, type PoolRound } from './poolModel';

const round = (over: Partial<PoolRound> = {}): PoolRound => ({
  index: 0,
  state: 'claiming',
  claimUntil: '2026-11-30T00:00:00Z',
  share: 40,
  mineStaked: 10,
  claimed: false,
  expired: false,
  ...over,
});

describe('readPool', () => {
  it('is null before the player has a pool, and defaults what the progress lacks', () => {
    expect(readPool({})).toBeNull();
    expect(readPool({ pool: { total: '9', rounds: {} } })).toEqual({
      total: 0,
      balance: 0,
      current: null,
      tasks: [],
      rounds: [],
    });
    const current = { index: 2, to: '2026-11-29T00:00:00Z', staked: 30, mine: 5 };
    expect(readPool({ pool: { total: 90, balance: 7, current } })).toMatchObject({
      total: 90,
      balance: 7,
      current,
    });
  });
});

describe('the stake', () => {
  it('keeps digits only in the field', () => {
    expect(digitsOnly('1,2 0a-3.')).toBe('1203');
  });

  it('stakes whole coins from 1 to the balance', () => {
    expect(stakeOf('5', 5)).toEqual({ amount: 5, valid: true });
    expect(stakeOf('1', 5).valid).toBe(true);
    expect(stakeOf('6', 5).valid).toBe(false);
    expect(stakeOf('0', 5).valid).toBe(false);
    expect(stakeOf('', 5)).toEqual({ amount: 0, valid: false });
  });
});

describe('ended rounds', () => {
  it('can be claimed while claiming with a share not yet claimed', () => {
    expect(claimable(round())).toBe(true);
    expect(claimable(round({ claimed: true }))).toBe(false);
    expect(claimable(round({ share: 0 }))).toBe(false);
    expect(claimable(round({ state: 'settling' }))).toBe(false);
  });

  it('say why not otherwise, the claim first, then the expiry, the settling, the share', () => {
    expect(roundStatusKey(round({ claimed: true, expired: true }))).toBe('pool.claimed');
    expect(roundStatusKey(round({ expired: true, state: 'settling' }))).toBe('pool.expired');
    expect(roundStatusKey(round({ state: 'settling' }))).toBe('pool.settling');
    expect(roundStatusKey(round({ state: 'ended' }))).toBe('pool.claimOver');
    expect(roundStatusKey(round({ state: 'ended', share: 0 }))).toBe('pool.noShare');
  });
});
