import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { isUniqueViolation } from '../db/isUniqueViolation';
import { Envelope, errorResponses, ok } from '../http/envelope';
import { IdParams } from '../http/fields';
import { entityListRoutes } from '../lists/entityListRoutes';
import { currentProject, requireProject } from '../plugins/auth';
import type { StrategyCache } from './strategyCache';
import {
  nextStrategyNumber,
  saveStrategyUrls,
  strategyServeUrls,
  strategySharesAnswer,
  strategySummary,
} from './strategyService';

const Distribution = Type.Union([Type.Literal('custom'), Type.Literal('ai')]);

/** The list columns of a strategy answer (`AdsStrategyRow`), besides id, config and times. */
const StrategySummaryFields = {
  number: Type.Integer({ description: "The strategy's number in its project (1, 2, ...)" }),
  name: Type.String(),
  type: Type.Union([Type.Literal('general'), Type.Literal('by-language')]),
  distribution: Distribution,
  urlCount: Type.Integer({ description: 'Links served (enabled languages only)' }),
  languages: Type.Array(Type.String(), { description: 'The enabled languages (by-language strategies)' }),
  serveUrl: Type.String({ description: 'The public address that picks a link: {link base}/s/:id' }),
};

const ShareRow = Type.Object({
  url: Type.String(),
  language: Type.String({ description: "'' for a general strategy" }),
  ratio: Type.Number({ description: 'The configured ratio in percent' }),
  share: Type.Number({ description: 'The share served now, 0..1' }),
  serves: Type.Integer(),
  clicks: Type.Integer(),
  incomeMicros: Type.Integer(),
  meanMicrosPerServe: Type.Number(),
  probabilityBest: Type.Number(),
  reason: Type.Union([
    Type.Literal('exploring'),
    Type.Literal('leading'),
    Type.Literal('floor'),
    Type.Literal('trailing'),
  ]),
});
const SharesSchema = Type.Object({
  distribution: Distribution,
  window: Type.Object(
    { from: Type.String(), to: Type.String() },
    { description: 'Local days of the figures' },
  ),
  urls: Type.Array(ShareRow),
});

/**
 * Monetisation strategies (entity/ads-strategy): reads view, writes edit. A create numbers the
 * strategy in its project (max + 1 in its transaction; a number another server took meanwhile
 * retries), every save gives each of its URLs an `ad_urls` row in the same transaction, and the
 * serving cache forgets the strategy after the commit. `GET .../:id/shares` explains the shares.
 */
export function strategyRoutes(cache: StrategyCache): FastifyPluginAsyncTypebox {
  return async (app) => {
    await app.register(
      entityListRoutes({
        path: '/api/ads/strategies',
        table: 'ads_strategies',
        entity: 'ads-strategy',
        tag: 'ads',
        nameOf: (config) => (typeof config.name === 'string' ? config.name : ''),
        summaryFields: StrategySummaryFields,
        summary: (row, config, extra) =>
          strategySummary(row, config, String(extra.get(row.id)?.serveUrl ?? '')),
        extra: (server, ids) =>
          strategyServeUrls(server.ctx.db, ids, (prefix) => server.deepLinks.baseUrl(prefix)),
        createColumns: async (db, project) => ({ number: await nextStrategyNumber(db, project.id) }),
        retryCreate: isUniqueViolation,
        afterCreate: (db, project, row, config) =>
          saveStrategyUrls(db, project.id, row.id, config, app.ctx.now()),
        afterWrite: async (db, project, before, config) => {
          // A delete takes its URLs, requests and clicks along (ON DELETE CASCADE).
          if (config) await saveStrategyUrls(db, project.id, before.id, config, app.ctx.now());
        },
        afterCommit: (id) => cache.forget(id),
      }),
    );

    app.get(
      '/api/ads/strategies/:id/shares',
      {
        onRequest: requireProject('view'),
        schema: {
          tags: ['ads'],
          security: [{ bearer: [] }],
          summary:
            "A strategy's current shares and why: configured ratios (custom) or the AI's shares over the last 7 days, per language group",
          params: IdParams,
          response: { 200: Envelope(SharesSchema), ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => {
        const project = currentProject(request);
        return ok(await strategySharesAnswer(app.ctx.db, project, request.params.id, app.ctx.now()));
      },
    );
  };
}
