// Writing a win's reward record: who it goes to (the inviter's code, the form to fill), how it is
// delivered, whether it waits for an operator (its winner flagged or on the blocklist), and for a
// callback prize its signed delivery's outbox row with the body the receiver gets.
import type { Transaction } from 'kysely';
import type { Database } from '../db/tables';
import { randomId } from '../db/randomId';
import { hotInsert } from '../db/hotQuery';
import { textInLanguage } from '../lists/textInLanguage';
import { obj, type Config, type PlayCampaign } from './playCampaign';
import type { ActionInput } from './playSteps';
import type { ParticipantRow, RewardRecordRow } from './playTables';
import { onBlocklist } from './risk/riskGate';

const insertReward = hotInsert<RewardRecordRow>('reward_records', {
  id: true,
  project_id: true,
  campaign_id: true,
  participant_id: true,
  action_id: true,
  prize_id: true,
  prize_name: true,
  prize: true,
  delivery_type: true,
  award_status: true,
  status_detail: true,
  value_micros: true,
  coupon_code: true,
  form_id: true,
  form_submission_id: true,
  user_id: true,
  superior: true,
  is_new_user: true,
  channel: true,
  method: true,
  os: true,
  country: true,
  time_zone: true,
  awarded_by: true,
  awarded_at: true,
  held_at: true,
  held_by: true,
  created_at: true,
  updated_at: true,
});

/** The callback body of a won prize: what the customer's server needs to hand it over. */
export function rewardCallbackPayload(args: {
  rewardId: string;
  campaign: PlayCampaign;
  participant: ParticipantRow;
  prize: Config;
  prizeName: string;
  at: string;
}): string {
  const data: Record<string, string> = {};
  for (const pair of Array.isArray(args.prize.keys) ? args.prize.keys.map(obj) : []) {
    if (typeof pair.key === 'string' && pair.key)
      data[pair.key] = typeof pair.value === 'string' ? pair.value : '';
  }
  return JSON.stringify({
    type: 'reward.issued',
    rewardId: args.rewardId,
    projectId: args.campaign.row.project_id,
    campaignId: args.campaign.row.id,
    campaignTitle: args.campaign.row.title,
    prize: { id: String(args.prize.id), name: args.prizeName },
    user: { id: args.participant.user_id, participantCode: args.participant.code },
    data,
    issuedAt: args.at,
  });
}

/** What a reward record is written from. */
interface RewardArgs {
  prize: Config;
  rewardId: string;
  couponCode: string | null;
  valueMicros: number;
  entry: {
    channel: string | null;
    inviter_id: string | null;
    is_new_user: number;
    risk_flag?: string | null;
  };
  at: string;
}

/** The participant code of whoever invited the winner (the record's superior), or null. */
async function superiorCode(trx: Transaction<Database>, inviterId: string | null): Promise<string | null> {
  if (!inviterId) return null;
  const inviter = await trx
    .selectFrom('participants')
    .select('code')
    .where('id', '=', inviterId)
    .executeTakeFirst();
  return inviter?.code ?? null;
}

/**
 * A prize with a reward form of the project opens a pending submission for the winner; a form
 * that is gone (or another project's) opens none.
 */
async function openFormSubmission(
  trx: Transaction<Database>,
  input: ActionInput,
  prize: Config,
  at: string,
): Promise<{ formId: string | null; submissionId: string | null }> {
  const { campaign, participant } = input;
  if (typeof prize.formId !== 'string' || !prize.formId) return { formId: null, submissionId: null };
  const form = await trx
    .selectFrom('reward_forms')
    .select('id')
    .where('id', '=', prize.formId)
    .where('project_id', '=', campaign.row.project_id)
    .executeTakeFirst();
  if (!form) return { formId: null, submissionId: null };
  const submissionId = randomId();
  await trx
    .insertInto('reward_form_submissions')
    .values({
      id: submissionId,
      project_id: campaign.row.project_id,
      form_id: form.id,
      campaign_id: campaign.row.id,
      participant: participant.user_id ?? participant.code,
      state: 'pending',
      answers: null,
      created_at: at,
      submitted_at: null,
    })
    .execute();
  return { formId: form.id, submissionId };
}

