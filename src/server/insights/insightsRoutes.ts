import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, errorResponses, ok } from '../http/envelope';
import { currentProject, requireProject } from '../plugins/auth';
import { insightsRange } from './insightsRange';
import { activeUsers } from './activeUsers';
import { retention } from './retention';
import { audience, AUDIENCE_DIMENSIONS, type AudienceDimension } from './audience';
import { eventCounts, summary } from './eventCounts';
import { localDayNumber } from '../../engine/rules/timeZone';

const Day = Type.String({
  pattern: '^\\d{4}-\\d{2}-\\d{2}$',
  description: "YYYY-MM-DD, a local day of the project's time zone",
});
const Range = {
  from: Type.Optional(Day),
  to: Type.Optional(Day),
  tz: Type.Optional(
    Type.String({
      maxLength: 64,
      description:
        "Accepted for symmetry; analysis days are the project's time zone days (the zone used is answered as tz)",
    }),
  ),
};
const RangeAnswer = {
  from: Type.String(),
  to: Type.String(),
  tz: Type.String({ description: "The zone the days are counted in: the project's time zone" }),
};
const List = (max: number) => Type.Optional(Type.String({ maxLength: max, description: 'Comma-separated' }));
const split = (value: string | undefined) =>
  value
    ?.split(',')
    .map((v) => v.trim())
    .filter(Boolean);

/** Analysis from the rollups kept on ingest: active users, retention, audience, event counts. */
export const insightsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['analysis'];
  const security = [{ bearer: [] }];
  const { db } = app.ctx;
  const errors = errorResponses(400, 401, 403);

  app.get(
    '/api/analytics/active',
    {
      onRequest: requireProject('view'),
      schema: {
        tags,
        security,
        summary:
          "DAU, WAU (7 days ending that day) and MAU (30 days) per day of the project's time zone (at most 92 days)",
        querystring: Type.Object(Range),
        response: {
          200: Envelope(
            Type.Object({
              ...RangeAnswer,
              items: Type.Array(
                Type.Object({
                  date: Type.String(),
                  dau: Type.Integer(),
                  wau: Type.Integer(),
                  mau: Type.Integer(),
                }),
              ),
            }),
          ),
          ...errors,
        },
      },
    },
    async (request) => {
      const project = currentProject(request);
      const range = insightsRange(request.query, app.ctx.now(), project.rollupTimeZone);
      const items = await activeUsers(db, project.id, range.fromDay, range.toDay);
      return ok({ from: range.from, to: range.to, tz: range.tz, items });
    },
  );

  app.get(
    '/api/analytics/retention',
    {
      onRequest: requireProject('view'),
      schema: {
        tags,
        security,
        summary: 'Day-N retention of first-seen cohorts (cohort range at most 92 days, N up to 30)',
        querystring: Type.Object({
          ...Range,
          days: Type.Optional(Type.Integer({ minimum: 1, maximum: 30, default: 7 })),
        }),
        response: {
          200: Envelope(
            Type.Object({
              ...RangeAnswer,
              days: Type.Integer(),
              cohorts: Type.Array(
                Type.Object({
                  date: Type.String(),
                  size: Type.Integer(),
                  retained: Type.Array(Type.Union([Type.Integer(), Type.Null()])),
                  rates: Type.Array(Type.Union([Type.Number(), Type.Null()])),
                }),
              ),
            }),
          ),
          ...errors,
        },
      },
    },
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
    {
      onRequest: requireProject('view'),
      schema: {
        tags,
        security,
        summary:
          'Active devices by platform, OS, country, app version or language: top 8 + other (__other__; __unknown__ = not reported)',
        querystring: Type.Object({
          ...Range,
          by: Type.Optional(Type.Enum(Object.keys(AUDIENCE_DIMENSIONS) as AudienceDimension[])),
        }),
        response: {
          200: Envelope(
            Type.Object({
              ...RangeAnswer,
              by: Type.String(),
              total: Type.Integer(),
              items: Type.Array(
                Type.Object({ key: Type.String(), devices: Type.Integer(), share: Type.Number() }),
              ),
            }),
          ),
          ...errors,
        },
      },
    },
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
    {
      onRequest: requireProject('view'),
      schema: {
        tags,
        security,
        summary: "SDK events per day (the project's time zone) by event name or platform: top 8 + other",
        querystring: Type.Object({
          ...Range,
          groupBy: Type.Optional(Type.Union([Type.Literal('name'), Type.Literal('platform')])),
          names: List(2000),
          platforms: List(64),
        }),
        response: {
          200: Envelope(
            Type.Object({
              ...RangeAnswer,
              groupBy: Type.String(),
              total: Type.Integer(),
              groups: Type.Array(Type.Object({ key: Type.String(), count: Type.Integer() })),
              series: Type.Array(
                Type.Object({ date: Type.String(), key: Type.String(), count: Type.Integer() }),
              ),
            }),
          ),
          ...errors,
        },
      },
    },
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
    {
      onRequest: requireProject('view'),
      schema: {
        tags,
        security,
        summary: 'Active devices, new (first-seen) devices and events of a range',
        querystring: Type.Object(Range),
        response: {
          200: Envelope(
            Type.Object({
              ...RangeAnswer,
              activeDevices: Type.Integer(),
              newDevices: Type.Integer(),
              events: Type.Integer(),
            }),
          ),
          ...errors,
        },
      },
    },
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
