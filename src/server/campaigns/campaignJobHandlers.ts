import { applyCampaignAction } from '../../engine/rules/campaignStatus';
import type { JobHandler } from '../scheduler/runDueJobs';
import type { Scheduler } from '../scheduler/schedulerPlugin';
import type { CampaignRow } from '../db/campaignTables';
import { shownStatus, storedState } from './campaignState';
import { withWhitelistOff } from './campaignColumns';
import { recordCampaignEvent } from './campaignEvents';
import { moveCampaign } from './moveCampaign';
import { CAMPAIGN_GO_OFFLINE, CAMPAIGN_GO_ONLINE, planOfflineJob } from './planOfflineJob';

/**
 * A scheduled goOnline comes due: the stored phase becomes online (the engine checks the move
 * is still legal: not past the end), the planned time is cleared and the move is recorded as
 * done by the scheduler on behalf of whoever scheduled it.
 */
const completeScheduledOnline: JobHandler = async (job, { trx, now }) => {
  const row = await trx
    .selectFrom('campaigns')
    .selectAll()
    .where('id', '=', job.subject_id)
    .executeTakeFirst();
  if (!row) return { skipped: 'campaign deleted' };
  if (row.online_at !== job.run_at) return { skipped: 'no longer planned' };
  const clearPlan = () =>
    trx
      .updateTable('campaigns')
      .set({ online_at: null })
      .where('id', '=', row.id)
      .where('online_at', '=', job.run_at)
      .execute();
  if (row.phase !== 'online') {
    const legal = applyCampaignAction(storedState(row), 'goOnline', { now });
    if (!legal.ok) {
      await clearPlan();
      return { skipped: legal.error };
    }
  }
  const updated: CampaignRow = {
    ...row,
    phase: 'online',
    online_at: null,
    whitelist_enabled: 0,
    config: withWhitelistOff(row.config),
    updated_at: now.toISOString(),
  };
  const written = await trx
    .updateTable('campaigns')
    .set({
      phase: updated.phase,
      online_at: null,
      whitelist_enabled: 0,
      config: updated.config,
      updated_at: updated.updated_at,
    })
    .where('id', '=', row.id)
    .where('online_at', '=', job.run_at)
    .executeTakeFirst();
  if (Number(written.numUpdatedRows) !== 1) return { skipped: 'changed meanwhile' };
  await recordCampaignEvent(trx, {
    campaignId: row.id,
    projectId: row.project_id,
    action: 'goOnline',
    fromPhase: row.phase,
    toPhase: 'online',
    fromStatus: 'scheduled',
    toStatus: shownStatus(updated, now),
    actorId: job.created_by,
    via: 'scheduler',
    detail: { scheduledFor: job.run_at },
    now,
  });
  await planOfflineJob(trx, updated, now, job.created_by);
};

/** The config's offlineAt comes due: the campaign goes offline, if that is still a legal move. */
const scheduledOffline: JobHandler = async (job, { trx, now }) => {
  const row = await trx
    .selectFrom('campaigns')
    .selectAll()
    .where('id', '=', job.subject_id)
    .executeTakeFirst();
  if (!row) return { skipped: 'campaign deleted' };
  const moved = await moveCampaign(trx, row, {
    action: 'goOffline',
    actorId: job.created_by,
    via: 'scheduler',
    now,
  });
  if (!moved.ok) return { skipped: moved.error };
};

/** Registers the campaign job kinds with the app's scheduler. */
export function registerCampaignJobs(scheduler: Scheduler): void {
  scheduler.handle(CAMPAIGN_GO_ONLINE, completeScheduledOnline);
  scheduler.handle(CAMPAIGN_GO_OFFLINE, scheduledOffline);
}
