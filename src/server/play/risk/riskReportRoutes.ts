import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, errorResponses, ok } from '../../http/envelope';
import { currentProject, currentUser, requireProject } from '../../plugins/auth';
import { loadCampaign } from '../../campaigns/loadCampaign';
import { blockParticipant, holdReward, releaseReward, riskReport } from './riskReport';

const Open = Type.Object({}, { additionalProperties: true });

/**
 * The activity report's risk section and the decisions taken from it: hold and release a reward,
 * block a participant. Reading needs view permission, deciding edit; every decision is audited.
 */
export const riskReportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['campaigns'];
  const security = [{ bearer: [] }];
  const { db } = app.ctx;
  const CampaignParams = Type.Object({ id: Type.String({ maxLength: 64 }) });
  const RewardParams = Type.Object({
    id: Type.String({ maxLength: 64 }),
    rewardId: Type.String({ maxLength: 64 }),
  });

  app.get(
    '/api/campaigns/:id/report/risk',
    {
      onRequest: requireProject('view'),
      schema: {
        tags,
        security,
        summary:
          "The activity report's risk section: refusals by rule and day, top offending addresses, ranges, devices and user ids, flagged participants with their rewards, rewards on hold",
        params: CampaignParams,
        response: {
          200: Envelope(
            Type.Object({
              days: Type.Array(Open),
              byRule: Open,
              offenders: Type.Array(Open),
              flagged: Type.Array(Open),
              held: Type.Array(Open),
            }),
          ),
          ...errorResponses(401, 403, 404),
        },
      },
    },
    async (request) => {
      const row = await loadCampaign(db, currentProject(request).id, request.params.id);
      return ok(await riskReport(db, row.id));
    },
  );

  for (const move of ['hold', 'release'] as const)
    app.post(
      `/api/campaigns/:id/rewards/:rewardId/${move}`,
      {
        onRequest: requireProject('edit'),
        schema: {
          tags,
          security,
          summary:
            move === 'hold'
              ? 'Put a pending reward on hold: it is not delivered until released (audited)'
              : 'Release a held reward: its delivery is due at once (audited)',
          params: RewardParams,
          response: {
            200: Envelope(Type.Object({ held: Type.Boolean() })),
            ...errorResponses(401, 403, 404, 409),
          },
        },
      },
      async (request) => {
        const row = await loadCampaign(db, currentProject(request).id, request.params.id);
        const now = app.ctx.now();
        if (move === 'hold') {
          await holdReward(db, row, request.params.rewardId, currentUser(request), now);
          return ok({ held: true });
        }
        const released = await releaseReward(db, row, request.params.rewardId, currentUser(request), now);
        if (released.deliveries > 0) app.rewardDelivery?.kick();
        return ok({ held: false });
      },
    );

  app.post(
    '/api/campaigns/:id/participants/:code/block',
    {
      onRequest: requireProject('edit'),
      schema: {
        tags,
        security,
        summary:
          "Block a participant from the project: their user id (an anonymous one's device) goes on the risk blocklist (audited)",
        params: Type.Object({
          id: Type.String({ maxLength: 64 }),
          code: Type.String({ pattern: '^[A-Za-z0-9]{1,16}$' }),
        }),
        response: {
          200: Envelope(Type.Object({ kind: Type.String(), value: Type.String() })),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const row = await loadCampaign(db, currentProject(request).id, request.params.id);
      return ok(await blockParticipant(db, row, request.params.code, currentUser(request), app.ctx.now()));
    },
  );
};
