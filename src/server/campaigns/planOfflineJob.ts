import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import type { CampaignRow } from '../db/campaignTables';
import { cancelJobs, scheduleJob } from '../scheduler/scheduledJobs';
import { shownState } from './campaignState';
import { MECHANIC_MODULES } from '../play/mechanicModules';
import type { MechanicModule } from '../play/mechanicModule';

/** Job kinds of campaigns (handlers in campaignJobHandlers.ts). */
export const CAMPAIGN_GO_ONLINE = 'campaign.goOnline';
export const CAMPAIGN_GO_OFFLINE = 'campaign.goOffline';

/**
 * Re-plans the config's `offlineAt` as a job: a published campaign (pre-released or online,
 * scheduled included) goes offline then. Called after every write that can change the phase or
 * the config; a past `offlineAt` is not planned. The same goes for the job that settles a
 * mechanic's campaigns (`settleJob` of the mechanic module whose `configShape` the config has: a
 * coin pool's round, an invite contest's ranking), while the campaign has not ended.
 */
export async function planOfflineJob(
  db: Kysely<Database>,
  row: Pick<
    CampaignRow,
    | 'id'
    | 'project_id'
    | 'kind'
    | 'mark'
    | 'config'
    | 'phase'
    | 'start_time'
    | 'end_time'
    | 'online_at'
    | 'whitelist_enabled'
  >,
  now: Date,
  actorId: string | null,
  modules: readonly MechanicModule[] = MECHANIC_MODULES,
): Promise<void> {
  const settleKinds = modules.flatMap((module) => (module.settleJob ? [module.settleJob.kind] : []));
  await cancelJobs(db, row.id, [CAMPAIGN_GO_OFFLINE, ...settleKinds], now, 'replanned');
  const phase = shownState(row).phase;
  if (phase !== 'online' && phase !== 'prereleased') return;
  const config = JSON.parse(row.config) as Record<string, unknown>;
  if (Date.parse(row.end_time) > now.getTime()) {
    for (const module of modules) {
      const job = module.settleJob;
      if (!job || !module.configShape?.(row, config)) continue;
      const at = job.runAt(row, config, now);
      if (at === null) continue;
      await scheduleJob(db, {
        projectId: row.project_id,
        kind: job.kind,
        subjectId: row.id,
        runAt: new Date(at),
        createdBy: actorId,
        now,
      });
    }
  }
  const offlineAt = config.offlineAt;
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
