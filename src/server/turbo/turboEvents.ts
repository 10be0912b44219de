import type { Kysely } from 'kysely';
import { localDayNumber } from '../../engine/rules/timeZone';
import { validationMessage } from '../../engine/validation/localizeErrors';
import { fieldError } from '../errors';
import { deviceOf } from '../redirect/deviceOf';
import type { Database } from '../db/tables';
import { randomId } from '../db/randomId';
import { rollupTimeZone } from '../sdk/ingestEvents';
import { pageOf } from './publicTurbo';
import type { TurboEventType, TurboKind, TurboPlatform } from './turboTables';

/** One checked event of a web SDK batch (page already cut to origin + path). */
export interface TurboEventInput {
  id: string;
  type: TurboEventType;
  page: string;
  links: number;
}

/** One event of a beacon as the web SDK sent it (its shape checked by the route's schema). */
export interface SentTurboEvent {
  id: string;
  type: string;
  page: string;
  links?: number;
}

/** The platform the server counts an event for, from the request's User-Agent alone. */
export function platformOf(userAgent: string | undefined): { platform: TurboPlatform; bot: boolean } {
  const device = deviceOf(userAgent);
  const platform = device.platform === 'ios' || device.platform === 'android' ? device.platform : 'other';
  return { platform, bot: device.bot };
}

/** The events of a beacon, pages cut to origin + path; a page that is not http(s) answers 400. */
export function checkedEvents(events: readonly SentTurboEvent[]): TurboEventInput[] {
  const bad: number[] = [];
  const out = events.map((event, i) => {
    const page = pageOf(event.page);
    if (page === undefined) bad.push(i);
    return {
      id: event.id,
      type: event.type as TurboEventInput['type'],
      page: page ?? '',
      links: event.links ?? 1,
    };
  });
  if (bad.length > 0)
    throw fieldError((lang) =>
      bad.map((i) => ({ path: `/events/${i}/page`, message: validationMessage('httpUrl', lang) })),
    );
  return out;
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

/** A beacon of a banner or script: its events as sent, and who sent it when. */
export interface TurboBeacon {
  target: { kind: TurboKind; id: string; projectId: string };
  events: readonly SentTurboEvent[];
  userAgent: string | undefined;
  now: Date;
}

/**
 * Records a beacon: pages cut to origin + path (a page that is not http(s) refuses the beacon,
 * naming each such event), the platform from the User-Agent; a robot's events are not recorded
 * (counted in neither `accepted` nor `duplicates`).
 */
export async function recordBeacon(
  db: Kysely<Database>,
  beacon: TurboBeacon,
): Promise<{ accepted: number; duplicates: number }> {
  const events = checkedEvents(beacon.events);
  const { platform, bot } = platformOf(beacon.userAgent);
  if (bot) return { accepted: 0, duplicates: 0 };
  return storeTurboEvents(db, beacon.target, events, platform, beacon.now);
}
