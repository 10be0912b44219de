import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, errorResponses, ok } from '../http/envelope';
import { requestLang } from '../http/requestLang';
import { AppError, errorMessage } from '../errors';
import { isUniqueViolation } from '../db/isUniqueViolation';
import { randomId } from '../db/randomId';
import { hashPassword } from './passwords';
import { normalizeEmail, userView } from './userView';
import { checkCredentials } from './checkCredentials';
import { createSession, revokeToken, revokeUserSessions, sessionOwner } from './sessions';
import { clearLoginFailures } from './loginLockout';
import { createPasswordReset, findLiveReset, resetLimitReached, RESET_TTL_MINUTES } from './passwordResets';
import { resetPasswordMail } from './resetPasswordMail';
import { bearerToken, requireAuth } from '../plugins/auth';
import {
  ForgetPasswordBody,
  LoginBody,
  RefreshBody,
  ResetPasswordBody,
  SessionAnswer,
  SignUpBody,
} from './authSchemas';

const emailTaken = () =>
  new AppError('emailTaken', {
    errors: (lang) => [{ path: '/email', message: errorMessage('emailTaken', lang) }],
  });

/** Sign-up, login, logout, token refresh and password reset. */
export const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['auth'];

  app.post(
    '/api/auth/sign-up',
    {
      schema: {
        tags,
        summary:
          'Create an organisation and its super administrator, who is logged in at once (the answer is a session, as login gives)',
        body: SignUpBody,
        response: { 200: Envelope(SessionAnswer), ...errorResponses(400, 409) },
      },
    },
    async (request) => {
      const { db, now } = app.ctx;
      const body = request.body;
      const email = normalizeEmail(body.email);
      const time = now().toISOString();
      const passwordHash = await hashPassword(body.password);
      const existing = await db
        .selectFrom('users')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirst();
      if (existing) throw emailTaken();
      const organisationId = randomId();
      const userId = randomId();
      try {
        await db.transaction().execute(async (trx) => {
          await trx
            .insertInto('organisations')
            .values({ id: organisationId, name: body.companyName.trim(), created_at: time })
            .execute();
          await trx
            .insertInto('users')
            .values({
              id: userId,
              organisation_id: organisationId,
              // The first name is the e-mail's local part; the personal centre changes it.
              name: email.split('@')[0].slice(0, 30),
              email,
              password_hash: passwordHash,
              role: 'owner',
              last_login_at: null,
              created_at: time,
              updated_at: time,
            })
            .execute();
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw emailTaken();
        throw error;
      }
      // Signing up logs the new owner in: the answer is a session, with `user` as before.
      return ok(await openSession(userId));
    },
  );

  async function openSession(userId: string) {
    const { db, now, sessionTtlHours } = app.ctx;
    const time = now();
    await db
      .updateTable('users')
      .set({ last_login_at: time.toISOString() })
      .where('id', '=', userId)
      .execute();
    const session = await createSession(db, userId, time, sessionTtlHours);
    const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
    return { token: session.token, expiresAt: session.expiresAt, user: userView(user) };
  }

  app.post(
    '/api/auth/login',
    {
      schema: {
        tags,
        summary: 'Log in with e-mail and password',
        body: LoginBody,
        response: { 200: Envelope(SessionAnswer), ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      const user = await checkCredentials(
        app.ctx.db,
        request.body.email,
        request.body.password,
        app.ctx.now(),
      );
      return ok(await openSession(user.id));
    },
  );

  app.post(
    '/api/auth/logout',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: 'End the current session',
        security: [{ bearer: [] }],
        response: { 200: Envelope(Type.Null()), ...errorResponses(401) },
      },
    },
    async (request) => {
      const token = bearerToken(request);
      if (token) await revokeToken(app.ctx.db, token, app.ctx.now());
      return ok(null);
    },
  );

  app.post(
    '/api/auth/refresh',
    {
      schema: {
        tags,
        summary: 'New session token from username (e-mail) and password; the old token is revoked',
        body: RefreshBody,
        response: { 200: Envelope(SessionAnswer), ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      const { db, now } = app.ctx;
      const user = await checkCredentials(
        db,
        request.body.username,
        request.body.password,
        now(),
        'refreshCredentialsInvalid',
      );
      const oldToken = bearerToken(request);
      // Only the caller's own old token is revoked; a token of someone else is left alone.
      if (oldToken && (await sessionOwner(db, oldToken)) === user.id) await revokeToken(db, oldToken, now());
      return ok(await openSession(user.id));
    },
  );

  app.post(
    '/api/auth/forget-password',
    {
      schema: {
        tags,
        summary: 'Send a password reset link (the answer never tells whether the e-mail exists)',
        body: ForgetPasswordBody,
        response: { 200: Envelope(Type.Null()), ...errorResponses(400) },
      },
    },
    async (request) => {
      const { db, now, mailer, publicUrl } = app.ctx;
      const email = normalizeEmail(request.body.email);
      const user = await db
        .selectFrom('users')
        .select(['id', 'email'])
        .where('email', '=', email)
        .executeTakeFirst();
      if (user && (await resetLimitReached(db, user.id, now()))) {
        request.log.info({ userId: user.id }, 'reset mail not sent: too many requests in the window');
      } else if (user) {
        const token = await createPasswordReset(db, user.id, now());
        const link = `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
        try {
          await mailer.send(resetPasswordMail(user.email, link, RESET_TTL_MINUTES, requestLang(request)));
        } catch (error) {
          // Answer the same either way; the operator sees the failure in the log.
          request.log.error({ err: error }, 'could not send the reset mail');
        }
      }
      return ok(null);
    },
  );

  app.post(
    '/api/auth/reset-password',
    {
      schema: {
        tags,
        summary: 'Set a new password with a reset token; every session of the user ends',
        body: ResetPasswordBody,
        response: { 200: Envelope(Type.Null()), ...errorResponses(400) },
      },
    },
    async (request) => {
      const { db, now } = app.ctx;
      const time = now();
      const reset = await findLiveReset(db, request.body.token, time);
      if (!reset) throw new AppError('resetTokenInvalid');
      const passwordHash = await hashPassword(request.body.password);
      await db.transaction().execute(async (trx) => {
        const used = await trx
          .updateTable('password_resets')
          .set({ used_at: time.toISOString() })
          .where('id', '=', reset.id)
          .where('used_at', 'is', null)
          .executeTakeFirst();
        // Two uses racing: only the first one wins.
        if (Number(used.numUpdatedRows) !== 1) throw new AppError('resetTokenInvalid');
        const user = await trx
          .updateTable('users')
          .set({ password_hash: passwordHash, updated_at: time.toISOString() })
          .where('id', '=', reset.userId)
          .returning('email')
          .executeTakeFirstOrThrow();
        await revokeUserSessions(trx, reset.userId, time);
        await clearLoginFailures(trx, user.email);
      });
      return ok(null);
    },
  );
};
