// What the project knew of an invitee before their invite: whether their device or account had
// been seen (an attribution, an SDK event, a participant), which decides whether they count as new.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/tables';
import { localDayNumber, localDayStartMs } from '../../../engine/rules/timeZone';
import { rollupTimeZone } from '../../sdk/ingestEvents';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Whether the project had seen a device before an instant: an attribution of it, or an SDK event
 * (its first day before that day, or an event earlier the same day).
 */
export async function deviceSeenBefore(db: Db, projectId: string, deviceId: string, at: string) {
  const attributed = await db
    .selectFrom('attributions')
    .select('id')
    .where('project_id', '=', projectId)
    .where('device_id', '=', deviceId)
    .where('created_at', '<', at)
    .executeTakeFirst();
  if (attributed) return true;
  const device = await db
    .selectFrom('sdk_devices')
    .select('first_day')
    .where('project_id', '=', projectId)
    .where('device_id', '=', deviceId)
    .executeTakeFirst();
  if (!device) return false;
  // The zone the SDK rollups count days in (first_day is a day of that zone).
  const zone = await rollupTimeZone(db as Kysely<Database>, projectId);
  const day = localDayNumber(Date.parse(at), zone);
  if (device.first_day < day) return true;
  if (device.first_day > day) return false;
  const earlier = await db
    .selectFrom('sdk_events')
    .select('event_id')
    .where('project_id', '=', projectId)
    .where('time', '>=', new Date(localDayStartMs(day, zone)).toISOString())
    .where('time', '<', at)
    .where('device_id', '=', deviceId)
    .executeTakeFirst();
  return earlier !== undefined;
}

/** Whether the app had been opened on the device before an instant (an install or open reported). */
export async function openedBefore(db: Db, projectId: string, deviceId: string, at: string) {
  const row = await db
    .selectFrom('attributions')
    .select('id')
    .where('project_id', '=', projectId)
    .where('device_id', '=', deviceId)
    .where('type', 'in', ['install', 'open'])
    .where('created_at', '<', at)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Whether an account was known before an instant: it played in the project earlier, or the SDK
 * had reported it from a device (other than `exceptDevice`, whose row the current batch may have
 * just written).
 */
export async function accountKnownBefore(
  db: Db,
  projectId: string,
  userId: string,
  at: string,
  exceptDevice: string | null = null,
) {
  const row = await db
    .selectFrom('participants')
    .select('created_at')
    .where('project_id', '=', projectId)
    .where('identity', '=', `u:${userId}`)
    .executeTakeFirst();
  if (row !== undefined && row.created_at < at) return true;
  let devices = db
    .selectFrom('sdk_devices')
    .select('device_id')
    .where('project_id', '=', projectId)
    .where('user_id', '=', userId)
    .where('last_time', '<', at);
  if (exceptDevice !== null) devices = devices.where('device_id', '!=', exceptDevice);
  return (await devices.executeTakeFirst()) !== undefined;
}
