import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, errorResponses, ok } from '../http/envelope';
import { ConfirmPassword, Email, Password, RequiredText, UserSchema } from '../http/fields';
import type { TypedApp } from '../http/typedApp';
import { changePassword, meView, updateProfile } from './meService';
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

const tags = ['me'];
const security = [{ bearer: [] }];

const meAnswer = (app: TypedApp, userId: string) => meView(app.ctx.db, userId, privateCallbacksAllowed());

function meRoute(app: TypedApp) {
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
    async (request) => ok(await meAnswer(app, currentUser(request).id)),
  );
}

function updateMeRoute(app: TypedApp) {
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
      const userId = currentUser(request).id;
      await updateProfile(app.ctx.db, userId, request.body, app.ctx.now());
      return ok(await meAnswer(app, userId));
    },
  );
}

function passwordRoute(app: TypedApp) {
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
      const keep = request.sessionId ?? undefined;
      await changePassword(app.ctx.db, currentUser(request).id, request.body, keep, app.ctx.now());
      return ok(null);
    },
  );
}

/** The personal centre: the signed-in user's own name, e-mail and password (meService). */
export const meRoutes: FastifyPluginAsyncTypebox = async (app) => {
  meRoute(app);
  updateMeRoute(app);
  passwordRoute(app);
};
