import { describe, expect, it } from 'vitest';
import { editNotice, reviewedPaths } from './useReviewedList';

describe('reviewedPaths', () => {
  it('names the API, one row and a row path for each kind', () => {
    const plans = reviewedPaths('plans');
    expect(plans.api).toBe('/api/ads/plans');
    expect(plans.single).toBe('plan');
    expect(plans.item('a/b 1')).toBe('/api/ads/plans/a%2Fb%201');
    const campaigns = reviewedPaths('campaigns');
    expect(campaigns.single).toBe('campaign');
    expect(campaigns.item('c1')).toBe('/api/ads/campaigns/c1');
  });
});

describe('editNotice', () => {
  it('warns that a new row waits for review and an edit of a reviewed row goes back to review', () => {
    expect(editNotice(undefined)).toBe('newUnderReview');
    expect(editNotice({ status: 'normal' })).toBe('editAgain');
    expect(editNotice({ status: 'rejected' })).toBe('editAgain');
    expect(editNotice({ status: 'under-review' })).toBeUndefined();
  });
});
