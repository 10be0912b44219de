import { describe, expect, it } from 'vitest';
import { rewardMove } from './rewardMove';

describe('rewardMove', () => {
  it('offers manual award for pending customer-service prizes and reissue for failures only', () => {
    expect(rewardMove({ awardStatus: 'pending', deliveryType: 'customer-service' })).toBe('award');
    expect(rewardMove({ awardStatus: 'pending', deliveryType: 'callback' })).toBeNull();
    expect(rewardMove({ awardStatus: 'failure', deliveryType: 'callback' })).toBe('reissue');
    expect(rewardMove({ awardStatus: 'success', deliveryType: 'system' })).toBeNull();
    expect(rewardMove({ awardStatus: 'reissued', deliveryType: 'callback' })).toBeNull();
  });
});
