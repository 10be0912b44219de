import { describe, expect, it } from 'vitest';
import {
  allowedCampaignActions,
  applyCampaignAction,
  campaignStatus,
  canJoin,
  type CampaignState,
  waitsForOnlineTime,
} from './campaignStatus';

const base: CampaignState = {
  phase: 'draft',
  startTime: '2026-12-01T00:00:00+08:00',
  endTime: '2026-12-31T23:59:59+08:00',
};
const before = new Date('2026-11-20T00:00:00Z');
const during = new Date('2026-12-10T00:00:00Z');
const after = new Date('2027-01-05T00:00:00Z');

describe('campaign status machine', () => {
  it('derives the shown status from phase and clock', () => {
    expect(campaignStatus(base, during)).toBe('draft');
    const online = { ...base, phase: 'online' as const };
    expect(campaignStatus(online, before)).toBe('scheduled');
    expect(campaignStatus(online, during)).toBe('running');
    expect(campaignStatus(online, after)).toBe('ended');
    expect(campaignStatus({ ...base, phase: 'offline' }, during)).toBe('offline');
    expect(campaignStatus({ ...base, phase: 'prereleased', whitelistEnabled: true }, during)).toBe(
      'prereleased',
    );
  });

  it('goes online now or at a chosen time no later than the end', () => {
    const now = applyCampaignAction(base, 'goOnline', { now: during });
    expect(now.ok && campaignStatus(now.state, during)).toBe('running');
    const later = applyCampaignAction(base, 'goOnline', { now: during, at: '2026-12-20T00:00:00Z' });
    expect(later.ok && campaignStatus(later.state, during)).toBe('scheduled');
    expect(later.ok && campaignStatus(later.state, new Date('2026-12-21T00:00:00Z'))).toBe('running');
    expect(applyCampaignAction(base, 'goOnline', { now: during, at: '2027-01-01T00:00:00+08:00' })).toEqual({
      ok: false,
      error: 'campaign.onlineAfterEnd',
    });
  });

  it('goes offline at once, and users can no longer join', () => {
    const running: CampaignState = { ...base, phase: 'online' };
    expect(canJoin(running, false, during)).toBe(true);
    const off = applyCampaignAction(running, 'goOffline', { now: during });
    expect(off.ok && campaignStatus(off.state, during)).toBe('offline');
    expect(off.ok && canJoin(off.state, false, during)).toBe(false);
  });

  it('pre-releases to the whitelist, public when the whitelist goes off or it goes online', () => {
    expect(applyCampaignAction(base, 'prerelease', { now: before })).toEqual({
      ok: false,
      error: 'campaign.whitelistRequired',
    });
    const pre = applyCampaignAction({ ...base, whitelistEnabled: true }, 'prerelease', { now: before });
    expect(pre.ok).toBe(true);
    if (!pre.ok) return;
    expect(canJoin(pre.state, true, during)).toBe(true);
    expect(canJoin(pre.state, false, during)).toBe(false);
    const open = applyCampaignAction(pre.state, 'disableWhitelist', { now: during });
    expect(open.ok && canJoin(open.state, false, during)).toBe(true);
  });

  it('offers exactly these moves per status, never going online beside going offline once online', () => {
    expect(allowedCampaignActions('draft')).toEqual(['edit', 'delete', 'prerelease', 'goOnline']);
    expect(allowedCampaignActions('prereleased')).toEqual([
      'edit',
      'delete',
      'goOnline',
      'goOffline',
      'disableWhitelist',
    ]);
    expect(allowedCampaignActions('scheduled')).toEqual(['edit', 'delete', 'goOffline']);
    expect(allowedCampaignActions('running')).toEqual(['edit', 'goOffline']);
    expect(allowedCampaignActions('offline')).toEqual(['edit', 'delete', 'goOnline']);
    expect(allowedCampaignActions('ended')).toEqual(['delete']);
  });

  it('an online campaign waiting for its start is scheduled and can only be taken offline', () => {
    const online = applyCampaignAction(base, 'goOnline', { now: before });
    expect(online.ok && campaignStatus(online.state, before)).toBe('scheduled');
    if (!online.ok) return;
    expect(applyCampaignAction(online.state, 'goOnline', { now: before })).toEqual({
      ok: false,
      error: 'campaign.illegalTransition',
    });
    const off = applyCampaignAction(online.state, 'goOffline', { now: before });
    expect(off.ok && campaignStatus(off.state, before)).toBe('offline');
  });

  it('a chosen online time that still waits may be moved (now or later), never after it passed', () => {
    const at = new Date(during.getTime() + 3600_000).toISOString();
    const planned = applyCampaignAction(base, 'goOnline', { now: during, at });
    expect(planned.ok && campaignStatus(planned.state, during)).toBe('scheduled');
    if (!planned.ok) return;
    expect(allowedCampaignActions('scheduled', planned.state, during)).toEqual([
      'edit',
      'delete',
      'goOnline',
      'goOffline',
    ]);
    const later = new Date(during.getTime() + 7200_000).toISOString();
    const moved = applyCampaignAction(planned.state, 'goOnline', { now: during, at: later });
    expect(moved.ok && moved.state.onlineAt).toBe(later);
    const now = applyCampaignAction(planned.state, 'goOnline', { now: during });
    expect(now.ok && campaignStatus(now.state, during)).toBe('running');
    // Once the chosen time has passed the campaign runs and offers going offline only.
    const passed = new Date(during.getTime() + 3600_001);
    expect(allowedCampaignActions(campaignStatus(planned.state, passed), planned.state, passed)).toEqual([
      'edit',
      'goOffline',
    ]);
  });

  it('refuses illegal moves', () => {
    expect(allowedCampaignActions('ended')).toEqual(['delete']);
    expect(applyCampaignAction({ ...base, phase: 'online' }, 'goOnline', { now: after })).toEqual({
      ok: false,
      error: 'campaign.ended',
    });
    expect(applyCampaignAction(base, 'goOffline', { now: during })).toEqual({
      ok: false,
      error: 'campaign.illegalTransition',
    });
    expect(applyCampaignAction({ ...base, phase: 'online' }, 'delete', { now: during })).toEqual({
      ok: false,
      error: 'campaign.illegalTransition',
    });
  });

  it('holds its instants exactly: the end, a chosen online time and the start', () => {
    const online: CampaignState = { ...base, phase: 'online' };
    const end = new Date(base.endTime);
    const start = new Date(base.startTime);
    expect(campaignStatus(online, new Date(end.getTime() - 1))).toBe('running');
    expect(campaignStatus(online, end)).toBe('ended');
    // Going online is allowed up to the end itself.
    expect(applyCampaignAction(base, 'goOnline', { now: during, at: base.endTime })).toMatchObject({
      ok: true,
    });
    // A chosen online time: scheduled before it, running from it.
    const onlineAt = '2026-12-20T00:00:00.000Z';
    const planned: CampaignState = { ...online, onlineAt };
    const at = new Date(onlineAt);
    expect(campaignStatus(planned, new Date(at.getTime() - 1))).toBe('scheduled');
    expect(campaignStatus(planned, at)).toBe('running');
    expect(waitsForOnlineTime(planned, new Date(at.getTime() - 1))).toBe(true);
    expect(waitsForOnlineTime(planned, at)).toBe(false);
    expect(waitsForOnlineTime(planned, after)).toBe(false);
    expect(waitsForOnlineTime({ onlineAt: null }, before)).toBe(false);
    expect(waitsForOnlineTime(undefined, before)).toBe(false);
    // A whitelisted user of a pre-released campaign joins from the start, not before.
    const pre: CampaignState = { ...base, phase: 'prereleased', whitelistEnabled: true };
    expect(canJoin(pre, true, new Date(start.getTime() - 1))).toBe(false);
    expect(canJoin(pre, true, start)).toBe(true);
    expect(canJoin({ ...base, phase: 'offline' }, true, during)).toBe(false);
  });

  it('moves the online time only of a scheduled campaign', () => {
    const waiting = { onlineAt: '2026-12-20T00:00:00.000Z' };
    expect(allowedCampaignActions('offline', waiting, during)).toEqual(['edit', 'delete', 'goOnline']);
    expect(allowedCampaignActions('running', waiting, during)).toEqual(['edit', 'goOffline']);
  });

  it('writes exactly the state each move leaves', () => {
    // A chosen time that has already come (or is now) goes online at once: no online time kept.
    const pre: CampaignState = { ...base, phase: 'prereleased', whitelistEnabled: true, onlineAt: null };
    expect(applyCampaignAction(pre, 'goOnline', { now: during, at: during.toISOString() })).toEqual({
      ok: true,
      state: { ...base, phase: 'online', whitelistEnabled: false, onlineAt: null },
    });
    expect(applyCampaignAction(pre, 'goOnline', { now: during, at: '2026-12-05T00:00:00Z' })).toEqual({
      ok: true,
      state: { ...base, phase: 'online', whitelistEnabled: false, onlineAt: null },
    });
    expect(applyCampaignAction(pre, 'disableWhitelist', { now: during })).toEqual({
      ok: true,
      state: { ...base, phase: 'online', whitelistEnabled: false, onlineAt: null },
    });
    // Editing or deleting leaves the state as it was.
    const offline: CampaignState = { ...base, phase: 'offline', onlineAt: null };
    expect(applyCampaignAction(offline, 'edit', { now: during })).toEqual({ ok: true, state: offline });
    expect(applyCampaignAction(offline, 'delete', { now: during })).toEqual({ ok: true, state: offline });
  });
});
