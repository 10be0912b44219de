import type { Kysely } from 'kysely';
import { validationMessage } from '../../../engine/validation/localizeErrors';
import type { Database } from '../../db/tables';
import { AppError, errorMessage, fieldError } from '../../errors';
import type { ListConfig } from '../../lists/entityListRoutes';
import { campaignPlanNames, campaignSummary, planSummary } from './adReviewRows';

type Db = Kysely<Database>;
/** What is reviewed: ad plans or ad campaigns (their route segment). */
export type ReviewedKind = 'plans' | 'campaigns';

export interface AdReview {
  id: string;
  decision: 'approve' | 'reject';
  /** Required to reject. */
  note?: string;
  reviewerId: string;
  /** ISO time of the review. */
  now: string;
}

const tableOf = (kind: ReviewedKind) => (kind === 'plans' ? 'ad_plans' : 'ad_campaigns');

/** A campaign's plan must be one of the project's: else 400 `ads.planUnknown` at `/planId`. */
export async function assertProjectPlan(db: Db, projectId: string, config: ListConfig): Promise<void> {
  const plan = await db
    .selectFrom('ad_plans')
    .select('id')
    .where('project_id', '=', projectId)
    .where('id', '=', typeof config.planId === 'string' ? config.planId : '')
    .executeTakeFirst();
  if (!plan)
    throw new AppError('ads.planUnknown', {
      errors: (lang) => [{ path: '/planId', message: errorMessage('ads.planUnknown', lang) }],
    });
}

/** A reviewed row as the list answers it (with the plan name of a campaign). */
async function reviewedRow(
  db: Db,
  kind: ReviewedKind,
  row: { id: string; name: string; config: string; created_at: string; updated_at: string },
) {
  const config = JSON.parse(row.config) as ListConfig;
  const summary =
    kind === 'plans'
      ? planSummary(row, config)
      : campaignSummary(
          row,
          config,
          ((await campaignPlanNames(db, [row.id])).get(row.id)?.planName as string | undefined) ?? null,
        );
  return { id: row.id, ...summary, config, createdAt: row.created_at, updatedAt: row.updated_at };
}

/**
 * Reviews a plan or campaign of the project: approve -> normal, reject (a note required, 400 at
 * `/note`) -> rejected, only from under-review (409 `ads.notUnderReview`; 404 for no such row).
 * Conditional on the status: of two reviews at once, one changes the row, the other is told.
 */
export async function reviewAdRow(db: Db, projectId: string, kind: ReviewedKind, review: AdReview) {
  const note = review.note?.trim() ?? '';
  if (review.decision === 'reject' && note === '')
    throw fieldError((lang) => [{ path: '/note', message: validationMessage('required', lang) }]);
  const table = tableOf(kind);
  const changed = await db
    .updateTable(table)
    .set({
      status: review.decision === 'approve' ? 'normal' : 'rejected',
      review_note: note || null,
      reviewed_by: review.reviewerId,
      reviewed_at: review.now,
    })
    .where('id', '=', review.id)
    .where('project_id', '=', projectId)
    .where('status', '=', 'under-review')
    .executeTakeFirst();
  const row = await db
    .selectFrom(table)
    .selectAll()
    .where('id', '=', review.id)
    .where('project_id', '=', projectId)
    .executeTakeFirst();
  if (!row) throw new AppError('notFound');
  if (Number(changed.numUpdatedRows) === 0) throw new AppError('ads.notUnderReview');
  return reviewedRow(db, kind, row);
}
