import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { AdsStrategyConfig } from '../../engine/ads/strategyUrls';
import { AppError } from '../errors';
import { isUniqueViolation } from '../db/isUniqueViolation';
import { Envelope, errorResponses, ok } from '../http/envelope';
import { IdParams } from '../http/fields';
import { entityListRoutes, type ListConfig } from '../lists/entityListRoutes';
import { currentProject, requireProject } from '../plugins/auth';
import { adUrlIds, configUrls, upsertAdUrls } from './adUrls';
import { STRATEGY_PATH_PREFIX } from './strategyLinkHost';
import type { StrategyCache } from './strategyCache';
import { shareSeed, shareWindow, strategyShares, urlFigures } from './strategyShares';

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

const asConfig = (config: ListConfig) => config as unknown as AdsStrategyConfig;

/** A strategy's summary; `serveUrl` comes from the page's extra data. */
function strategySummary(row: { name: string; number?: unknown }, config: ListConfig, serveUrl: string) {
  const strategy = asConfig(config);
  const enabled = (strategy.languages ?? []).filter((entry) => entry.enabled);
  return {
    number: Number(row.number ?? 0),
    name: row.name,
    type: strategy.type === 'by-language' ? ('by-language' as const) : ('general' as const),
    distribution: strategy.distribution === 'ai' ? ('ai' as const) : ('custom' as const),
    urlCount:
      strategy.type === 'by-language'
        ? enabled.reduce((n, entry) => n + (entry.urls?.length ?? 0), 0)
        : (strategy.urls?.length ?? 0),
    languages: strategy.type === 'by-language' ? enabled.map((entry) => entry.language) : [],
    serveUrl,
  };
}

/** The serve URLs of strategies, by id. */
async function serveUrls(app: FastifyInstance, ids: string[]) {
  const out = new Map<string, Record<string, unknown>>();
  if (ids.length === 0) return out;
  const rows = await app.ctx.db
    .selectFrom('ads_strategies')
    .innerJoin('projects', 'projects.id', 'ads_strategies.project_id')
    .select(['ads_strategies.id as id', 'projects.domain_prefix as prefix'])
    .where('ads_strategies.id', 'in', ids)
    .execute();
  for (const row of rows)
    out.set(row.id, { serveUrl: `${app.deepLinks.baseUrl(row.prefix)}${STRATEGY_PATH_PREFIX}${row.id}` });
  return out;
}

/**
 * Monetisation strategies (entity/ads-strategy): reads view, writes edit. A create numbers the
 * strategy in its project (max + 1 in its transaction; a number another server took meanwhile
 * retries), every save gives each of its URLs an `ad_urls` row in the same transaction, and the
 * serving cache forgets the strategy after the commit. `GET .../:id/shares` explains the shares.
 */
export function strategyRoutes(cache: StrategyCache): FastifyPluginAsyncTypebox {
  return async (app) => {
    const now = () => app.ctx.now().toISOString();

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
        extra: serveUrls,
        createColumns: async (db, project) => {
          const top = await db
            .selectFrom('ads_strategies')
            .select((eb) => eb.fn.max('number').as('top'))
            .where('project_id', '=', project.id)
            .executeTakeFirst();
          return { number: Number(top?.top ?? 0) + 1 };
        },
        retryCreate: isUniqueViolation,
        afterCreate: (db, project, row, config) =>
          upsertAdUrls(db, project.id, row.id, configUrls(asConfig(config)), now()),
        afterWrite: async (db, project, before, config) => {
          // A delete takes its URLs, requests and clicks along (ON DELETE CASCADE).
          if (config) await upsertAdUrls(db, project.id, before.id, configUrls(asConfig(config)), now());
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
        const { db } = app.ctx;
        const row = await db
          .selectFrom('ads_strategies')
          .select(['id', 'config'])
          .where('id', '=', request.params.id)
          .where('project_id', '=', project.id)
          .executeTakeFirst();
        if (!row) throw new AppError('notFound');
        const config = JSON.parse(row.config) as AdsStrategyConfig;
        const window = shareWindow(app.ctx.now(), project.rollupTimeZone);
        const [urlIds, figures] = await Promise.all([
          adUrlIds(db, row.id),
          urlFigures(
            db,
            { id: row.id, projectId: project.id },
            window.fromDay,
            window.toDay,
            project.rollupTimeZone,
          ),
        ]);
        return ok({
          distribution: config.distribution === 'ai' ? ('ai' as const) : ('custom' as const),
          window: { from: window.from, to: window.to },
          urls: strategyShares(config, urlIds, figures, shareSeed(row.id, window.toDay)),
        });
      },
    );
  };
}
