import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, errorResponses, ok } from '../http/envelope';
import { currentProject, requireProject } from '../plugins/auth';
import { dateRange } from '../links/dateRange';
import { latestEvents } from './eventLogs';

/** Queries cover at most 10 days. */
const MAX_QUERY_DAYS = 10;
const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD' });

/** One event log row: the columns the event logs show plus what the SDK told about the device. */
export const EventLogRow = Type.Object({
  eventId: Type.String(),
  activityId: Type.Union([Type.String(), Type.Null()], {
    description: 'The campaign (activity) the event belongs to',
  }),
  time: Type.String({ description: 'Report time: when the event happened on the device' }),
  receivedAt: Type.String(),
  deviceId: Type.String(),
  data: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()], { description: 'Event data' }),
  name: Type.String({ description: 'Event name' }),
  category: Type.String(),
  linkId: Type.Union([Type.String(), Type.Null()], { description: 'Deep link ID' }),
  platform: Type.String({ description: 'System platform' }),
  source: Type.Union([Type.String(), Type.Null()], { description: 'Attribution source' }),
  userId: Type.Union([Type.String(), Type.Null()]),
  testDevice: Type.Boolean({ description: 'Sent by a test device: highlighted' }),
  sdkVersion: Type.Union([Type.String(), Type.Null()]),
  appVersion: Type.Union([Type.String(), Type.Null()]),
  os: Type.Union([Type.String(), Type.Null()]),
  osVersion: Type.Union([Type.String(), Type.Null()]),
  country: Type.Union([Type.String(), Type.Null()]),
});

/** The event logs: the latest N events received from the SDK, newest first. */
export const eventLogsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;
  app.get(
    '/api/event-logs',
    {
      onRequest: requireProject('view'),
      schema: {
        tags: ['integration'],
        security: [{ bearer: [] }],
        summary: 'Latest N SDK events of a date range (at most 10 days), standard or custom',
        querystring: Type.Object({
          category: Type.Optional(Type.Union([Type.Literal('standard'), Type.Literal('custom')])),
          from: Type.Optional(Day),
          to: Type.Optional(Day),
          tz: Type.Optional(
            Type.String({
              maxLength: 64,
              description: "IANA time zone or GMT+08:00 of the days, default the project's time zone",
            }),
          ),
          limit: Type.Optional(
            Type.Integer({ minimum: 1, maximum: 1000, default: 100, description: 'Latest N records' }),
          ),
          name: Type.Optional(Type.String({ maxLength: 50 })),
          deviceId: Type.Optional(Type.String({ maxLength: 128 })),
          testOnly: Type.Optional(Type.Boolean()),
        }),
        response: {
          200: Envelope(
            Type.Object({
              from: Type.String(),
              to: Type.String(),
              tz: Type.String({ description: 'The zone the days are cut in' }),
              limit: Type.Integer(),
              items: Type.Array(EventLogRow),
            }),
          ),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) => {
      const project = currentProject(request);
      const q = request.query;
      const range = dateRange(q, app.ctx.now(), MAX_QUERY_DAYS, project.timeZone);
      const limit = q.limit ?? 100;
      const items = await latestEvents(db, project.id, range, { ...q, limit });
      return ok({ from: range.from, to: range.to, tz: range.tz, limit, items });
    },
  );
};