/** How a prize is delivered: by callback, by customer service, or by the system at once. */
function deliveryTypeOf(prize: Config): RewardRecordRow['delivery_type'] {
  return prize.deliveryType === 'callback' || prize.deliveryType === 'customer-service'
    ? prize.deliveryType
    : 'system';
}

/**
 * The reward record of a win (a system prize is awarded at once; the others wait). A reward held
 * from the start (`held`: its winner flagged by the risk rules, or on the blocklist) waits for an
 * operator, a system prize included.
 */
function rewardRecord(
  input: ActionInput,
  args: RewardArgs,
  more: {
    prizeName: string;
    superior: string | null;
    formId: string | null;
    submissionId: string | null;
    held: 'risk' | 'blocklist' | null;
  },
): RewardRecordRow {
  const { campaign, participant } = input;
  const deliveryType = deliveryTypeOf(args.prize);
  const held = more.held !== null && (deliveryType !== 'system' || more.held === 'blocklist');
  return {
    id: args.rewardId,
    project_id: campaign.row.project_id,
    campaign_id: campaign.row.id,
    participant_id: participant.id,
    action_id: input.key,
    prize_id: String(args.prize.id),
    prize_name: more.prizeName,
    prize: JSON.stringify(args.prize),
    delivery_type: deliveryType,
    award_status: deliveryType === 'system' && !held ? 'success' : 'pending',
    status_detail: null,
    value_micros: args.valueMicros,
    coupon_code: args.couponCode,
    form_id: more.formId,
    form_submission_id: more.submissionId,
    user_id: participant.user_id,
    superior: more.superior,
    is_new_user: args.entry.is_new_user,
    channel: args.entry.channel,
    method: input.action,
    os: participant.os,
    country: participant.country,
    time_zone: campaign.timezone,
    awarded_by: null,
    awarded_at: null,
    held_at: held ? args.at : null,
    held_by: held ? more.held : null,
    created_at: args.at,
    updated_at: args.at,
  };
}

/**
 * Writes a win's reward record (with its form submission when the prize has a form) and, for a
 * callback prize, its pending signed delivery. Answers the deliveries queued (0 or 1).
 */
export async function writeReward(
  trx: Transaction<Database>,
  input: ActionInput,
  args: RewardArgs,
): Promise<{ deliveries: number; record: RewardRecordRow }> {
  const { campaign, participant } = input;
  const { prize, rewardId, at } = args;
  const lang =
    typeof campaign.config.defaultLanguage === 'string' ? campaign.config.defaultLanguage : 'zh-CN';
  const prizeName = textInLanguage(prize.name, lang, lang);
  const superior = await superiorCode(trx, args.entry.inviter_id);
  const form = await openFormSubmission(trx, input, prize, at);
  const held = args.entry.risk_flag
    ? 'risk'
    : !input.risk && (await onBlocklist(trx, input.participant))
      ? 'blocklist'
      : null;
  const record = rewardRecord(input, args, { prizeName, superior, ...form, held });
  await insertReward(trx, record);
  if (record.delivery_type !== 'callback' || typeof prize.callbackUrl !== 'string')
    return { deliveries: 0, record };
  await trx
    .insertInto('reward_deliveries')
    .values({
      id: randomId(),
      project_id: campaign.row.project_id,
      reward_id: rewardId,
      url: prize.callbackUrl,
      payload: rewardCallbackPayload({ rewardId, campaign, participant, prize, prizeName, at }),
      // A reward on hold from the start (its winner flagged) waits for an operator's release.
      state: record.held_at === null ? 'pending' : 'held',
      attempts: 0,
      next_at: at,
      created_at: at,
      finished_at: null,
    })
    .execute();
  return { deliveries: 1, record };
}
