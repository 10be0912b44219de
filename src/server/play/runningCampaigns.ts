import type { Transaction } from 'kysely';
import type { Database } from '../db/tables';
import type { CampaignRow } from '../db/campaignTables';
import type { ParticipantRow } from './playTables';

/**
 * A project's campaigns that are online and running now: what the SDK ingest hooks (pool coins,
 * tasks, pets) move. Read once per project and commit, shared by the hooks.
 */
export async function runningCampaigns(
  trx: Transaction<Database>,
  projectId: string,
  now: Date,
): Promise<CampaignRow[]> {
  const at = now.toISOString();
  return trx
    .selectFrom('campaigns')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('phase', '=', 'online')
    .where('end_time', '>', at)
    .where('start_time', '<=', at)
    .execute();
}

/**
 * The participants with these user ids who joined the campaign (have an entry), in id order: the
 * order their entries are locked in, so two servers' batches never wait on each other in a circle.
 */
export async function joinedParticipants(
  trx: Transaction<Database>,
  projectId: string,
  campaignId: string,
  userIds: readonly string[],
): Promise<ParticipantRow[]> {
  return trx
    .selectFrom('participants')
    .innerJoin('play_entries', 'play_entries.participant_id', 'participants.id')
    .selectAll('participants')
    .where('participants.project_id', '=', projectId)
    .where('participants.user_id', 'in', [...new Set(userIds)])
    .where('play_entries.campaign_id', '=', campaignId)
    .orderBy('participants.id')
    .execute();
}
