import useSWR from 'swr';
import type { CampaignDetail } from './campaignTypes';
import { freshQuery } from './freshQuery';

/** One campaign with its config, channels and download page (`GET /api/campaigns/:id`). */
export function useCampaign(id: string | null | undefined) {
  return useSWR<CampaignDetail>(id ? `/api/campaigns/${encodeURIComponent(id)}` : null, freshQuery);
}
