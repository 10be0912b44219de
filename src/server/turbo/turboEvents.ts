import type { Kysely } from 'kysely';
import { localDayNumber } from '../../engine/rules/timeZone';
import type { Database } from '../db/tables';
import { randomId } from '../db/randomId';
import { rollupTimeZone } from '../sdk/ingestEvents';
import type { TurboEventType, TurboKind, TurboPlatform } from './turboTables';

/** One checked event of a web SDK batch (page already cut to origin + path). */
export interface TurboEventInput {
  id: string;
  type: TurboEventType;
  page: string;
  links: number;
}

/**
 * Stores a banner's or script's events, each once per project and event id (`ON CONFLICT DO
 * NOTHING`: a retried beacon, or the same id twice in the batch, changes nothing). The time is
 * the server's, the day its local day in the project's rollup zone (read under the share lock
 * a time zone change waits for, like SDK events). Answers how many were new.
 */
export async function storeTurboEvents(
  db: Kysely<Database>,
  target: { kind: TurboKind; id: string; projectId: string },
  events: readonly TurboEventInput[],
  platform: TurboPlatform,
  now: Date,
): Promise<{ accepted: number; duplicates: number }> {
  const unique = new Map(events.map((event) => [event.id, event]));
  if (unique.size === 0) return { accepted: 0, duplicates: events.length };
  const time = now.toISOString();
  const accepted = await db.transaction().execute(async (trx) => {
    const day = localDayNumber(now.getTime(), await rollupTimeZone(trx, target.projectId));
    const inserted = await trx
      .insertInto('turbo_events')
      .values(
        [...unique.values()].map((event) => ({
          id: randomId(),
          project_id: target.projectId,
          target_kind: target.kind,
          target_id: target.id,
          event_id: event.id,
          type: event.type,
          day,
          time,
          platform,
          page: event.page,
          links: event.links,
        })),
      )
      .onConflict((oc) => oc.columns(['project_id', 'event_id']).doNothing())
      .executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0);
  });
  return { accepted, duplicates: events.length - accepted };
}
