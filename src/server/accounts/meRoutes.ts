import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, errorResponses, ok } from '../http/envelope';
import { ConfirmPassword, Email, Password, RequiredText, UserSchema } from '../http/fields';
import { AppError, errorMessage } from '../errors';
import { isUniqueViolation } from '../db/isUniqueViolation';
import { hashPassword, verifyPassword } from './passwords';
import { normalizeEmail, userView } from './userView';
import { revokeUserSessions } from './sessions';
import { currentUser, requireAuth } from '../plugins/auth';
import { privateCallbacksAllowed } from '../http/assertPublicHttpUrl';

const MeAnswer = Type.Object({
  user: Type.Object({
    ...UserSchema.properties,
    organisation: Type.Object({ id: Type.String(), name: Type.String() }),
  }),
  settings: Type.Object({
    privateCallbacks: Type.Boolean({
      description:
        'ALLOW_PRIVATE_CALLBACKS=1: callback addresses may point inside the network (forms follow it)',
    }),
  }),
});

const UpdateMeBody = Type.Object({ name: RequiredText(30, 'Display name'), email: Email });

const ChangePasswordBody = Type.Object({
  oldPassword: Type.String({ minLength: 1, maxLength: 128 }),
  password: Password,
  confirmPassword: ConfirmPassword,
});

/** The personal centre: the signed-in user's own name, e-mail and password. */
export const meRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['me'];
  const security = [{ bearer: [] }];

  async function meAnswer(userId: string) {
    const row = await app.ctx.db
      .selectFrom('users')
      .innerJoin('organisations', 'organisations.id', 'users.organisation_id')
      .selectAll('users')
      .select(['organisations.name as organisation_name'])
      .where('users.id', '=', userId)
      .executeTakeFirstOrThrow();
    return {
      user: { ...userView(row), organisation: { id: row.organisation_id, name: row.organisation_name } },
      settings: { privateCallbacks: privateCallbacksAllowed() },
    };
  }

  app.get(
    '/api/me',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        security,
        summary: 'The signed-in user',
        response: { 200: Envelope(MeAnswer), ...errorResponses(401) },
      },
    },
    async (request) => ok(await meAnswer(currentUser(request).id)),
  );

  app.put(
    '/api/me',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        security,
        summary: 'Change own name and e-mail',
        body: UpdateMeBody,
        response: { 200: Envelope(MeAnswer), ...errorResponses(400, 401, 409) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { db, now } = app.ctx;
      const email = normalizeEmail(request.body.email);
      const taken = () =>
        new AppError('emailTaken', {
          errors: (lang) => [{ path: '/email', message: errorMessage('emailTaken', lang) }],
        });
      const other = await db
        .selectFrom('users')
        .select('id')
        .where('email', '=', email)
        .where('id', '!=', user.id)
        .executeTakeFirst();
      if (other) throw taken();
      try {
        await db
          .updateTable('users')
          .set({ name: request.body.name.trim(), email, updated_at: now().toISOString() })
          .where('id', '=', user.id)
          .execute();
      } catch (error) {
        if (isUniqueViolation(error)) throw taken();
        throw error;
      }
      return ok(await meAnswer(user.id));
    },
  );

  app.put(
    '/api/me/password',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        security,
        summary: 'Change own password; every other session ends',
        body: ChangePasswordBody,
        response: { 200: Envelope(Type.Null()), ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { db, now } = app.ctx;
      const row = await db
        .selectFrom('users')
        .select('password_hash')
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow();
      if (!(await verifyPassword(request.body.oldPassword, row.password_hash))) {
        throw new AppError('wrongPassword', {
          errors: (lang) => [{ path: '/oldPassword', message: errorMessage('wrongPassword', lang) }],
        });
      }
      const passwordHash = await hashPassword(request.body.password);
      const time = now();
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('users')
          .set({ password_hash: passwordHash, updated_at: time.toISOString() })
          .where('id', '=', user.id)
          .execute();
        await revokeUserSessions(trx, user.id, time, request.sessionId ?? undefined);
      });
      return ok(null);
    },
  );
};
