import type { Kysely } from 'kysely';
import type { CampaignStatus } from '../../engine/rules/campaignStatus';
import type { Database } from '../db/tables';
import type { CampaignRow } from '../db/campaignTables';
import { shownStatus } from './campaignState';
import { campaignChannels, type CampaignChannelsView } from './campaignViews';
import { playParticipation, type Participation } from '../play/report/playReport';

export interface CampaignEventView {
  id: string;
  at: string;
  action: string;
  fromStatus: string | null;
  toStatus: string;
  actor: { id: string; name: string } | null;
  via: 'user' | 'scheduler';
}

export interface CampaignReport {
  status: CampaignStatus;
  history: CampaignEventView[];
  channels: CampaignChannelsView;
  formSubmissions: { pending: number; submitted: number };
  /** What participants did (`available: false` while nobody has played); nothing is invented. */
  participation: Participation;
}

/** The report from recorded facts only: status history, channels, reward form submissions, participation. */
export async function campaignReport(
  db: Kysely<Database>,
  row: CampaignRow,
  publicUrl: string,
  now: Date,
  lang = 'zh-CN',
): Promise<CampaignReport> {
  const events = await db
    .selectFrom('campaign_events')
    .leftJoin('users', 'users.id', 'campaign_events.actor_id')
    .select([
      'campaign_events.id',
      'campaign_events.created_at',
      'campaign_events.action',
      'campaign_events.from_status',
      'campaign_events.to_status',
      'campaign_events.actor_id',
      'campaign_events.via',
      'users.name as actor_name',
    ])
    .where('campaign_events.campaign_id', '=', row.id)
    .orderBy('campaign_events.created_at')
    .orderBy('campaign_events.id')
    .execute();
  const counts = await db
    .selectFrom('reward_form_submissions')
    .select(['state', (eb) => eb.fn.countAll().as('n')])
    .where('campaign_id', '=', row.id)
    .groupBy('state')
    .execute();
  const count = (state: string) => Number(counts.find((c) => c.state === state)?.n ?? 0);
  return {
    status: shownStatus(row, now),
    history: events.map((e) => ({
      id: e.id,
      at: e.created_at,
      action: e.action,
      fromStatus: e.from_status,
      toStatus: e.to_status,
      actor: e.actor_id && e.actor_name ? { id: e.actor_id, name: e.actor_name } : null,
      via: e.via,
    })),
    channels: await campaignChannels(db, row.id, publicUrl),
    formSubmissions: { pending: count('pending'), submitted: count('submitted') },
    participation: await playParticipation(db, row, lang, now),
  };
}
