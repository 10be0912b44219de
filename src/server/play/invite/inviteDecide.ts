// The decision on an invite whose steps are done (job `invite.decide`, in the job's transaction):
// refused (self-invite, loop, a device registering a second account, not a new user) or
// qualified; a qualified invite gives the invitee the new-user prize and the inviter the
// per-invite prize and any ladder step it reaches, within the campaign's total of inviter rewards,
// prize stock and budget. Over budget the invite still counts but gives nothing.
import type { Transaction } from 'kysely';
import type { Database } from '../../db/tables';
import {
  inviteRefusal,
  isNewUser,
  ladderReached,
  makesLoop,
  type InviteRefusal,
} from '../../../engine/play/invite';
import { playDay } from '../../../engine/play/playDay';
import type { Config, PlayCampaign } from '../playCampaign';
import { actionRow, ensureEntry, insertAction, lockEntry, spentBudget, type ActionInput } from '../playSteps';
import { awardPrize, prizeAnswer } from '../prizeSteps';
import { findOrCreateParticipant } from '../participants';
import type { ParticipantRow } from '../playTables';
import { inviteConfigOf, type InviteConfig } from './inviteTrack';
import type { InviteRow } from './inviteTables';

export interface Decision {
  decided: boolean;
  status?: 'qualified' | 'refused';
  refusal?: InviteRefusal | null;
  rewards: number;
  deliveries: number;
}

const UNDECIDED: Decision = { decided: false, rewards: 0, deliveries: 0 };
// How far up an inviter chain a loop is looked for.
const MAX_CHAIN = 100;

async function ancestors(trx: Transaction<Database>, campaignId: string, from: string) {
  const up = new Map<string, string>();
  let at: string | undefined = from;
  for (let i = 0; i < MAX_CHAIN && at !== undefined && !up.has(at); i++) {
    const row = await trx
      .selectFrom('play_invites')
      .select('inviter_id')
      .where('campaign_id', '=', campaignId)
      .where('invitee_participant_id', '=', at)
      .where('status', '!=', 'refused')
      .orderBy('invited_at')
      .executeTakeFirst();
    if (!row) break;
    up.set(at, row.inviter_id);
    at = row.inviter_id;
  }
  return up;
}

/** The invitee as a participant of the project (made from their app account or device). */
async function inviteeParticipant(
  trx: Transaction<Database>,
  invite: InviteRow,
  now: Date,
): Promise<ParticipantRow | undefined> {
  if (invite.invitee_user_id !== null) {
    return (
      await findOrCreateParticipant(
        trx,
        { projectId: invite.project_id, userId: invite.invitee_user_id, via: 'sdk' },
        now,
      )
    ).participant;
  }
  if (invite.invitee_participant_id !== null)
    return trx
      .selectFrom('participants')
      .selectAll()
      .where('id', '=', invite.invitee_participant_id)
      .executeTakeFirst();
  if (invite.invitee_device_id !== null) {
    return (
      await findOrCreateParticipant(
        trx,
        { projectId: invite.project_id, deviceId: invite.invitee_device_id, via: 'sdk' },
        now,
      )
    ).participant;
  }
  return undefined;
}

/**
 * Takes one inviter reward from the campaign's total (a conditional update, so two servers never
 * exceed it); 0 = unlimited.
 */
