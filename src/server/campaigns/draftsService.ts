import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import type { CampaignArea, CampaignDraftsTable, CampaignKind } from '../db/campaignTables';
import { AppError } from '../errors';
import { randomId } from '../db/randomId';

type Db = Kysely<Database>;

/** Unsaved wizard progress may be any JSON up to this size. */
export const MAX_DRAFT_CONFIG_BYTES = 1024 * 1024;

/** Whose drafts: a user's in one project. */
export interface DraftOwner {
  projectId: string;
  userId: string;
}

export interface DraftFilter {
  area?: CampaignArea;
  kind?: CampaignKind;
  mark?: string;
  /** The campaign being edited; empty: drafts of new campaigns; absent: all. */
  campaignId?: string;
}

export interface DraftInput {
  area: CampaignArea;
  kind: CampaignKind;
  mark: string;
  templateMark?: string | null;
  campaignId?: string | null;
  step: string;
  config: unknown;
}

/** A draft as the API answers it. */
export function draftView(row: CampaignDraftsTable) {
  return {
    id: row.id,
    area: row.area,
    kind: row.kind,
    mark: row.mark,
    templateMark: row.template_mark,
    campaignId: row.campaign_key || null,
    step: row.step,
    config: JSON.parse(row.config) as unknown,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The owner's drafts matching the filter, newest first. */
export async function listDrafts(db: Db, owner: DraftOwner, filter: DraftFilter) {
  let query = db
    .selectFrom('campaign_drafts')
    .selectAll()
    .where('user_id', '=', owner.userId)
    .where('project_id', '=', owner.projectId);
  if (filter.area) query = query.where('area', '=', filter.area);
  if (filter.kind) query = query.where('kind', '=', filter.kind);
  if (filter.mark) query = query.where('mark', '=', filter.mark);
  if (filter.campaignId !== undefined) query = query.where('campaign_key', '=', filter.campaignId);
  const rows = await query.orderBy('updated_at', 'desc').orderBy('id').execute();
  return rows.map(draftView);
}

/**
 * Saves wizard progress: one draft per owner, area, kind, mark and campaign, created or
 * overwritten. A config over MAX_DRAFT_CONFIG_BYTES is refused (bodyTooLarge), and so is a
 * campaign that is not the project's (notFound).
 */
export async function saveDraft(db: Db, owner: DraftOwner, input: DraftInput, now: Date) {
  const config = JSON.stringify(input.config ?? null);
  if (Buffer.byteLength(config) > MAX_DRAFT_CONFIG_BYTES) throw new AppError('bodyTooLarge');
  const campaignKey = input.campaignId ?? '';
  if (campaignKey) {
    const campaign = await db
      .selectFrom('campaigns')
      .select('id')
      .where('id', '=', campaignKey)
      .where('project_id', '=', owner.projectId)
      .executeTakeFirst();
    if (!campaign) throw new AppError('notFound');
  }
  const time = now.toISOString();
  const templateMark = input.templateMark ?? null;
  await db
    .insertInto('campaign_drafts')
    .values({
      ...{ id: randomId(), project_id: owner.projectId, user_id: owner.userId },
      ...{ area: input.area, kind: input.kind, mark: input.mark, template_mark: templateMark },
      ...{ campaign_key: campaignKey, step: input.step, config, created_at: time, updated_at: time },
    })
    .onConflict((oc) =>
      oc.columns(['user_id', 'project_id', 'area', 'kind', 'mark', 'campaign_key']).doUpdateSet({
        template_mark: templateMark,
        step: input.step,
        config,
        updated_at: time,
      }),
    )
    .execute();
  const row = await db
    .selectFrom('campaign_drafts')
    .selectAll()
    .where('user_id', '=', owner.userId)
    .where('project_id', '=', owner.projectId)
    .where('area', '=', input.area)
    .where('kind', '=', input.kind)
    .where('mark', '=', input.mark)
    .where('campaign_key', '=', campaignKey)
    .executeTakeFirstOrThrow();
  return draftView(row);
}

/** Discards one of the owner's drafts; another's (or no such) draft is refused (notFound). */
export async function deleteDraft(db: Db, owner: DraftOwner, id: string): Promise<void> {
  const result = await db
    .deleteFrom('campaign_drafts')
    .where('id', '=', id)
    .where('user_id', '=', owner.userId)
    .where('project_id', '=', owner.projectId)
    .executeTakeFirst();
  if (Number(result.numDeletedRows) !== 1) throw new AppError('notFound');
}
