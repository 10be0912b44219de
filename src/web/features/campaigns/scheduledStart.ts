import type { CampaignSummary } from './campaignTypes';

type Timing = Pick<CampaignSummary, 'status' | 'startTime' | 'onlineAt'>;

/**
 * When a scheduled campaign starts for participants: the later of its activity start and its
 * planned online time. Null for every other status (or unreadable times).
 */
export function scheduledStart(campaign: Timing): string | null {
  if (campaign.status !== 'scheduled') return null;
  const times = [campaign.startTime, campaign.onlineAt].filter(
    (iso): iso is string => typeof iso === 'string' && !Number.isNaN(Date.parse(iso)),
  );
  if (times.length === 0) return null;
  return times.reduce((a, b) => (Date.parse(b) > Date.parse(a) ? b : a));
}
