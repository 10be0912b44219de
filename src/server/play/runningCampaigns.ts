import type { Transaction } from 'kysely';
import type { Database } from '../db/tables';
import type { CampaignRow } from '../db/campaignTables';

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
