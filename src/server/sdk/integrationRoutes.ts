import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, errorResponses, ok } from '../http/envelope';
import { currentProject, requireProject } from '../plugins/auth';
import { integrationStatus } from './integrationStatus';
import { CallProblemSchema } from './callProblem';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);

const StatusSchema = Type.Object({
  status: Type.Enum(['notIntegrated', 'partial', 'inProgress', 'complete', 'noData', 'failed']),
  reasons: Type.Array(Type.String(), { description: 'missing:<platform>:<event> | sdkVersionTooLow' }),
  appConfig: Type.Object({
    templates: Type.Integer(),
    android: Type.Object({ configured: Type.Boolean(), packageNames: Type.Array(Type.String()) }),
    ios: Type.Object({ configured: Type.Boolean(), bundleIds: Type.Array(Type.String()) }),
    web: Type.Object({ configured: Type.Boolean() }),
  }),
  deepLinkConfig: Type.Object({
    links: Type.Integer(),
    universalLinks: Type.Boolean(),
    appLinks: Type.Boolean(),
    uriSchemes: Type.Boolean(),
  }),
  events: Type.Array(
    Type.Object({
      name: Type.String(),
      category: Type.String(),
      seen: Type.Boolean(),
      count: Type.Integer(),
      lastDate: Nullable(Type.String()),
      platforms: Type.Array(Type.String()),
    }),
  ),
  customEvents: Type.Integer(),
  platforms: Type.Array(
    Type.Object({ platform: Type.String(), events: Type.Integer(), missing: Type.Array(Type.String()) }),
  ),
  testDevices: Type.Array(
    Type.Object({
      id: Type.String(),
      name: Type.String(),
      deviceId: Type.String(),
      lastSeenAt: Nullable(Type.String()),
    }),
  ),
  launchRecords: Type.Array(
    Type.Object({
      eventId: Type.String(),
      name: Type.String(),
      deviceId: Type.String(),
      platform: Type.String(),
      time: Type.String(),
      sdkVersion: Nullable(Type.String()),
      appVersion: Nullable(Type.String()),
      linkId: Nullable(Type.String()),
      testDevice: Type.Boolean(),
    }),
  ),
  sdk: Type.Object({
    minVersion: Type.String({
      description:
        'the lowest supported version of the latest platform seen: 2.0 for the app SDKs (and none seen yet), 1.0 for the web SDK',
    }),
    latestVersion: Nullable(Type.String()),
    latestPlatform: Nullable(Type.String()),
    tooLow: Type.Boolean({
      description: 'SPEC: "SDK version is too low": below v2.0 for the app SDKs, below 1.0 for the web SDK',
    }),
    versions: Type.Array(
      Type.Object({
        platform: Type.String(),
        version: Type.String(),
        events: Type.Integer(),
        lastSeenAt: Type.String(),
        tooLow: Type.Boolean(),
      }),
    ),
  }),
  lastRequest: Nullable(
    Type.Object({
      time: Type.String(),
      path: Type.String(),
      status: Type.Integer(),
      outcome: Type.Enum(['ok', 'warning', 'error'], {
        description: 'error: refused (status "failed"); warning: stored except some refused events',
      }),
      problem: Nullable(CallProblemSchema),
      error: Nullable(Type.String({ description: 'The text of calls logged before problems were coded' })),
    }),
  ),
});

/** SDK integration progress computed from what the project actually received. */
export const integrationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/integration/status',
    {
      onRequest: requireProject('view'),
      schema: {
        tags: ['integration'],
        security: [{ bearer: [] }],
        summary:
          'Integration progress: configuration, integration events, test devices, launch records, SDK status',
        response: { 200: Envelope(StatusSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      // The last SDK call may still wait in this server's log queue.
      await app.sdkRequestLogs.flush();
      const project = currentProject(request);
      return ok(await integrationStatus(app.ctx.db, project.id, app.ctx.now(), project.rollupTimeZone));
    },
  );
};
