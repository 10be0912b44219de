import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { validationMessage } from '../../../engine/validation/localizeErrors';
import { AppError, errorMessage, fieldError } from '../../errors';
import { Envelope, errorResponses, ok } from '../../http/envelope';
import { IdParams } from '../../http/fields';
import { entityListRoutes, type ListConfig } from '../../lists/entityListRoutes';
import { currentProject, currentUser, requireProject } from '../../plugins/auth';
import { requireAdsAdvanced } from '../adsAccess';
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

/**
 * Ad plans and ad campaigns (entity/ad-plan, entity/ad-campaign): lists whose every saved version
 * waits for a review (`under-review`), and the review itself (advanced users): approve -> normal,
 * reject (with a note) -> rejected, only from under-review.
 */
export const adReviewRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(
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
    }),
  );

  await app.register(
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
      extra: campaignPlanNames,
      filters: {
        status: { column: 'status', schema: ReviewStatus },
        planId: { column: 'plan_id', schema: IdParams.properties.id },
      },
      check: async (instance, project, config: ListConfig) => {
        const plan = await instance.ctx.db
          .selectFrom('ad_plans')
          .select('id')
          .where('project_id', '=', project.id)
          .where('id', '=', typeof config.planId === 'string' ? config.planId : '')
          .executeTakeFirst();
        if (!plan)
          throw new AppError('ads.planUnknown', {
            errors: (lang) => [{ path: '/planId', message: errorMessage('ads.planUnknown', lang) }],
          });
      },
    }),
  );

  const reviewRoute = (kind: 'plans' | 'campaigns') => {
    const table = kind === 'plans' ? 'ad_plans' : 'ad_campaigns';
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
        const project = currentProject(request);
        const { decision } = request.body;
        const note = request.body.note?.trim() ?? '';
        if (decision === 'reject' && note === '')
          throw fieldError((lang) => [{ path: '/note', message: validationMessage('required', lang) }]);
        const db = app.ctx.db;
        // Conditional on the status: of two reviews at once, one changes the row, the other is told.
        const changed = await db
          .updateTable(table)
          .set({
            status: decision === 'approve' ? 'normal' : 'rejected',
            review_note: note || null,
            reviewed_by: currentUser(request).id,
            reviewed_at: app.ctx.now().toISOString(),
          })
          .where('id', '=', request.params.id)
          .where('project_id', '=', project.id)
          .where('status', '=', 'under-review')
          .executeTakeFirst();
        const row = await db
          .selectFrom(table)
          .selectAll()
          .where('id', '=', request.params.id)
          .where('project_id', '=', project.id)
          .executeTakeFirst();
        if (!row) throw new AppError('notFound');
        if (Number(changed.numUpdatedRows) === 0) throw new AppError('ads.notUnderReview');
        const config = JSON.parse(row.config) as ListConfig;
        const summary =
          kind === 'plans'
            ? planSummary(row, config)
            : campaignSummary(
                row,
                config,
                ((await campaignPlanNames(app, [row.id])).get(row.id)?.planName as string | undefined) ??
                  null,
              );
        return ok({ id: row.id, ...summary, config, createdAt: row.created_at, updatedAt: row.updated_at });
      },
    );
  };
  reviewRoute('plans');
  reviewRoute('campaigns');
};
