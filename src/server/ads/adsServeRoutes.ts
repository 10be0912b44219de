import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type Static } from 'typebox';
import { AppError } from '../errors';
import { allowAnyOrigin, preflightRoutes } from '../http/cors';
import { Envelope, errorResponses, ok } from '../http/envelope';
import { notFoundPage } from '../redirect/linkPages';
import { visitorLang } from '../redirect/pageTexts';
import { followClick } from './adClick';
import { serveAd, type ServeInput } from './serveAd';
import type { ServeQueue } from './serveQueue';
import type { StrategyCache } from './strategyCache';

const PublicId = (description: string) =>
  Type.String({ minLength: 1, maxLength: 64, singleLine: true, description });

const ServeQuerySchema = Type.Object({
  vid: Type.Optional(
    Type.String({ maxLength: 64, description: "The site's own visitor id (else address + User-Agent)" }),
  ),
  lang: Type.Optional(
    Type.String({ maxLength: 100, description: 'The visitor language (else Accept-Language)' }),
  ),
  page: Type.Optional(
    Type.String({ maxLength: 2000, description: 'The page the ad is shown on (else Referer)' }),
  ),
});

const ServeAnswer = Type.Object({
  requestId: Type.String({ description: 'The request (also the click id the network echoes back)' }),
  url: Type.String({ description: 'The address to open: records the click, then redirects to target' }),
  target: Type.String({ description: "The ad's address with the click id parameter" }),
});

function sendNotFoundPage(request: FastifyRequest, reply: FastifyReply) {
  const page = notFoundPage(visitorLang(request.headers['accept-language']));
  return reply
    .code(404)
    .header('cache-control', 'no-store')
    .header('content-security-policy', page.csp)
    .type('text/html; charset=utf-8')
    .send(page.html);
}

type ServeRequest = Pick<FastifyRequest, 'headers' | 'ip' | 'method'> & {
  query: Static<typeof ServeQuerySchema>;
};

/** An API serve of a request: the visitor as the query and headers describe it. */
function apiServe(request: ServeRequest, timeMs: number): ServeInput {
  const { vid, lang, page } = request.query;
  return {
    vid,
    lang,
    page,
    acceptLanguage: request.headers['accept-language'],
    referer: request.headers.referer,
    userAgent: request.headers['user-agent'] ?? '',
    ip: () => request.ip,
    timeMs,
    source: 'api',
    record: request.method !== 'HEAD',
    click: false,
  };
}

/**
 * The public serving API (no login; CORS any origin, like the web SDK's routes): a serve picks
 * the visitor's URL and answers it with the click address, a click records itself once and
 * redirects. Serves are counted in the serve queue (no write on the answer's path); a click is
 * written in its own transaction, once per request.
 */
export function adsServeRoutes(cache: StrategyCache, queue: ServeQueue): FastifyPluginAsyncTypebox {
  return async (app) => {
    const tags = ['ads serving'];
    const { publicUrl } = app.ctx;
    preflightRoutes(app, ['/api/ads/v1/serve/:strategyId'], { methods: 'GET', headers: 'x-lang' });

    app.get(
      '/api/ads/v1/serve/:strategyId',
      {
        onSend: allowAnyOrigin,
        schema: {
          tags,
          summary:
            'An ad of a strategy for this visitor (the same visitor keeps its URL); 404 ads.noAd when there is none (module off, page or language without URLs: the request is recorded)',
          params: Type.Object({ strategyId: PublicId('The strategy') }),
          querystring: ServeQuerySchema,
          response: { 200: Envelope(ServeAnswer), ...errorResponses(400, 404) },
        },
      },
      async (request, reply) => {
        const strategy = await cache.get(request.params.strategyId);
        if (!strategy) throw new AppError('notFound');
        reply.header('cache-control', 'no-store');
        const served = serveAd(strategy, apiServe(request, app.ctx.now().getTime()), queue);
        if (!served.target) throw new AppError('ads.noAd');
        return ok({
          requestId: served.requestId,
          url: `${publicUrl}/api/ads/v1/click/${served.requestId}`,
          target: served.target,
        });
      },
    );

    app.get(
      '/api/ads/v1/click/:requestId',
      {
        onSend: allowAnyOrigin,
        schema: {
          tags,
          summary:
            'Follows a served ad: records the click (once per request), 302 to its address with the click id; an unknown or unmatched request is the 404 page',
          params: Type.Object({ requestId: PublicId('The request a serve answered') }),
        },
      },
      async (request, reply) => {
        const location = await followClick(request.params.requestId, {
          db: app.ctx.db,
          cache,
          queue,
          now: app.ctx.now,
          record: request.method !== 'HEAD',
        });
        if (!location) return sendNotFoundPage(request, reply);
        return reply.code(302).header('location', location).header('cache-control', 'no-store').send();
      },
    );
  };
}
