import type { CampaignChannels, CampaignStatus } from './campaignTypes';

/** A recorded status move or creation (`campaign_events`), oldest first. */
export interface CampaignEvent {
  id: string;
  at: string;
  action: string;
  fromStatus: CampaignStatus | null;
  toStatus: CampaignStatus | null;
  actor: { id: string; name: string } | null;
  via: 'user' | 'scheduler';
}

/** A row of a participation table: a label and figures by metric name. */
export type ReportRow = Record<string, unknown>;

/**
 * Participation figures. `available` is false until the participant side records them; then the
 * sections with data are present (totals by metric, per-day trend, per-channel, per-prize).
 */
export interface Participation {
  available: boolean;
  totals?: Record<string, number>;
  trend?: ReportRow[];
  channels?: ReportRow[];
  prizes?: ReportRow[];
}

/** `GET /api/campaigns/:id/report` (DESIGN.md): only recorded facts. */
export interface CampaignReport {
  status: CampaignStatus;
  history: CampaignEvent[];
  channels?: CampaignChannels;
  formSubmissions?: { pending: number; submitted: number };
  participation: Participation;
}
