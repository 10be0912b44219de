import type { Kysely } from 'kysely';
import { localDayNumber, localDayStartMs } from '../../../engine/rules/timeZone';
import type { Database } from '../../db/tables';

const TABLES = ['ad_requests', 'ad_clicks', 'ad_income'] as const;

/**
 * Re-stamps a project's ads `day` columns (requests, clicks, income) in `zone`, inside a time
 * zone change's transaction (`rebuildRollups`, like `restampTurboDays`): per table, one indexed
 * update per local day between its first and last row.
 */
export async function restampAdsDays(trx: Kysely<Database>, projectId: string, zone: string): Promise<void> {
  for (const table of TABLES) {
    const typed = table as 'ad_income';
    const span = await trx
      .selectFrom(typed)
      .select([(eb) => eb.fn.min('time').as('first'), (eb) => eb.fn.max('time').as('last')])
      .where('project_id', '=', projectId)
      .executeTakeFirst();
    if (!span?.first || !span.last) continue;
    const firstDay = localDayNumber(Date.parse(String(span.first)), zone);
    const lastDay = localDayNumber(Date.parse(String(span.last)), zone);
    for (let day = firstDay; day <= lastDay; day += 1)
      await trx
        .updateTable(typed)
        .set({ day })
        .where('project_id', '=', projectId)
        .where('time', '>=', new Date(localDayStartMs(day, zone)).toISOString())
        .where('time', '<', new Date(localDayStartMs(day + 1, zone)).toISOString())
        .where('day', '!=', day)
        .execute();
  }
}
