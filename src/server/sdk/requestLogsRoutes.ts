import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, errorResponses, ok } from '../http/envelope';
import { currentProject, requireProject } from '../plugins/auth';
import { PageQuery } from '../links/listQuery';
import { dateRange } from '../links/dateRange';
import { CallProblemSchema } from './callProblem';
import { requestLogPage } from './requestLogs';

/** Queries cover at most 10 days. */
const MAX_QUERY_DAYS = 10;
const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD' });

const LogSchema = Type.Object({
  id: Type.String(),
  time: Type.String(),
  method: Type.String(),
  path: Type.String({ description: 'The address called' }),
  ip: Type.String(),
  status: Type.Integer(),
  durationMs: Type.Integer(),
  request: Type.Union([Type.String(), Type.Null()], { description: 'Body, secrets masked, truncated' }),
  response: Type.Union([Type.String(), Type.Null()], { description: 'Return value, truncated' }),
  problem: Type.Union([CallProblemSchema, Type.Null()]),
  error: Type.Union([Type.String(), Type.Null()], {
    description: 'The text of calls logged before problems were coded',
  }),
  headers: Type.Record(Type.String(), Type.String(), { description: 'Header info, secrets masked' }),
});

/** API request logs of the SDK and server APIs (X-Access-Key calls), newest first. */
export const requestLogsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;
  app.get(
    '/api/request-logs',
    {
      onRequest: requireProject('view'),
      schema: {
        tags: ['integration'],
        security: [{ bearer: [] }],
        summary: 'SDK and server API requests of the project (at most 10 days)',
        querystring: Type.Object({
          ...PageQuery,
          from: Type.Optional(Day),
          to: Type.Optional(Day),
          tz: Type.Optional(
            Type.String({
              maxLength: 64,
              description: "IANA time zone or GMT+08:00; default the project's time zone",
            }),
          ),
          outcome: Type.Optional(Type.Union([Type.Literal('ok'), Type.Literal('error')])),
        }),
        response: {
          200: Envelope(Type.Object({ items: Type.Array(LogSchema), total: Type.Integer() })),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) => {
      const project = currentProject(request);
      const range = dateRange(request.query, app.ctx.now(), MAX_QUERY_DAYS, project.timeZone);
      // Rows wait up to a second in this server's queue: a reader sees its own calls.
      await app.sdkRequestLogs.flush();
      return ok(await requestLogPage(db, project.id, range, request.query));
    },
  );
};
