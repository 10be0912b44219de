import type { RewardRow } from './rewardTypes';

/** Whether an operator may act on a record: mark a pending customer-service prize awarded, or reissue a failed callback. */
export function rewardMove(row: Pick<RewardRow, 'awardStatus' | 'deliveryType'>): 'award' | 'reissue' | null {
  if (row.awardStatus === 'pending' && row.deliveryType === 'customer-service') return 'award';
  if (row.awardStatus === 'failure') return 'reissue';
  return null;
}
