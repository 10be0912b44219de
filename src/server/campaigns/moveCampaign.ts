import type { Kysely } from 'kysely';
import { applyCampaignAction, campaignStatus, type TransitionError } from '../../engine/rules/campaignStatus';
import type { Database } from '../db/tables';
import type { CampaignRow } from '../db/campaignTables';
import { cancelJobs, scheduleJob } from '../scheduler/scheduledJobs';
import { shownState, shownStatus } from './campaignState';
import { withWhitelistOff } from './campaignColumns';
import { recordCampaignEvent } from './campaignEvents';
import { CAMPAIGN_GO_ONLINE, planOfflineJob } from './planOfflineJob';

export type MoveAction = 'prerelease' | 'goOnline' | 'goOffline' | 'disableWhitelist';

export interface MoveInput {
  action: MoveAction;
  /** goOnline only: when (ISO); absent or not in the future = now. */
  at?: string | null;
  actorId: string | null;
  via: 'user' | 'scheduler';
  now: Date;
}

export type MoveResult = { ok: true; row: CampaignRow } | { ok: false; error: TransitionError };

/**
 * One status move through the engine's status machine, inside the caller's transaction: the
 * phase (held back while a scheduled goOnline waits), the scheduled jobs, the whitelist flag
 * (also in the config, so both say the same) and the event. A row changed meanwhile by someone
 * else refuses the move (illegalTransition) rather than overwrite it.
 */
export async function moveCampaign(
  trx: Kysely<Database>,
  row: CampaignRow,
  input: MoveInput,
): Promise<MoveResult> {
  const { action, now } = input;
  const before = shownState(row);
  const result = applyCampaignAction(before, action, { now, at: input.at ?? null });
  if (!result.ok) return result;
  const next = result.state;
  const scheduled = action === 'goOnline' && !!next.onlineAt;
  const updated: CampaignRow = {
    ...row,
    phase: scheduled ? row.phase : next.phase,
    online_at: scheduled ? (next.onlineAt ?? null) : null,
    whitelist_enabled: next.whitelistEnabled ? 1 : 0,
    config: next.whitelistEnabled ? row.config : withWhitelistOff(row.config),
    updated_at: now.toISOString(),
    updated_by: input.actorId ?? row.updated_by,
    // The database raises it by one (m0026); the update below matches the row as it was read.
    revision: row.revision + 1,
  };
  const written = await trx
    .updateTable('campaigns')
    .set({
      phase: updated.phase,
      online_at: updated.online_at,
      whitelist_enabled: updated.whitelist_enabled,
      config: updated.config,
      updated_at: updated.updated_at,
      updated_by: updated.updated_by,
    })
    .where('id', '=', row.id)
    .where('phase', '=', row.phase)
    .where('updated_at', '=', row.updated_at)
    .where('online_at', row.online_at === null ? 'is' : '=', row.online_at)
    .executeTakeFirst();
  if (Number(written.numUpdatedRows) !== 1) return { ok: false, error: 'campaign.illegalTransition' };

  await cancelJobs(trx, row.id, [CAMPAIGN_GO_ONLINE], now, `replaced by ${action}`);
  if (scheduled && updated.online_at) {
    await scheduleJob(trx, {
      projectId: row.project_id,
      kind: CAMPAIGN_GO_ONLINE,
      subjectId: row.id,
      runAt: new Date(updated.online_at),
      createdBy: input.actorId,
      now,
    });
  }
  await recordCampaignEvent(trx, {
    campaignId: row.id,
    projectId: row.project_id,
    action,
    fromPhase: row.phase,
    toPhase: updated.phase,
    fromStatus: campaignStatus(before, now),
    toStatus: shownStatus(updated, now),
    actorId: input.actorId,
    via: input.via,
    detail: scheduled ? { at: updated.online_at } : null,
    now,
  });
  await planOfflineJob(trx, updated, now, input.actorId);
  return { ok: true, row: updated };
}