async function takeInviterReward(trx: Transaction<Database>, campaign: PlayCampaign, total: number) {
  await trx
    .insertInto('play_invite_totals')
    .values({ campaign_id: campaign.row.id, project_id: campaign.row.project_id, inviter_rewards: 0 })
    .onConflict((oc) => oc.column('campaign_id').doNothing())
    .execute();
  let update = trx
    .updateTable('play_invite_totals')
    .set((eb) => ({ inviter_rewards: eb('inviter_rewards', '+', 1) }))
    .where('campaign_id', '=', campaign.row.id);
  if (total > 0) update = update.where('inviter_rewards', '<', total);
  const result = await update.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

async function giveBackInviterReward(trx: Transaction<Database>, campaign: PlayCampaign) {
  await trx
    .updateTable('play_invite_totals')
    .set((eb) => ({ inviter_rewards: eb('inviter_rewards', '-', 1) }))
    .where('campaign_id', '=', campaign.row.id)
    .execute();
}

/** Gives one prize of the campaign's list to a participant, recorded as an action; null if not given. */
async function reward(
  trx: Transaction<Database>,
  input: ActionInput,
  prize: Config | undefined,
  entry: { channel: string | null; inviter_id: string | null; is_new_user: number },
) {
  if (!prize || prize.isThank === true) return null;
  const award = await awardPrize(trx, input, prize, entry as never);
  if (award.outcome !== 'win') return null;
  const { rewardId } = award;
  const result = { prize: prizeAnswer(prize, input.campaign), rewardId };
  await insertAction(
    trx,
    actionRow(
      input,
      { result: JSON.stringify(result), prize_id: String(prize.id), reward_id: rewardId, outcome: 'win' },
      playDay(input.now.getTime(), input.campaign.timezone),
      entry,
    ),
  );
  return { deliveries: award.deliveries, record: award.record };
}

type Base = Omit<ActionInput, 'participant' | 'action' | 'key'>;

/**
 * Decides a complete invite once: the inviter's entry is locked first (one inviter's invites are
 * decided one at a time on any number of servers, so the ladder counts right), the facts the rules
 * need are read, the engine's `inviteRefusal` decides, and the invite moves from `complete` with a
 * conditional update that only one decision can win; a qualified invite then gives its rewards.
 */
export async function decideInvite(
  trx: Transaction<Database>,
  campaign: PlayCampaign,
  inviteId: string,
  options: { now: Date; dbKind: 'sqlite' | 'postgres' },
): Promise<Decision> {
  const { now } = options;
  const base: Base = { campaign, body: {}, now, dbKind: options.dbKind };
  const locked = await lockCompleteInvite(trx, base, inviteId);
  if (!locked) return UNDECIDED;
  const { invite, inviter, inviterEntry } = locked;
  const config: InviteConfig = inviteConfigOf(campaign.config);
  const invitee = await inviteeParticipant(trx, invite, now);
  const refusal = inviteRefusal(await refusalFacts(trx, campaign, config, invite, inviter, invitee));
  const status = refusal === null ? 'qualified' : 'refused';
  const spent =
    campaign.budgetMicros === null
      ? 0
      : Number((await spentBudget(trx, { campaignId: campaign.row.id })).rows[0]?.spent_micros ?? 0);
  const overBudget =
    status === 'qualified' && campaign.budgetMicros !== null && spent >= campaign.budgetMicros;
  const taken = await trx
    .updateTable('play_invites')
    .set({
      status,
      refusal,
      decided_at: now.toISOString(),
      over_budget: overBudget ? 1 : 0,
      invitee_participant_id: invite.invitee_participant_id ?? invitee?.id ?? null,
    })
    .where('id', '=', invite.id)
    .where('status', '=', 'complete')
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) !== 1) return UNDECIDED;
  if (status === 'refused' || overBudget)
    return { decided: true, status, refusal, rewards: 0, deliveries: 0 };

  const given = { rewards: 0, deliveries: 0 };
  const count = (written: { deliveries: number }) => {
    given.rewards += 1;
    given.deliveries += written.deliveries;
  };
  if (invitee && config.newUserPrizeId) {
    const written = await giveInviteeReward(trx, base, config.newUserPrizeId, invite, inviter, invitee);
    if (written) count(written);
  }
  for (const written of await giveInviterRewards(trx, base, config, invite, inviter, inviterEntry))
    count(written);
  if (given.rewards > 0)
    await trx
      .updateTable('play_invites')
      .set({ rewards: given.rewards })
      .where('id', '=', invite.id)
      .execute();
  return { decided: true, status, refusal, ...given };
}

/**
 * The invite and its inviter, with the inviter's entry locked and the invite read again under the
 * lock (a decision that ran meanwhile has moved it on); null when it is not `complete`.
 */
async function lockCompleteInvite(trx: Transaction<Database>, base: Base, inviteId: string) {
  const readInvite = () =>
    trx.selectFrom('play_invites').selectAll().where('id', '=', inviteId).executeTakeFirst();
  const first = await readInvite();
  if (!first || first.status !== 'complete') return null;
  const inviter = await trx
    .selectFrom('participants')
    .selectAll()
    .where('id', '=', first.inviter_id)
    .executeTakeFirst();
  if (!inviter) return null;
  const inviterEntry = await lockEntry(trx, {
    ...base,
    participant: inviter,
    action: 'invite',
    key: `invite:${inviteId}`,
  });
  const invite = await readInvite();
  if (!invite || invite.status !== 'complete') return null;
  return { invite, inviter, inviterEntry };
}

/**
 * What the refusal rules read: who is who (the inviter's devices include the invitee's when the
 * app's SDK saw the inviter's account on it), the inviter chain (a loop), whether the device
 * already counted for another invite, and the new-user facts recorded with the invite.
 */
