import type { CampaignAction, CampaignStatus } from '../../../engine/rules/campaignStatus';

export type { CampaignAction, CampaignStatus };

/** `growth` lists under campaignManagement, `ads` under campaignMenage (web-to-app). */
export type CampaignArea = 'growth' | 'ads';
export type CampaignKind = 'gameplay' | 'sub-activity';

/** Shown statuses in filter order (the engine's `campaignStatus()`). */
export const campaignStatuses: CampaignStatus[] = [
  'draft',
  'prereleased',
  'scheduled',
  'running',
  'ended',
  'offline',
];

/** One row of `GET /api/campaigns` (docs/campaigns.md). */
export interface CampaignSummary {
  id: string;
  area: CampaignArea;
  kind: CampaignKind;
  mark: string;
  templateMark: string | null;
  title: string;
  goal: string | null;
  status: CampaignStatus;
  /** The moves the server allows now; the list shows only these. */
  actions: CampaignAction[];
  startTime: string;
  endTime: string;
  timezone: string | null;
  onlineAt: string | null;
  parentId: string | null;
  /** The participant page address. */
  link: string;
  createdAt: string;
  updatedAt: string;
}

export interface Channel {
  key: string;
  name: string;
  /** The channel's own participant link, when the server sends it. */
  link?: string;
}

export interface CampaignChannels {
  inApp: Channel[];
  offSite: Channel[];
}

/** `GET /api/campaigns/:id`. */
export interface CampaignDetail extends CampaignSummary {
  config: Record<string, unknown>;
  channels: CampaignChannels;
  downloadPageId: string | null;
}

export interface Page<T> {
  items: T[];
  total: number;
}
