import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import type { CampaignRow } from '../db/campaignTables';
import { cancelJobs, scheduleJob } from '../scheduler/scheduledJobs';
import { shownState } from './campaignState';
import { poolRounds } from '../../engine/play/pool';
import { isContestConfig, isPoolConfig } from '../../engine/play/configShapes';

/** Job kinds of campaigns (handlers in campaignJobHandlers.ts). */
export const CAMPAIGN_GO_ONLINE = 'campaign.goOnline';
export const CAMPAIGN_GO_OFFLINE = 'campaign.goOffline';
/** An invite contest gives its rank rewards at its end (handler in play/invite/inviteRoutes.ts). */
export const CONTEST_SETTLE_JOB = 'contest.settle';
/** A coin pool shares each round's pool when the round ends (handler in play/pool/poolRoutes.ts). */
export const POOL_SETTLE_JOB = 'pool.settle';

/**
 * Re-plans the config's `offlineAt` as a job: a published campaign (pre-released or online,
 * scheduled included) goes offline then. Called after every write that can change the phase or
 * the config; a past `offlineAt` is not planned.
 */
export async function planOfflineJob(
  db: Kysely<Database>,
  row: Pick<
    CampaignRow,
    | 'id'
    | 'project_id'
    | 'kind'
    | 'config'
    | 'phase'
    | 'start_time'
    | 'end_time'
    | 'online_at'
    | 'whitelist_enabled'
  >,
  now: Date,
  actorId: string | null,
): Promise<void> {
  await cancelJobs(db, row.id, [CAMPAIGN_GO_OFFLINE, CONTEST_SETTLE_JOB, POOL_SETTLE_JOB], now, 'replanned');
  const phase = shownState(row).phase;
  if (phase !== 'online' && phase !== 'prereleased') return;
  // A coin pool settles its ended rounds at the next round end (the job plans the one after).
  const config = JSON.parse(row.config) as Record<string, unknown>;
  if (isPoolConfig(config) && Date.parse(row.end_time) > now.getTime()) {
    await scheduleJob(db, {
      projectId: row.project_id,
      kind: POOL_SETTLE_JOB,
      subjectId: row.id,
      runAt: new Date(Math.max(now.getTime(), nextRoundEnd(row, now))),
      createdBy: actorId,
      now,
    });
  }
  // An invite contest settles its ranking once it has ended (a moved end moves the job).
  if (isContestConfig(row.kind, config) && Date.parse(row.end_time) > now.getTime()) {
    await scheduleJob(db, {
      projectId: row.project_id,
      kind: CONTEST_SETTLE_JOB,
      subjectId: row.id,
      runAt: new Date(row.end_time),
      createdBy: actorId,
      now,
    });
  }
  const offlineAt = (JSON.parse(row.config) as { offlineAt?: unknown }).offlineAt;
  const at = typeof offlineAt === 'string' ? Date.parse(offlineAt) : Number.NaN;
  if (!(at > now.getTime())) return;
  await scheduleJob(db, {
    projectId: row.project_id,
    kind: CAMPAIGN_GO_OFFLINE,
    subjectId: row.id,
    runAt: new Date(at),
    createdBy: actorId,
    now,
  });
}

/** The end of the first round of a coin pool ending after now (the campaign's end at the latest). */
function nextRoundEnd(row: { start_time: string; end_time: string; config: string }, now: Date): number {
  const config = JSON.parse(row.config) as { drawTime?: unknown; roundHours?: unknown };
  const rounds = poolRounds(
    Date.parse(row.start_time),
    Date.parse(row.end_time),
    typeof config.drawTime === 'string' ? Date.parse(config.drawTime) : Number.NaN,
    typeof config.roundHours === 'number' ? config.roundHours : 24,
  );
  return rounds.find((r) => r.toMs > now.getTime())?.toMs ?? Date.parse(row.end_time);
}
