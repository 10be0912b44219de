/**
 * Campaign status machine. The stored phase is what operators did; the shown status also
 * depends on the clock: an online campaign is scheduled before its start (or its chosen online
 * time), running until its end, then ended.
 */
export type CampaignPhase = 'draft' | 'prereleased' | 'online' | 'offline';
export type CampaignStatus = 'draft' | 'prereleased' | 'scheduled' | 'running' | 'ended' | 'offline';
export type CampaignAction = 'prerelease' | 'goOnline' | 'goOffline' | 'disableWhitelist' | 'edit' | 'delete';

export interface CampaignState {
  phase: CampaignPhase;
  /** Activity start and end, ISO-8601 with offset. */
  startTime: string;
  endTime: string;
  /** When going online was scheduled for (absent: online at once). */
  onlineAt?: string | null;
  /** Whitelisted activities are pre-released to their whitelist only. */
  whitelistEnabled?: boolean;
}

export type TransitionError =
  'campaign.illegalTransition' | 'campaign.onlineAfterEnd' | 'campaign.whitelistRequired' | 'campaign.ended';

export type TransitionResult = { ok: true; state: CampaignState } | { ok: false; error: TransitionError };

const ms = (iso: string | null | undefined) => (iso ? Date.parse(iso) : Number.NaN);

/** The status to show now. */
export function campaignStatus(state: CampaignState, now: Date = new Date()): CampaignStatus {
  const t = now.getTime();
  if (state.phase === 'draft') return 'draft';
  if (state.phase === 'offline') return 'offline';
  if (t >= ms(state.endTime)) return 'ended';
  if (state.phase === 'prereleased') return 'prereleased';
  const onlineAt = ms(state.onlineAt);
  if (!Number.isNaN(onlineAt) && t < onlineAt) return 'scheduled';
  return t < ms(state.startTime) ? 'scheduled' : 'running';
}

// A scheduled campaign is already online (it waits for its start or its chosen online time), so
// "go online" beside "take offline" would contradict its status. The one exception is a chosen
// online time that still waits: going online again moves that time (now or later), which the
// console offers as "change online time" (see allowedCampaignActions).
const ALLOWED: Record<CampaignStatus, readonly CampaignAction[]> = {
  draft: ['edit', 'delete', 'prerelease', 'goOnline'],
  prereleased: ['edit', 'delete', 'goOnline', 'goOffline', 'disableWhitelist'],
  scheduled: ['edit', 'delete', 'goOffline'],
  running: ['edit', 'goOffline'],
  offline: ['edit', 'delete', 'goOnline'],
  ended: ['delete'],
};

const RESCHEDULABLE: readonly CampaignAction[] = ['edit', 'delete', 'goOnline', 'goOffline'];

/**
 * The moves an operator may make (list actions show only these). Pass the state and the clock
 * for a scheduled campaign: while its chosen online time still waits, `goOnline` moves that time.
 */
export function allowedCampaignActions(
  status: CampaignStatus,
  state?: Pick<CampaignState, 'onlineAt'>,
  now: Date = new Date(),
): readonly CampaignAction[] {
  if (status === 'scheduled' && waitsForOnlineTime(state, now)) return RESCHEDULABLE;
  return ALLOWED[status];
}

/** True while a chosen online time (a timed `goOnline`) is still ahead. */
export function waitsForOnlineTime(state: Pick<CampaignState, 'onlineAt'> | undefined, now: Date): boolean {
  const onlineAt = ms(state?.onlineAt);
  return !Number.isNaN(onlineAt) && now.getTime() < onlineAt;
}

/**
 * Applies an operator action. Going offline is immediate; going online is immediate or at a
 * chosen time no later than the activity end; turning the whitelist off or going online makes a
 * pre-released activity public.
 */
export function applyCampaignAction(
  state: CampaignState,
  action: CampaignAction,
  options: { now?: Date; at?: string | null } = {},
): TransitionResult {
  const now = options.now ?? new Date();
  const status = campaignStatus(state, now);
  if (!allowedCampaignActions(status, state, now).includes(action)) {
    return { ok: false, error: status === 'ended' ? 'campaign.ended' : 'campaign.illegalTransition' };
  }
  switch (action) {
    case 'prerelease':
      if (!state.whitelistEnabled) return { ok: false, error: 'campaign.whitelistRequired' };
      return { ok: true, state: { ...state, phase: 'prereleased', onlineAt: null } };
    case 'goOnline': {
      const at = options.at ? ms(options.at) : now.getTime();
      if (Number.isNaN(at) || at > ms(state.endTime)) return { ok: false, error: 'campaign.onlineAfterEnd' };
      const onlineAt = options.at && at > now.getTime() ? new Date(at).toISOString() : null;
      return { ok: true, state: { ...state, phase: 'online', onlineAt, whitelistEnabled: false } };
    }
    case 'goOffline':
      return { ok: true, state: { ...state, phase: 'offline', onlineAt: null } };
    case 'disableWhitelist':
      return { ok: true, state: { ...state, phase: 'online', whitelistEnabled: false, onlineAt: null } };
    case 'edit':
    case 'delete':
      return { ok: true, state };
  }
}

/** Whether participants can join now: running and public (whitelisted users only when pre-released). */
export function canJoin(state: CampaignState, isWhitelisted: boolean, now: Date = new Date()): boolean {
  const status = campaignStatus(state, now);
  if (status === 'running') return true;
  return status === 'prereleased' && isWhitelisted && now.getTime() >= ms(state.startTime);
}
