import type { Kysely } from 'kysely';
import { localDayNumber, localDayStartMs } from '../../engine/rules/timeZone';
import type { Database } from '../db/tables';

/**
 * Re-stamps a project's income days (`ad_income`) in `zone`, inside a time zone change's
 * transaction (`rebuildRollups`, which holds the project row's lock the income writers' share
 * lock waits for): one indexed update per local day between the first and the last row. Serve
 * counters need none: they are kept per UTC quarter hour, and every zone's day is whole quarters.
 */
export async function restampAdsDays(trx: Kysely<Database>, projectId: string, zone: string): Promise<void> {
  const span = await trx
    .selectFrom('ad_income')
    .select([(eb) => eb.fn.min('time').as('first'), (eb) => eb.fn.max('time').as('last')])
    .where('project_id', '=', projectId)
    .executeTakeFirst();
  if (!span?.first || !span.last) return;
  const firstDay = localDayNumber(Date.parse(String(span.first)), zone);
  const lastDay = localDayNumber(Date.parse(String(span.last)), zone);
  for (let day = firstDay; day <= lastDay; day += 1)
    await trx
      .updateTable('ad_income')
      .set({ day })
      .where('project_id', '=', projectId)
      .where('time', '>=', new Date(localDayStartMs(day, zone)).toISOString())
      .where('time', '<', new Date(localDayStartMs(day + 1, zone)).toISOString())
      .where('day', '!=', day)
      .execute();
}
