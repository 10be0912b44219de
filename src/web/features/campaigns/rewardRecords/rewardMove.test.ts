import { describe, expect, it } from 'vitest';
import { holdMove, rewardMove } from './rewardMove';

describe('rewardMove', () => {
  it('offers manual award for pending customer-service prizes and reissue for failures only', () => {
    expect(rewardMove({ awardStatus: 'pending', deliveryType: 'customer-service' })).toBe('award');
    expect(rewardMove({ awardStatus: 'pending', deliveryType: 'callback' })).toBeNull();
    expect(rewardMove({ awardStatus: 'failure', deliveryType: 'callback' })).toBe('reissue');
    expect(rewardMove({ awardStatus: 'success', deliveryType: 'system' })).toBeNull();
    expect(rewardMove({ awardStatus: 'reissued', deliveryType: 'callback' })).toBeNull();
  });

  it('offers neither for a reward on hold', () => {
    expect(rewardMove({ awardStatus: 'pending', deliveryType: 'customer-service' }, true)).toBeNull();
  });
});

describe('holdMove', () => {
  it('holds a pending reward and releases a held one; nothing for a reward already decided', () => {
    expect(holdMove({ awardStatus: 'pending' }, false)).toBe('hold');
    expect(holdMove({ awardStatus: 'pending' }, true)).toBe('release');
    for (const awardStatus of ['success', 'failure', 'manual', 'reissued'])
      expect(holdMove({ awardStatus }, false)).toBeNull();
  });
});
