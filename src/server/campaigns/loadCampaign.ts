import type { Kysely } from 'kysely';
import { AppError } from '../errors';
import type { Database } from '../db/tables';
import type { CampaignRow } from '../db/campaignTables';

/** A campaign of the request's project; another project's (or no such) id answers 404. */
export async function loadCampaign(
  db: Kysely<Database>,
  projectId: string,
  id: string,
): Promise<CampaignRow> {
  const row = await db
    .selectFrom('campaigns')
    .selectAll()
    .where('id', '=', id)
    .where('project_id', '=', projectId)
    .executeTakeFirst();
  if (!row) throw new AppError('notFound');
  return row;
}
