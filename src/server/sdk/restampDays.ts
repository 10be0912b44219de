import type { Kysely } from 'kysely';
import { localDayNumber, localDayStartMs } from '../../engine/rules/timeZone';
import type { Database } from '../db/tables';

/** Tables whose rows carry a UTC `time` and the local `day` of the project's zone it falls on. */
export type DayStampedTable = 'sdk_events' | 'turbo_events' | 'ad_income';

/**
 * Re-stamps a project's `day` column of `table` in `zone`, inside a time zone change's
 * transaction (`rebuildRollups`): one indexed update per local day between the first and the last
 * row, touching only rows whose day changes.
 */
export async function restampDays(
  trx: Kysely<Database>,
  table: DayStampedTable,
  projectId: string,
  zone: string,
): Promise<void> {
  const span = await trx
    .selectFrom(table)
    .select([(eb) => eb.fn.min('time').as('first'), (eb) => eb.fn.max('time').as('last')])
    .where('project_id', '=', projectId)
    .executeTakeFirst();
  if (!span?.first || !span.last) return;
  const firstDay = localDayNumber(Date.parse(String(span.first)), zone);
  const lastDay = localDayNumber(Date.parse(String(span.last)), zone);
  for (let day = firstDay; day <= lastDay; day += 1)
    await trx
      .updateTable(table)
      .set({ day })
      .where('project_id', '=', projectId)
      .where('time', '>=', new Date(localDayStartMs(day, zone)).toISOString())
      .where('time', '<', new Date(localDayStartMs(day + 1, zone)).toISOString())
      .where('day', '!=', day)
      .execute();
}
