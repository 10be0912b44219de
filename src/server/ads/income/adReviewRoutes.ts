import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, errorResponses, ok } from '../../http/envelope';
import { IdParams } from '../../http/fields';
import type { TypedApp } from '../../http/typedApp';
import { entityListRoutes } from '../../lists/entityListRoutes';
import { currentProject, currentUser, requireProject } from '../../plugins/auth';
import { requireAdsAdvanced } from '../adsAccess';
import { assertProjectPlan, reviewAdRow, type ReviewedKind } from './adReview';
import {
  CampaignSummaryFields,
  campaignColumns,
  campaignPlanNames,
  campaignSummary,
  PlanSummaryFields,
  planSummary,
  reviewedName,
  ReviewStatus,
  underReview,
} from './adReviewRows';

const NOTE_MAX = 300;
const ReviewBody = Type.Object({
  decision: Type.Enum(['approve', 'reject']),
  note: Type.Optional(Type.String({ maxLength: NOTE_MAX, description: 'Required (1..300) to reject' })),
});
const RowCommon = {
  config: Type.Record(Type.String(), Type.Unknown()),
  createdAt: Type.String(),
  updatedAt: Type.String(),
};

/** Ad plans: every saved version waits for a review. */
const plansList = () =>
  entityListRoutes({
    path: '/api/ads/plans',
    table: 'ad_plans',
    entity: 'ad-plan',
    tag: 'ad plans',
    nameOf: reviewedName,
    columns: underReview,
    summaryFields: PlanSummaryFields,
    summary: (row, config) => planSummary(row, config),
    filters: { status: { column: 'status', schema: ReviewStatus } },
  });

/** Ad campaigns: every saved version waits for a review; the plan is one of the project's. */
const campaignsList = () =>
  entityListRoutes({
    path: '/api/ads/campaigns',
    table: 'ad_campaigns',
    entity: 'ad-campaign',
    tag: 'ad campaigns',
    nameOf: reviewedName,
    columns: campaignColumns,
    summaryFields: CampaignSummaryFields,
    summary: (row, config, extra) =>
      campaignSummary(row, config, (extra.get(row.id)?.planName as string | undefined) ?? null),
    extra: (instance, ids) => campaignPlanNames(instance.ctx.db, ids),
    filters: {
      status: { column: 'status', schema: ReviewStatus },
      planId: { column: 'plan_id', schema: IdParams.properties.id },
    },
    check: (instance, project, config) => assertProjectPlan(instance.ctx.db, project.id, config),
  });

function reviewRoute(app: TypedApp, kind: ReviewedKind) {
  const Row = Type.Object({
    id: Type.String(),
    ...(kind === 'plans' ? PlanSummaryFields : CampaignSummaryFields),
    ...RowCommon,
  });
  app.post(
    `/api/ads/${kind}/:id/review`,
    {
      onRequest: [requireProject('edit'), requireAdsAdvanced],
      schema: {
        tags: [kind === 'plans' ? 'ad plans' : 'ad campaigns'],
        security: [{ bearer: [] }],
        summary:
          'Review (advanced): approve -> normal, reject (note required) -> rejected; only from under-review',
        params: IdParams,
        body: ReviewBody,
        response: { 200: Envelope(Row), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const row = await reviewAdRow(app.ctx.db, currentProject(request).id, kind, {
        id: request.params.id,
        ...request.body,
        reviewerId: currentUser(request).id,
        now: app.ctx.now().toISOString(),
      });
      return ok(row);
    },
  );
}

/**
 * Ad plans and ad campaigns (entity/ad-plan, entity/ad-campaign): lists whose every saved version
 * waits for a review (`under-review`), and the review itself (advanced users): approve -> normal,
 * reject (with a note) -> rejected, only from under-review.
 */
export const adReviewRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(plansList());
  await app.register(campaignsList());
  reviewRoute(app, 'plans');
  reviewRoute(app, 'campaigns');
};
