import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { validationMessage } from '../../engine/validation/localizeErrors';
import { AppError, fieldError } from '../errors';
import { Envelope, errorResponses, ok } from '../http/envelope';
import { IdParams } from '../http/fields';
import { entityListRoutes, type ListConfig } from '../lists/entityListRoutes';
import { currentProject, requireProject } from '../plugins/auth';
import { normalizeWhitelistEntry } from '../sdk/ipWhitelist';
import { requireAdsAdvanced } from './adsAccess';

/** A new postback signing secret: 32 random bytes, base64url (43 characters). */
export function newAccountSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** What a caller who is not an advanced ads user sees of a secret: its first 4 characters. */
export function maskSecret(secret: string): string {
  return `${secret.slice(0, 4)}****`;
}

const text = (value: unknown, fallback = '') => (typeof value === 'string' ? value : fallback);

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

type AccountRow = { id: string; name: string; network?: unknown; secret?: unknown };

/** An account's summary; the secret masked (the caller's view reveals it, see `present`). */
function accountSummary(row: AccountRow, config: ListConfig, publicUrl: string) {
  return {
    name: row.name,
    network: text(row.network, text(config.network)),
    currency: text(config.currency, 'USD'),
    offerCount: Array.isArray(config.offers) ? config.offers.length : 0,
    postbackUrl: `${publicUrl}/api/ads/v1/postback/${row.id}`,
    secret: maskSecret(text(row.secret)),
  };
}

/** `allowedIps` entries that are not an address or CIDR block: 400 at `/allowedIps/{i}`. */
function assertAllowedIps(config: ListConfig): void {
  const entries = Array.isArray(config.allowedIps) ? config.allowedIps : [];
  const bad = entries.flatMap((entry, i) =>
    typeof entry === 'string' && normalizeWhitelistEntry(entry) ? [] : [i],
  );
  if (bad.length > 0)
    throw fieldError((lang) =>
      bad.map((i) => ({ path: `/allowedIps/${i}`, message: validationMessage('invalid', lang) })),
    );
}

/**
 * Ad accounts (entity/ad-account): reading needs view, every write an advanced ads user. The
 * server makes the postback secret (never in the config) and rotates it on request; callers who
 * are not advanced see it masked.
 */
export const adAccountRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { publicUrl } = app.ctx;

  await app.register(
    entityListRoutes({
      path: '/api/ads/accounts',
      table: 'ad_accounts',
      entity: 'ad-account',
      tag: 'ads',
      nameOf: (config) => text(config.name),
      columns: (config) => ({ network: text(config.network) }),
      createColumns: async () => ({ secret: newAccountSecret() }),
      summaryFields: AccountSummaryFields,
      summary: (row, config) => accountSummary(row, config, publicUrl),
      present: (request, answer, row) =>
        currentProject(request).adsAdvanced ? { ...answer, secret: text(row.secret) } : answer,
      check: async (_app, _project, config) => assertAllowedIps(config),
      writeGuard: requireAdsAdvanced,
    }),
  );

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
      const project = currentProject(request);
      const { db, now } = app.ctx;
      const changes = { secret: newAccountSecret(), updated_at: now().toISOString() };
      const row = await db
        .updateTable('ad_accounts')
        .set(changes)
        .where('id', '=', request.params.id)
        .where('project_id', '=', project.id)
        .returningAll()
        .executeTakeFirst();
      if (!row) throw new AppError('notFound');
      const config = JSON.parse(row.config) as ListConfig;
      return ok({
        id: row.id,
        ...accountSummary(row, config, publicUrl),
        secret: row.secret,
        config,
        createdAt: row.created_at,
        updatedAt: row.updated_at,
      });
    },
  );
};
