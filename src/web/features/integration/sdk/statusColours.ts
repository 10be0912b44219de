import type { SdkStatus } from '../integrationTypes';

/** Tag colour of each integration status. */
export const statusColours: Record<SdkStatus, string> = {
  notIntegrated: 'default',
  partial: 'warning',
  inProgress: 'processing',
  complete: 'success',
  noData: 'gold',
  failed: 'error',
};
