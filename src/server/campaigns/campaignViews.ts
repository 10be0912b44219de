import type { Kysely } from 'kysely';
import type { CampaignAction, CampaignStatus } from '../../engine/rules/campaignStatus';
import type { Database } from '../db/tables';
import type { CampaignArea, CampaignKind, CampaignRow, ChannelType } from '../db/campaignTables';
import { shownActions, shownStatus } from './campaignState';

export interface CampaignSummary {
  id: string;
  area: CampaignArea;
  kind: CampaignKind;
  mark: string;
  templateMark: string | null;
  title: string;
  goal: string | null;
  status: CampaignStatus;
  actions: CampaignAction[];
  startTime: string;
  endTime: string;
  timezone: string | null;
  onlineAt: string | null;
  parentId: string | null;
  link: string;
  createdAt: string;
  updatedAt: string;
}

export interface ChannelView {
  key: string;
  name: string;
  link: string;
}

export interface CampaignChannelsView {
  inApp: ChannelView[];
  offSite: ChannelView[];
}

export interface CampaignDetail extends CampaignSummary {
  config: Record<string, unknown>;
  channels: CampaignChannelsView;
  downloadPageId: string | null;
}

/** The participant link of a campaign (and of one of its channels). */
export function participantLink(publicUrl: string, campaignId: string, channelKey?: string): string {
  const base = `${publicUrl}/p/${encodeURIComponent(campaignId)}`;
  return channelKey ? `${base}?ch=${encodeURIComponent(channelKey)}` : base;
}

/** A list row: status and legal actions computed now by the engine. */
export function campaignSummary(
  row: Omit<CampaignRow, 'config'>,
  publicUrl: string,
  now: Date,
): CampaignSummary {
  const status = shownStatus(row, now);
  return {
    id: row.id,
    area: row.area,
    kind: row.kind,
    mark: row.mark,
    templateMark: row.template_mark,
    title: row.title,
    goal: row.goal,
    status,
    actions: [...shownActions(row, now)],
    startTime: row.start_text,
    endTime: row.end_text,
    timezone: row.timezone,
    onlineAt: row.online_at,
    parentId: row.parent_id,
    link: participantLink(publicUrl, row.id),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The channels of a campaign, in their order, each with its own link. */
export async function campaignChannels(
  db: Kysely<Database>,
  campaignId: string,
  publicUrl: string,
): Promise<CampaignChannelsView> {
  const rows = await db
    .selectFrom('campaign_channels')
    .select(['type', 'key', 'name'])
    .where('campaign_id', '=', campaignId)
    .orderBy('position')
    .execute();
  const out: CampaignChannelsView = { inApp: [], offSite: [] };
  for (const row of rows) {
    const list = out[row.type as ChannelType];
    list?.push({ key: row.key, name: row.name, link: participantLink(publicUrl, campaignId, row.key) });
  }
  return out;
}

/** The full campaign for the detail, edit and every write answer. */
export async function campaignDetail(
  db: Kysely<Database>,
  row: CampaignRow,
  publicUrl: string,
  now: Date,
): Promise<CampaignDetail> {
  return {
    ...campaignSummary(row, publicUrl, now),
    config: JSON.parse(row.config) as Record<string, unknown>,
    channels: await campaignChannels(db, row.id, publicUrl),
    downloadPageId: row.download_page_id,
  };
}