async function refusalFacts(
  trx: Transaction<Database>,
  campaign: PlayCampaign,
  config: InviteConfig,
  invite: InviteRow,
  inviter: ParticipantRow,
  invitee: ParticipantRow | undefined,
): Promise<Parameters<typeof inviteRefusal>[0]> {
  const inviteeDevice = invite.invitee_device_id;
  const deviceOwner = inviteeDevice
    ? await trx
        .selectFrom('sdk_devices')
        .select('user_id')
        .where('project_id', '=', invite.project_id)
        .where('device_id', '=', inviteeDevice)
        .executeTakeFirst()
    : undefined;
  const inviterDeviceIds = [
    ...(inviter.device_id ? [inviter.device_id] : []),
    ...(inviteeDevice && inviter.user_id !== null && deviceOwner?.user_id === inviter.user_id
      ? [inviteeDevice]
      : []),
  ];
  const up = await ancestors(trx, campaign.row.id, inviter.id);
  const otherOnDevice = inviteeDevice
    ? await trx
        .selectFrom('play_invites')
        .select('id')
        .where('campaign_id', '=', campaign.row.id)
        .where('invitee_device_id', '=', inviteeDevice)
        .where('status', '=', 'qualified')
        .where('id', '!=', invite.id)
        .executeTakeFirst()
    : undefined;
  return {
    parties: {
      inviterId: inviter.id,
      inviterUserId: inviter.user_id,
      inviterDeviceIds,
      inviteeParticipantId: invitee?.id ?? null,
      inviteeUserId: invite.invitee_user_id,
      inviteeDeviceId: inviteeDevice,
    },
    loop: makesLoop(invitee?.id ?? null, inviter.id, (id) => up.get(id)),
    deviceTaken: otherOnDevice !== undefined,
    newUser: isNewUser(config.newUser, {
      deviceSeenBefore: invite.device_seen_before === null ? null : invite.device_seen_before === 1,
      openedBefore: invite.opened_before === null ? null : invite.opened_before === 1,
      accountBefore: invite.account_before === null ? null : invite.account_before === 1,
    }),
  };
}

/** The invitee's new-user prize (their entry made with the inviter on first sight). */
async function giveInviteeReward(
  trx: Transaction<Database>,
  base: Base,
  prizeId: string,
  invite: InviteRow,
  inviter: ParticipantRow,
  invitee: ParticipantRow,
) {
  const { campaign, now } = base;
  await ensureEntry(trx, campaign, invitee, now, { inviterId: inviter.id });
  const entry = await trx
    .selectFrom('play_entries')
    .selectAll()
    .where('campaign_id', '=', campaign.row.id)
    .where('participant_id', '=', invitee.id)
    .executeTakeFirstOrThrow();
  return reward(
    trx,
    { ...base, participant: invitee, action: 'newUserReward', key: `invite-new:${invite.id}` },
    prizeOf(campaign, prizeId),
    entry,
  );
}

/**
 * The inviter's per-invite prize and the ladder steps this invite reaches, each within the
 * campaign's total of inviter rewards (taken back when the prize is not given); answers those given.
 */
async function giveInviterRewards(
  trx: Transaction<Database>,
  base: Base,
  config: InviteConfig,
  invite: InviteRow,
  inviter: ParticipantRow,
  inviterEntry: { channel: string | null; inviter_id: string | null; is_new_user: number },
) {
  const { campaign } = base;
  const counted = await trx
    .selectFrom('play_invites')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('campaign_id', '=', campaign.row.id)
    .where('inviter_id', '=', inviter.id)
    .where('status', '=', 'qualified')
    .executeTakeFirst();
  const qualified = Number(counted?.n ?? 0);
  const inviterPrizes: { key: string; prizeId: string }[] = [
    ...(config.perInvitePrizeId ? [{ key: `invite:${invite.id}`, prizeId: config.perInvitePrizeId }] : []),
    ...ladderReached(config.ladder, qualified - 1, qualified).map((step) => ({
      key: `invite-ladder:${step.invites}`,
      prizeId: step.prizeId,
    })),
  ];
  const given: { deliveries: number }[] = [];
  for (const { key, prizeId } of inviterPrizes) {
    if (!(await takeInviterReward(trx, campaign, config.totalInviterRewards))) break;
    const written = await reward(
      trx,
      { ...base, participant: inviter, action: 'inviteReward', key },
      prizeOf(campaign, prizeId),
      inviterEntry,
    );
    if (!written) {
      await giveBackInviterReward(trx, campaign);
      continue;
    }
    given.push(written);
  }
  return given;
}

/** A prize of the campaign's list by id (the last of that id, as a map of the list keeps it). */
function prizeOf(campaign: PlayCampaign, prizeId: string): Config | undefined {
  return campaign.prizes.findLast((p) => String(p.id) === prizeId);
}
