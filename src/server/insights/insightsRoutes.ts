import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '../http/envelope';
import { currentProject, requireProject } from '../plugins/auth';
import { insightsRange } from './insightsRange';
import { activeUsers } from './activeUsers';
import { retention } from './retention';
import { audience, type AudienceDimension } from './audience';
import { eventCounts, summary } from './eventCounts';
import { localDayNumber } from '../../engine/rules/timeZone';
import {
  ActiveUsersSchema,
  AudienceSchema,
  RetentionSchema,
  SdkEventCountsSchema,
  SummarySchema,
} from './insightsSchemas';

const split = (value: string | undefined) =>
  value
    ?.split(',')
    .map((v) => v.trim())
    .filter(Boolean);

/** Analysis from the rollups kept on ingest: active users, retention, audience, event counts. */
export const insightsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;

  app.get(
    '/api/analytics/active',
    { onRequest: requireProject('view'), schema: ActiveUsersSchema },
    async (request) => {
      const project = currentProject(request);
      const range = insightsRange(request.query, app.ctx.now(), project.rollupTimeZone);
      const items = await activeUsers(db, project.id, range.fromDay, range.toDay);
      return ok({ from: range.from, to: range.to, tz: range.tz, items });
    },
  );

  app.get(
    '/api/analytics/retention',
    { onRequest: requireProject('view'), schema: RetentionSchema },
    async (request) => {
      const project = currentProject(request);
      const now = app.ctx.now();
      const range = insightsRange(request.query, now, project.rollupTimeZone);
      const days = request.query.days ?? 7;
      const cohorts = await retention(
        db,
        project.id,
        range.fromDay,
        range.toDay,
        days,
        localDayNumber(now.getTime(), range.tz),
      );
      return ok({ from: range.from, to: range.to, tz: range.tz, days, cohorts });
    },
  );

  app.get(
    '/api/analytics/audience',
    { onRequest: requireProject('view'), schema: AudienceSchema },
    async (request) => {
      const project = currentProject(request);
      const range = insightsRange(request.query, app.ctx.now(), project.rollupTimeZone);
      const by = (request.query.by ?? 'platform') as AudienceDimension;
      const result = await audience(db, project.id, range.fromDay, range.toDay, by);
      return ok({ from: range.from, to: range.to, tz: range.tz, by, ...result });
    },
  );

  app.get(
    '/api/analytics/sdk-events',
    { onRequest: requireProject('view'), schema: SdkEventCountsSchema },
    async (request) => {
      const project = currentProject(request);
      const range = insightsRange(request.query, app.ctx.now(), project.rollupTimeZone);
      const groupBy = request.query.groupBy ?? 'name';
      const result = await eventCounts(db, project.id, range.fromDay, range.toDay, {
        groupBy,
        names: split(request.query.names),
        platforms: split(request.query.platforms),
      });
      return ok({ from: range.from, to: range.to, tz: range.tz, groupBy, ...result });
    },
  );

  app.get(
    '/api/analytics/summary',
    { onRequest: requireProject('view'), schema: SummarySchema },
    async (request) => {
      const project = currentProject(request);
      const range = insightsRange(request.query, app.ctx.now(), project.rollupTimeZone);
      return ok({
        from: range.from,
        to: range.to,
        tz: range.tz,
        ...(await summary(db, project.id, range.fromDay, range.toDay)),
      });
    },
  );
};
