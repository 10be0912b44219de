import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, errorResponses, ok } from '../../http/envelope';
import { fieldError } from '../../errors';
import { validationMessage } from '../../../engine/validation/localizeErrors';
import { loadCampaign } from '../../campaigns/loadCampaign';
import { currentProject, requireProject } from '../../plugins/auth';
import { randomId } from '../../db/randomId';

const CouponSummary = Type.Object({ prizeId: Type.String(), total: Type.Integer(), issued: Type.Integer() });

/** Coupon code pools per campaign prize: imported by operators, each code issued to one winner. */
export const couponRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['rewards'];
  const security = [{ bearer: [] }];
  const { db } = app.ctx;

  async function summary(campaignId: string) {
    const rows = await db
      .selectFrom('coupon_codes')
      .select([
        'prize_id',
        (eb) => eb.fn.countAll<number>().as('total'),
        (eb) => eb.fn.count<number>('reward_id').as('issued'),
      ])
      .where('campaign_id', '=', campaignId)
      .groupBy('prize_id')
      .orderBy('prize_id')
      .execute();
    return rows.map((r) => ({ prizeId: r.prize_id, total: Number(r.total), issued: Number(r.issued) }));
  }

  app.get(
    '/api/campaigns/:id/coupons',
    {
      onRequest: requireProject('view'),
      schema: {
        tags,
        security,
        summary: "The campaign's coupon code pools: codes imported and issued per prize",
        params: Type.Object({ id: Type.String({ maxLength: 64 }) }),
        response: { 200: Envelope(Type.Array(CouponSummary)), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const row = await loadCampaign(db, currentProject(request).id, request.params.id);
      return ok(await summary(row.id));
    },
  );

  app.post(
    '/api/campaigns/:id/coupons',
    {
      onRequest: requireProject('edit'),
      bodyLimit: 1024 * 1024,
      schema: {
        tags,
        security,
        summary:
          'Import coupon codes for a system-issued prize of the campaign; codes already in its pool are skipped. Each win of the prize then takes one code; when none is left the prize is out of stock',
        params: Type.Object({ id: Type.String({ maxLength: 64 }) }),
        body: Type.Object({
          prizeId: Type.String({ minLength: 1, maxLength: 64 }),
          codes: Type.Array(
            Type.String({ minLength: 1, maxLength: 64, pattern: '^\\S(.*\\S)?$', singleLine: true }),
            {
              minItems: 1,
              maxItems: 5000,
            },
          ),
        }),
        response: {
          200: Envelope(
            Type.Object({
              added: Type.Integer(),
              duplicates: Type.Integer(),
              pools: Type.Array(CouponSummary),
            }),
          ),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const row = await loadCampaign(db, currentProject(request).id, request.params.id);
      const { prizeId, codes } = request.body;
      const prizes =
        (JSON.parse(row.config) as { prizes?: { id?: unknown; isThank?: unknown }[] }).prizes ?? [];
      if (!prizes.some((p) => p.id === prizeId && p.isThank !== true)) {
        throw fieldError((lang) => [{ path: '/prizeId', message: validationMessage('invalid', lang) }]);
      }
      const unique = [...new Set(codes)];
      const now = app.ctx.now().toISOString();
      let added = 0;
      await db.transaction().execute(async (trx) => {
        for (let i = 0; i < unique.length; i += 500) {
          const inserted = await trx
            .insertInto('coupon_codes')
            .values(
              unique.slice(i, i + 500).map((code) => ({
                id: randomId(),
                project_id: row.project_id,
                campaign_id: row.id,
                prize_id: prizeId,
                code,
                reward_id: null,
                issued_at: null,
                created_at: now,
              })),
            )
            .onConflict((oc) => oc.columns(['campaign_id', 'prize_id', 'code']).doNothing())
            .executeTakeFirst();
          added += Number(inserted.numInsertedOrUpdatedRows ?? 0);
        }
      });
      return ok({ added, duplicates: codes.length - added, pools: await summary(row.id) });
    },
  );
};
