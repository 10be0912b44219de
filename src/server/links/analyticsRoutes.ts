import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, errorResponses, ok } from '../http/envelope';
import { currentProject, requireProject } from '../plugins/auth';
import { dateRange } from './dateRange';
import { CountsFields, RangeQuery } from './rangeSchemas';
import { channelCounts, LINK_EVENTS, linkEventSeries } from './linkAnalytics';

/** Analytics queries cover at most 10 days. */
const MAX_QUERY_DAYS = 10;

/** Channel analytics and event statistics over the project's links. */
export const analyticsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['link analytics'];
  const security = [{ bearer: [] }];
  const { db } = app.ctx;

  app.get(
    '/api/analytics/channels',
    {
      onRequest: requireProject('view'),
      schema: {
        tags,
        security,
        summary: 'Clicks, installs, opens and registrations by channel (at most 10 days)',
        querystring: Type.Object({
          ...RangeQuery,
          linkId: Type.Optional(
            Type.String({ maxLength: 64, description: 'A link (its id or 6-character link id)' }),
          ),
        }),
        response: {
          200: Envelope(
            Type.Object({
              from: Type.String(),
              to: Type.String(),
              tz: Type.String({ description: 'The zone the days are cut in' }),
              items: Type.Array(Type.Object({ channel: Type.String(), ...CountsFields })),
              series: Type.Array(Type.Object({ time: Type.String(), ...CountsFields })),
            }),
          ),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) => {
      const project = currentProject(request);
      const range = dateRange(request.query, app.ctx.now(), MAX_QUERY_DAYS, project.timeZone);
      const { items, series } = await channelCounts(db, project.id, range, request.query.linkId);
      return ok({
        from: range.from,
        to: range.to,
        tz: range.tz,
        items,
        series,
      });
    },
  );

  app.get(
    '/api/analytics/events',
    {
      onRequest: requireProject('view'),
      schema: {
        tags,
        security,
        summary: 'Daily counts of link events: click, install, open, register (at most 10 days)',
        querystring: Type.Object({
          ...RangeQuery,
          event: Type.Optional(Type.Union(LINK_EVENTS.map((e) => Type.Literal(e)))),
        }),
        response: {
          200: Envelope(
            Type.Object({
              from: Type.String(),
              to: Type.String(),
              tz: Type.String({ description: 'The zone the days are cut in' }),
              items: Type.Array(
                Type.Object({
                  event: Type.String(),
                  total: Type.Integer(),
                  series: Type.Array(Type.Object({ time: Type.String(), count: Type.Integer() })),
                }),
              ),
            }),
          ),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) => {
      const project = currentProject(request);
      const range = dateRange(request.query, app.ctx.now(), MAX_QUERY_DAYS, project.timeZone);
      const items = await linkEventSeries(db, project.id, range, request.query.event);
      return ok({ from: range.from, to: range.to, tz: range.tz, items });
    },
  );
};
