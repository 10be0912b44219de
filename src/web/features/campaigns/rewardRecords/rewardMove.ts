import type { RewardRow } from './rewardTypes';

/**
 * Whether an operator may act on a record: mark a pending customer-service prize awarded, or
 * reissue a failed callback. A reward on hold is neither: it waits to be released first.
 */
export function rewardMove(
  row: Pick<RewardRow, 'awardStatus' | 'deliveryType'>,
  held = false,
): 'award' | 'reissue' | null {
  if (held) return null;
  if (row.awardStatus === 'pending' && row.deliveryType === 'customer-service') return 'award';
  if (row.awardStatus === 'failure') return 'reissue';
  return null;
}

/** Whether a record can be put on hold (a pending reward not yet held) or released (a held one). */
export function holdMove(row: Pick<RewardRow, 'awardStatus'>, held: boolean): 'hold' | 'release' | null {
  if (held) return 'release';
  return row.awardStatus === 'pending' ? 'hold' : null;
}
