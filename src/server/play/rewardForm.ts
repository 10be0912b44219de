// A participant's answer to the reward form of a prize they won (a delivery address, a phone
// number): checked against the form's items, kept once, only the labels the form asks for.
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import { AppError, fieldError } from '../errors';
import { validationMessage } from '../../engine/validation/localizeErrors';
import { formAnswerIssues } from '../../engine/play/formAnswers';
import { list, type Config, type PlayCampaign } from './playCampaign';
import type { ParticipantRow, RewardRecordRow } from './playTables';

/**
 * Submits the form of one of the participant's rewards in the campaign; answers the reward record.
 * 404 `play.rewardNotFound` for a reward that is not theirs or has no form, 400 with one error per
 * bad answer, 409 `play.formNotPending` once submitted.
 */
export async function submitRewardForm(
  db: Kysely<Database>,
  campaign: PlayCampaign,
  participant: ParticipantRow,
  rewardId: string,
  values: Record<string, string>,
  now: Date,
): Promise<RewardRecordRow> {
  const record = await db
    .selectFrom('reward_records')
    .selectAll()
    .where('id', '=', rewardId)
    .where('campaign_id', '=', campaign.row.id)
    .where('participant_id', '=', participant.id)
    .executeTakeFirst();
  if (!record?.form_id || !record.form_submission_id) throw new AppError('play.rewardNotFound');
  const form = await db
    .selectFrom('reward_forms')
    .select('config')
    .where('id', '=', record.form_id)
    .executeTakeFirst();
  if (!form) throw new AppError('play.rewardNotFound');
  const items = list((JSON.parse(form.config) as Config).items);
  checkAnswers(items, values);
  // Only the labels the form asks for are kept.
  const kept = Object.fromEntries(
    items
      .map((item) => String(item.label))
      .filter((label) => values[label] !== undefined)
      .map((label) => [label, values[label].trim()]),
  );
  const written = await db
    .updateTable('reward_form_submissions')
    .set({ state: 'submitted', answers: JSON.stringify(kept), submitted_at: now.toISOString() })
    .where('id', '=', record.form_submission_id)
    .where('state', '=', 'pending')
    .executeTakeFirst();
  if (Number(written.numUpdatedRows) !== 1) throw new AppError('play.formNotPending');
  return record;
}

/** Refuses answers the form's items do not accept, one field error per answer at `/values/<label>`. */
function checkAnswers(items: Config[], values: Record<string, string>): void {
  const formItems = items.map((item) => ({
    label: String(item.label),
    type: String(item.type ?? 'text'),
    required: item.required === true,
  }));
  const issues = formAnswerIssues(formItems, values);
  if (issues.length === 0) return;
  throw fieldError((lang) =>
    issues.map((issue) => ({
      path: `/values/${escapePointer(issue.label)}`,
      message: validationMessage(issue.messageKey, lang, issue.params),
    })),
  );
}

/** A label as one JSON-pointer segment (RFC 6901). */
function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}
