import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { Envelope, errorResponses, ok } from '../http/envelope';
import { AppError } from '../errors';
import { checkCredentials } from '../accounts/checkCredentials';
import { currentProject, currentUser, requireProject } from '../plugins/auth';
import { newAccessKey } from '../attribution/newAccessKey';
import { forgetAccessKeys } from './requireAccessKey';
import { newApiSecret, projectApiSecret } from '../play/apiSecret';

const KeySchema = Type.Object({
  accessKey: Type.String(),
  rotatedAt: Type.Union([Type.String(), Type.Null()], {
    description: 'Last refresh; null = the key the project was created with',
  }),
});

/** SPEC 6: only the super administrator refreshes the token; everyone else gets SPEC's words. */
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
                  "The project's API secret (server-side: signs participant hand-offs and reward callbacks); null unless the caller manages the project",
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
      const row = await db
        .selectFrom('projects')
        .select(['access_key', 'access_key_rotated_at'])
        .where('id', '=', project.id)
        .executeTakeFirstOrThrow();
      let accessKey = row.access_key;
      if (!accessKey) {
        // A project made before keys existed gets one on first sight.
        accessKey = newAccessKey();
        await db
          .updateTable('projects')
          .set({ access_key: accessKey })
          .where('id', '=', project.id)
          .where('access_key', 'is', null)
          .execute();
        const again = await db
          .selectFrom('projects')
          .select('access_key')
          .where('id', '=', project.id)
          .executeTakeFirstOrThrow();
        accessKey = again.access_key ?? accessKey;
      }
      const manages = project.permission === 'manage';
      const secret = manages ? await projectApiSecret(db, project.id) : null;
      const rotated = manages
        ? ((
            await db
              .selectFrom('projects')
              .select('api_secret_rotated_at')
              .where('id', '=', project.id)
              .executeTakeFirst()
          )?.api_secret_rotated_at ?? null)
        : null;
      return ok({
        accessKey,
        rotatedAt: row.access_key_rotated_at,
        canRefresh: currentUser(request).role === 'owner',
        apiSecret: secret,
        apiSecretRotatedAt: rotated,
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
      const accessKey = newAccessKey();
      const rotatedAt = now.toISOString();
      await db
        .updateTable('projects')
        .set({ access_key: accessKey, access_key_rotated_at: rotatedAt })
        .where('id', '=', project.id)
        .execute();
      forgetAccessKeys(db);
      return ok({ accessKey, rotatedAt });
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
      const apiSecret = newApiSecret();
      const apiSecretRotatedAt = now.toISOString();
      await db
        .updateTable('projects')
        .set({ api_secret: apiSecret, api_secret_rotated_at: apiSecretRotatedAt })
        .where('id', '=', project.id)
        .execute();
      return ok({ apiSecret, apiSecretRotatedAt });
    },
  );
};
