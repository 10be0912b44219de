import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, errorResponses, ok } from '../http/envelope';
import { IdParams } from '../http/fields';
import type { TypedApp } from '../http/typedApp';
import { entityListRoutes } from '../lists/entityListRoutes';
import { currentProject, requireProject } from '../plugins/auth';
import { requireAdsAdvanced } from './adsAccess';
import {
  accountSummary,
  assertAllowedIps,
  configText,
  newAccountSecret,
  rotateAccountSecret,
} from './adAccountService';

/** The list columns of an account answer (`AdAccountRow`), besides id, config and times. */
const AccountSummaryFields = {
  name: Type.String(),
  network: Type.String(),
  currency: Type.String(),
  offerCount: Type.Integer(),
  postbackUrl: Type.String({
    description: 'Where the network sends postbacks: {PUBLIC_URL}/api/ads/v1/postback/:id',
  }),
  secret: Type.String({
    description: 'The postback signing secret; masked (`abcd****`) unless the caller is an advanced ads user',
  }),
};

/** Ad accounts: list CRUD, the secret made by the server and masked for callers who are not advanced. */
const accountsList = (publicUrl: string) =>
  entityListRoutes({
    path: '/api/ads/accounts',
    table: 'ad_accounts',
    entity: 'ad-account',
    tag: 'ads',
    nameOf: (config) => configText(config.name),
    columns: (config) => ({ network: configText(config.network) }),
    createColumns: async () => ({ secret: newAccountSecret() }),
    summaryFields: AccountSummaryFields,
    summary: (row, config) => accountSummary(row, config, publicUrl),
    present: (request, answer, row) =>
      currentProject(request).adsAdvanced ? { ...answer, secret: configText(row.secret) } : answer,
    check: async (_app, _project, config) => assertAllowedIps(config),
    writeGuard: requireAdsAdvanced,
  });

function rotateSecretRoute(app: TypedApp, publicUrl: string) {
  app.post(
    '/api/ads/accounts/:id/secret',
    {
      onRequest: [requireProject('edit'), requireAdsAdvanced],
      schema: {
        tags: ['ads'],
        security: [{ bearer: [] }],
        summary: "Rotate an account's postback secret (advanced ads users): the row with the new secret",
        params: IdParams,
        response: {
          200: Envelope(
            Type.Object({
              id: Type.String(),
              ...AccountSummaryFields,
              config: Type.Record(Type.String(), Type.Unknown()),
              createdAt: Type.String(),
              updatedAt: Type.String(),
            }),
          ),
          ...errorResponses(401, 403, 404),
        },
      },
    },
    async (request) => {
      const { db, now } = app.ctx;
      return ok(
        await rotateAccountSecret(db, currentProject(request).id, request.params.id, now(), publicUrl),
      );
    },
  );
}

/**
 * Ad accounts (entity/ad-account): reading needs view, every write an advanced ads user. The
 * server makes the postback secret (never in the config) and rotates it on request; callers who
 * are not advanced see it masked.
 */
export const adAccountRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { publicUrl } = app.ctx;
  await app.register(accountsList(publicUrl));
  rotateSecretRoute(app, publicUrl);
};
