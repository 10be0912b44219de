import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { Envelope, errorResponses, ok } from '../../http/envelope';
import { AppError } from '../../errors';
import { checkCredentials } from '../../accounts/checkCredentials';
import { currentProject, currentUser, requireProject } from '../../plugins/auth';
import { newAccessKey } from '../../attribution/newAccessKey';
import { forgetAccessKeys } from '../../sdk/requireAccessKey';

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
      return ok({
        accessKey,
        rotatedAt: row.access_key_rotated_at,
        canRefresh: currentUser(request).role === 'owner',
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
        body: Type.Object({
          username: Type.String({
            minLength: 1,
            maxLength: 254,
            description: 'The e-mail the super administrator logs in with',
          }),
          password: Type.String({ minLength: 1, maxLength: 128 }),
        }),
        response: { 200: Envelope(KeySchema), ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => {
      const project = currentProject(request);
      const user = currentUser(request);
      const now = app.ctx.now();
      const checked = await checkCredentials(
        db,
        request.body.username,
        request.body.password,
        now,
        'refreshCredentialsInvalid',
      );
      // Someone else's valid credentials do not confirm this user's action.
      if (checked.id !== user.id) throw new AppError('refreshCredentialsInvalid');
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
};
