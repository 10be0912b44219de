import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, errorResponses, ok } from '../http/envelope';
import { requestLang } from '../http/requestLang';
import type { TypedApp } from '../http/typedApp';
import { checkCredentials } from './checkCredentials';
import { revokeToken } from './sessions';
import { RESET_TTL_MINUTES } from './passwordResets';
import { resetPasswordMail } from './resetPasswordMail';
import { openSession, requestPasswordReset, resetPassword, revokeOwnToken, signUp } from './accountService';
import { bearerToken, requireAuth } from '../plugins/auth';
import {
  ForgetPasswordBody,
  LoginBody,
  RefreshBody,
  ResetPasswordBody,
  SessionAnswer,
  SignUpBody,
} from './authSchemas';

const tags = ['auth'];

const sessionOf = (app: TypedApp, userId: string) =>
  openSession(app.ctx.db, userId, app.ctx.now(), app.ctx.sessionTtlHours);

function signUpRoute(app: TypedApp) {
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
      const userId = await signUp(app.ctx.db, request.body, app.ctx.now());
      // Signing up logs the new owner in: the answer is a session, with `user` as before.
      return ok(await sessionOf(app, userId));
    },
  );
}

function loginRoute(app: TypedApp) {
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
      const { email, password } = request.body;
      const user = await checkCredentials(app.ctx.db, email, password, app.ctx.now());
      return ok(await sessionOf(app, user.id));
    },
  );
}

function logoutRoute(app: TypedApp) {
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
}

function refreshRoute(app: TypedApp) {
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
      const { username, password } = request.body;
      const user = await checkCredentials(db, username, password, now(), 'refreshCredentialsInvalid');
      await revokeOwnToken(db, bearerToken(request), user.id, now());
      return ok(await sessionOf(app, user.id));
    },
  );
}

function forgetPasswordRoute(app: TypedApp) {
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
      const { mailer, publicUrl } = app.ctx;
      const reset = await requestPasswordReset(app.ctx.db, request.body.email, app.ctx.now());
      if (reset && !reset.sent) {
        request.log.info({ userId: reset.userId }, 'reset mail not sent: too many requests in the window');
      } else if (reset) {
        const link = `${publicUrl}/reset-password?token=${encodeURIComponent(reset.token)}`;
        try {
          await mailer.send(resetPasswordMail(reset.email, link, RESET_TTL_MINUTES, requestLang(request)));
        } catch (error) {
          // Answer the same either way; the operator sees the failure in the log.
          request.log.error({ err: error }, 'could not send the reset mail');
        }
      }
      return ok(null);
    },
  );
}

function resetPasswordRoute(app: TypedApp) {
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
      await resetPassword(app.ctx.db, request.body.token, request.body.password, app.ctx.now());
      return ok(null);
    },
  );
}

/** Sign-up, login, logout, token refresh and password reset. */
export const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  signUpRoute(app);
  loginRoute(app);
  logoutRoute(app);
  refreshRoute(app);
  forgetPasswordRoute(app);
  resetPasswordRoute(app);
};
