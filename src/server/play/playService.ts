import type { Kysely } from 'kysely';
import type { SchemaEngine } from '../../engine/createSchemaEngine';
import type { Database } from '../db/tables';
import { AppError } from '../errors';
import { isPreviewToken } from '../campaigns/previewTokens';
import type { ParticipantRow } from './playTables';
import { loadPlayCampaign, type PlayCampaign } from './playCampaign';
import {
  budgetSpent,
  campaignView,
  type pageLanguage,
  participantRewards,
  playerView,
  rewardViews,
} from './playView';
import { linkHrefsOf } from './pageView';
import { ACTIONS, type ActionOutcome } from './playActions';
import type { PublicAddress } from './mechanicModule';
import { actionAnswer } from './actionAnswer';
import { submitRewardForm } from './rewardForm';

type Db = Kysely<Database>;

/** The language a page or answer is written in (pageLanguage of the request). */
export type VisitLanguage = ReturnType<typeof pageLanguage>;

/** What the participant API reads besides the database: the registry and the public address. */
export interface PlayContext {
  schemas: SchemaEngine;
  /** Where invite and deep links point (the server's public URL and link host). */
  address: PublicAddress;
}

/**
 * A campaign as the participant API serves it; no such campaign, or a draft without a preview
 * token of it, answers 404. `previewing`: a valid preview token came with it.
 */
export async function loadPlayable(
  db: Db,
  schemas: SchemaEngine,
  id: string,
  now: Date,
  preview?: string,
): Promise<{ campaign: PlayCampaign; previewing: boolean }> {
  const campaign = await loadPlayCampaign(db, schemas, id);
  if (!campaign) throw new AppError('notFound');
  const previewing = preview ? await isPreviewToken(db, campaign.row.id, preview, now) : false;
  if (campaign.row.phase === 'draft' && !previewing) throw new AppError('notFound');
  return { campaign, previewing };
}

/** Refuses an action no mechanic knows (400 `play.unknownAction`). */
export function assertKnownAction(action: string): void {
  if (!(ACTIONS as readonly string[]).includes(action))
    throw new AppError('play.unknownAction', { params: { action } });
}

/** An action, a reward list or a form needs a session of the campaign's project (401). */
export function signedIn(participant: ParticipantRow | undefined): ParticipantRow {
  if (!participant) throw new AppError('play.unauthorized');
  return participant;
}

/** The page: the campaign's model in `language` and `me` (none without a participant). */
export async function campaignPage(
  db: Db,
  play: PlayContext,
  campaign: PlayCampaign,
  participant: ParticipantRow | undefined,
  input: { now: Date; language: VisitLanguage; previewing: boolean },
) {
  const { now, language, previewing } = input;
  const spent = campaign.budgetMicros === null ? 0 : await budgetSpent(db, campaign.row.id);
  const overBudget = campaign.budgetMicros !== null && spent >= campaign.budgetMicros;
  const hrefOfLink = await linkHrefsOf(db, campaign.row.project_id, campaign.config, play.address);
  return {
    campaign: campaignView(campaign, { now, ...language, preview: previewing, overBudget, hrefOfLink }),
    me: await playerView(db, campaign, participant, {
      now,
      ...language,
      preview: previewing,
      spentMicros: spent,
      address: play.address,
      schemas: play.schemas,
    }),
  };
}

/**
 * The answer to an action that ran: its result and `me` after it (the entry's counters, and the
 * budget the action read when it did).
 */
export async function actionResult(
  db: Db,
  play: PlayContext,
  action: { campaign: PlayCampaign; participant: ParticipantRow; name: string; outcome: ActionOutcome },
  input: { now: Date; language: VisitLanguage },
) {
  const { campaign, outcome } = action;
  const { now, language } = input;
  const result = await actionAnswer(db, campaign, action.name, outcome, language);
  const spent =
    campaign.budgetMicros === null ? 0 : (outcome.spentMicros ?? (await budgetSpent(db, campaign.row.id)));
  const me = await playerView(db, campaign, action.participant, {
    now,
    ...language,
    preview: false,
    spentMicros: spent,
    entry: outcome.entry,
    summary: outcome.summary,
    address: play.address,
    schemas: play.schemas,
  });
  return { result, me };
}

/** The participant's own reward records in the campaign, in `language`. */
export async function ownRewards(
  db: Db,
  campaign: PlayCampaign,
  participant: ParticipantRow,
  language: VisitLanguage,
) {
  const records = await participantRewards(db, campaign.row.id, participant.id);
  return rewardViews(db, records, language.lang, language.defaultLanguage);
}

/** Submits the form of one of the participant's rewards (once) and answers the reward as it now is. */
export async function submitOwnRewardForm(
  db: Db,
  campaign: PlayCampaign,
  participant: ParticipantRow,
  input: { rewardId: string; values: Record<string, string>; now: Date; language: VisitLanguage },
) {
  const { rewardId, values, now, language } = input;
  const record = await submitRewardForm(db, campaign, participant, rewardId, values, now);
  const [reward] = await rewardViews(db, [record], language.lang, language.defaultLanguage);
  return reward;
}
