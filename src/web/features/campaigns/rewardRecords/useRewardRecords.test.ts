import { describe, expect, it } from 'vitest';
import { rewardFilters } from './useRewardRecords';

describe('rewardFilters', () => {
  it('names the campaign and each filter that is set, in a fixed order', () => {
    expect(String(rewardFilters({ campaignId: 'c1', userId: 'u 7', status: 'failure' }))).toBe(
      'campaignId=c1&status=failure&userId=u+7',
    );
    expect(String(rewardFilters({ campaignId: 'c1', status: '', prizeId: 'p2', userId: '' }))).toBe(
      'campaignId=c1&prizeId=p2',
    );
  });
});
