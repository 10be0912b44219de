import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { Envelope, errorResponses, ok } from '../http/envelope';
import { AppError } from '../errors';
import { checkCredentials } from '../accounts/checkCredentials';
import { currentProject, currentUser, requireProject } from '../plugins/auth';
import { projectAccessKey, projectApiSecretView, rotateAccessKey, rotateApiSecret } from './projectKeys';

const KeySchema = Type.Object({
  accessKey: Type.String(),
  rotatedAt: Type.Union([Type.String(), Type.Null()], {
    description: 'Last refresh; null = the key the project was created with',
  }),
});

/** Only the super administrator (the owner) refreshes the token; anyone else gets `tokenRefreshForbidden`. */
async function ownerOnly(request: FastifyRequest): Promise<void> {
  if (currentUser(request).role !== 'owner') throw new AppError('tokenRefreshForbidden');
}

const RefreshBody = Type.Object({
  username: Type.String({
    minLength: 1,
    maxLength: 254,
    description: 'The e-mail the super administrator logs in with',
  }),
  password: Type.String({ minLength: 1, maxLength: 128 }),
});

/** The caller re-entered their own username and password (someone else's do not confirm it). */
async function confirmOwner(request: FastifyRequest, now: Date): Promise<void> {
  const body = request.body as { username: string; password: string };
  const checked = await checkCredentials(
    request.server.ctx.db,
    body.username,
    body.password,
    now,
    'refreshCredentialsInvalid',
  );
  if (checked.id !== currentUser(request).id) throw new AppError('refreshCredentialsInvalid');
}

/** The project's SDK access key: shown to members, refreshed by the owner with username and password. */
export const accessKeyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['integration'];
  const security = [{ bearer: [] }];
  const { db } = app.ctx;

  app.get(
    '/api/access-key',
    {
      onRequest: requireProject('view'),
      schema: {
        tags,
        security,
        summary: 'The SDK access key (X-Access-Key) of the project',
        response: {
          200: Envelope(
            Type.Object({
              ...KeySchema.properties,
              canRefresh: Type.Boolean({ description: 'Only the super administrator' }),
              apiSecret: Type.Union([Type.String(), Type.Null()], {
                description:
                  "The project's API secret (server-side: signs participant hand-offs, server events and reward callbacks); null unless the caller manages the project",
              }),
              apiSecretRotatedAt: Type.Union([Type.String(), Type.Null()]),
            }),
          ),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) => {
      const project = currentProject(request);
      const key = await projectAccessKey(db, project.id);
      const secret = project.permission === 'manage' ? await projectApiSecretView(db, project.id) : null;
      return ok({
        ...key,
        canRefresh: currentUser(request).role === 'owner',
        apiSecret: secret?.apiSecret ?? null,
        apiSecretRotatedAt: secret?.apiSecretRotatedAt ?? null,
      });
    },
  );

  app.post(
    '/api/access-key/refresh',
    {
      onRequest: [requireProject('view'), ownerOnly],
      schema: {
        tags,
        security,
        summary:
          'Replace the access key (super administrator, re-entering username and password); the old key stops working',
        body: RefreshBody,
        response: { 200: Envelope(KeySchema), ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => {
      const project = currentProject(request);
      const now = app.ctx.now();
      await confirmOwner(request, now);
      return ok(await rotateAccessKey(db, project.id, now));
    },
  );

  app.post(
    '/api/access-key/refresh-api-secret',
    {
      onRequest: [requireProject('view'), ownerOnly],
      schema: {
        tags,
        security,
        summary:
          'Replace the API secret (super administrator, re-entering username and password); hand-offs and callbacks signed with the old one stop verifying; the SDK access key is untouched',
        body: RefreshBody,
        response: {
          200: Envelope(Type.Object({ apiSecret: Type.String(), apiSecretRotatedAt: Type.String() })),
          ...errorResponses(400, 401, 403, 429),
        },
      },
    },
    async (request) => {
      const project = currentProject(request);
      const now = app.ctx.now();
      await confirmOwner(request, now);
      return ok(await rotateApiSecret(db, project.id, now));
    },
  );
};
