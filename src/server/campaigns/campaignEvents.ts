import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import { randomBytes } from 'node:crypto';

export interface CampaignEventInput {
  campaignId: string;
  projectId: string;
  /** create, copy, prerelease, goOnline, goOffline, disableWhitelist. */
  action: string;
  fromPhase: string | null;
  toPhase: string;
  fromStatus: string | null;
  toStatus: string;
  actorId: string | null;
  via: 'user' | 'scheduler';
  detail?: Record<string, unknown> | null;
  now: Date;
}

let last = 0;

/**
 * Event ids sort in the order events happened, also when the app clock stands still (tests) or
 * several moves share one millisecond: microseconds of real time, strictly increasing in this
 * process, then random characters.
 */
function sortableEventId(): string {
  const micros = Math.max(Math.floor((performance.timeOrigin + performance.now()) * 1000), last + 1);
  last = micros;
  return micros.toString(36).padStart(12, '0') + randomBytes(3).toString('base64url');
}

/** Records one status move (the audit behind the report's history). */
export async function recordCampaignEvent(db: Kysely<Database>, event: CampaignEventInput): Promise<void> {
  await db
    .insertInto('campaign_events')
    .values({
      id: sortableEventId(),
      campaign_id: event.campaignId,
      project_id: event.projectId,
      action: event.action,
      from_phase: event.fromPhase,
      to_phase: event.toPhase,
      from_status: event.fromStatus,
      to_status: event.toStatus,
      actor_id: event.actorId,
      via: event.via,
      detail: event.detail ? JSON.stringify(event.detail) : null,
      created_at: event.now.toISOString(),
    })
    .execute();
}
