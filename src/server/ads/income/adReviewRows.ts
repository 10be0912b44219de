import type { Kysely } from 'kysely';
import { Type } from 'typebox';
import type { Database } from '../../db/tables';
import type { AdReviewStatus } from '../adsTables';

type Config = Record<string, unknown>;
/** The review columns of an ad plan or ad campaign row. */
interface ReviewColumns {
  name: string;
  status?: unknown;
  review_note?: unknown;
  reviewed_at?: unknown;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const integer = (value: unknown) => (typeof value === 'number' && Number.isSafeInteger(value) ? value : 0);
const nullableText = (value: unknown) => (typeof value === 'string' ? value : null);
const statusOf = (value: unknown): AdReviewStatus =>
  value === 'normal' || value === 'rejected' ? value : 'under-review';

const Status = Type.Union([Type.Literal('under-review'), Type.Literal('normal'), Type.Literal('rejected')]);
export const ReviewStatus = Type.Enum(['under-review', 'normal', 'rejected']);
const ReviewFields = {
  status: Status,
  reviewNote: Type.Union([Type.String(), Type.Null()], {
    description: 'The reviewer’s note (a rejection’s reason)',
  }),
  reviewedAt: Type.Union([Type.String(), Type.Null()]),
};

/** The list columns of an ad plan answer, besides id, config and times. */
export const PlanSummaryFields = {
  name: Type.String(),
  advertiser: Type.String(),
  pricing: Type.String({ description: 'cpc | cpm | cpa' }),
  bidMicros: Type.Integer(),
  budgetMicros: Type.Integer({ description: '0 = unlimited' }),
  currency: Type.String(),
  startDate: Type.String(),
  endDate: Type.String(),
  ...ReviewFields,
};

/** The list columns of an ad campaign answer, besides id, config and times. */
export const CampaignSummaryFields = {
  name: Type.String(),
  planId: Type.String(),
  planName: Type.Union([Type.String(), Type.Null()]),
  landingUrl: Type.String(),
  ...ReviewFields,
};

/** The searchable name stored with a plan or campaign. */
export function reviewedName(config: Config): string {
  return text(config.name);
}

/**
 * The columns a create or an edit writes beside the config: every saved version waits for a
 * review (a normal or rejected row goes back under review; the last review is cleared).
 */
export function underReview(): Record<string, string | null> {
  return { status: 'under-review', review_note: null, reviewed_by: null, reviewed_at: null };
}

/** The columns of a campaign: under review, and its plan. */
export function campaignColumns(config: Config): Record<string, string | null> {
  return { ...underReview(), plan_id: text(config.planId) };
}

function review(row: ReviewColumns) {
  return {
    status: statusOf(row.status),
    reviewNote: nullableText(row.review_note),
    reviewedAt: nullableText(row.reviewed_at),
  };
}

/** A plan row's summary. */
export function planSummary(row: ReviewColumns, config: Config) {
  return {
    name: row.name,
    advertiser: text(config.advertiser),
    pricing: text(config.pricing),
    bidMicros: integer(config.bidMicros),
    budgetMicros: integer(config.budgetMicros),
    currency: text(config.currency),
    startDate: text(config.startDate),
    endDate: text(config.endDate),
    ...review(row),
  };
}

/** A campaign row's summary; `planName` from the page's extra data. */
export function campaignSummary(
  row: ReviewColumns & { plan_id?: unknown },
  config: Config,
  planName: string | null,
) {
  return {
    name: row.name,
    planId: text(row.plan_id) || text(config.planId),
    planName,
    landingUrl: text(config.landingUrl),
    ...review(row),
  };
}

/** The plan names of campaigns, by campaign id. */
export async function campaignPlanNames(db: Kysely<Database>, ids: string[]) {
  const out = new Map<string, Record<string, unknown>>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .selectFrom('ad_campaigns')
      .innerJoin('ad_plans', 'ad_plans.id', 'ad_campaigns.plan_id')
      .select(['ad_campaigns.id as id', 'ad_plans.name as planName'])
      .where('ad_campaigns.id', 'in', ids.slice(i, i + 500))
      .execute();
    for (const row of rows) out.set(row.id, { planName: row.planName });
  }
  return out;
}
