import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/tables';
import type { SdkEventRow } from './sdkTables';
import type { IngestEvent } from './validateSdkEvent';
import { chunks } from './batchStatement';

/** Server events whose ids app events held: confirmed (same content) or refused (other content). */
export interface HeldEvents {
  confirmed: IngestEvent[];
  taken: IngestEvent[];
}

/** Whether a stored app event says what the server's event says (the app forwarded it as is). */
export function sameEvent(stored: SdkEventRow, event: IngestEvent): boolean {
  return (
    stored.name === event.name &&
    stored.device_id === event.deviceId &&
    stored.user_id === event.userId &&
    Date.parse(stored.time) === Date.parse(event.time) &&
    canonical(stored.data) === canonical(event.data)
  );
}

/** JSON text with its keys in order, so two senders' spellings of one object compare equal. */
function canonical(text: string | null): string | null {
  if (text === null) return null;
  const sort = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(sort)
      : value !== null && typeof value === 'object'
        ? Object.fromEntries(
            Object.keys(value)
              .sort()
              .map((k) => [k, sort((value as Record<string, unknown>)[k])]),
          )
        : value;
  return JSON.stringify(sort(JSON.parse(text)));
}

/**
 * The server's events whose ids an app event (via the SDK) already holds. The same content (name,
 * device, user, instant, data) is the server confirming what the app reported: the stored event is
 * marked as the server's and moves, in the same transaction, the progress that takes the server's
 * word only (`onConfirmed`). Other content is refused: an app event may not take a server event's
 * id, and the server may not rewrite what was stored. Marking claims the row (`via = 'sdk'` in the
 * update), so two servers confirming one event move progress once.
 */
export async function confirmAppEvents(
  db: Kysely<Database>,
  projectId: string,
  events: readonly IngestEvent[],
  onConfirmed: (trx: Transaction<Database>, confirmed: readonly IngestEvent[]) => Promise<unknown>,
): Promise<HeldEvents> {
  const held: HeldEvents = { confirmed: [], taken: [] };
  if (events.length === 0) return held;
  const byId = new Map(events.map((e) => [e.eventId, e]));
  const stored: SdkEventRow[] = [];
  for (const part of chunks([...byId.keys()]))
    stored.push(
      ...(await db
        .selectFrom('sdk_events')
        .selectAll()
        .where('project_id', '=', projectId)
        .where('event_id', 'in', part)
        .where('via', '=', 'sdk')
        .execute()),
    );
  if (stored.length === 0) return held;
  const same: IngestEvent[] = [];
  for (const row of stored) {
    const event = byId.get(row.event_id) as IngestEvent;
    (sameEvent(row, event) ? same : held.taken).push(event);
  }
  if (same.length === 0) return held;
  await db.transaction().execute(async (trx) => {
    const claimed = new Set<string>();
    for (const part of chunks(same.map((e) => e.eventId)))
      for (const row of await trx
        .updateTable('sdk_events')
        .set({ via: 'server' })
        .where('project_id', '=', projectId)
        .where('event_id', 'in', part)
        .where('via', '=', 'sdk')
        .returning('event_id')
        .execute())
        claimed.add(row.event_id);
    held.confirmed = same.filter((e) => claimed.has(e.eventId));
    if (held.confirmed.length > 0) await onConfirmed(trx, held.confirmed);
  });
  return held;
}
