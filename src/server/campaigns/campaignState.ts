import {
  allowedCampaignActions,
  campaignStatus,
  type CampaignAction,
  type CampaignState,
  type CampaignStatus,
} from '../../engine/rules/campaignStatus';
import type { CampaignRow } from '../db/campaignTables';

type StateColumns = Pick<
  CampaignRow,
  'phase' | 'start_time' | 'end_time' | 'online_at' | 'whitelist_enabled'
>;

/** The stored state, without a scheduled move that has not run yet. */
export function storedState(row: StateColumns): CampaignState {
  return {
    phase: row.phase,
    startTime: row.start_time,
    endTime: row.end_time,
    onlineAt: null,
    whitelistEnabled: row.whitelist_enabled === 1,
  };
}

/**
 * The state operators and participants see: a waiting scheduled `goOnline` counts as done
 * (phase online with its online time), as the engine's own `goOnline(at)` describes it. The
 * stored phase catches up when the scheduler runs the job.
 */
export function shownState(row: StateColumns): CampaignState {
  const stored = storedState(row);
  return row.online_at ? { ...stored, phase: 'online', onlineAt: row.online_at } : stored;
}

/** The shown status now. */
export function shownStatus(row: StateColumns, now: Date): CampaignStatus {
  return campaignStatus(shownState(row), now);
}

/** The moves an operator may make now (a waiting online time may be moved). */
export function shownActions(row: StateColumns, now: Date): readonly CampaignAction[] {
  const state = shownState(row);
  return allowedCampaignActions(campaignStatus(state, now), state, now);
}

/**
 * Live: participants may be playing, so rules that change outcomes are locked. Running, or
 * pre-released (whitelisted users only) after the start.
 */
export function isLive(row: StateColumns, now: Date): boolean {
  const status = shownStatus(row, now);
  if (status === 'running') return true;
  return status === 'prereleased' && now.getTime() >= Date.parse(row.start_time);
}
