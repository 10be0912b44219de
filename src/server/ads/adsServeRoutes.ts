import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { AppError } from '../errors';
import { allowAnyOrigin, preflightRoutes } from '../http/cors';
import { Envelope, errorResponses, ok } from '../http/envelope';
import { safeHttpUrl } from '../links/safeHttpUrl';
import { notFoundPage } from '../redirect/linkPages';
import { visitorLang } from '../redirect/pageTexts';
import { quarterOf } from './requestIds';
import { resolveRequest } from './resolveRequest';
import { serveAd } from './serveAd';
import { addServeCounts } from './serveCounts';
import type { ServeQueue } from './serveQueue';
import { splitTarget, targetOf } from './servedStrategy';
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
        const { vid, lang, page } = request.query;
        const served = serveAd(
          strategy,
          {
            vid,
            lang,
            page,
            acceptLanguage: request.headers['accept-language'],
            referer: request.headers.referer,
            userAgent: request.headers['user-agent'] ?? '',
            ip: () => request.ip,
            timeMs: app.ctx.now().getTime(),
            source: 'api',
            record: request.method !== 'HEAD',
            click: false,
          },
          queue,
        );
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
        const { requestId } = request.params;
        // Another server on the database may have served it moments ago: its count is waited for.
        const found = await resolveRequest(app.ctx.db, requestId, {
          queue,
          now: () => app.ctx.now().getTime(),
        });
        if (!found) return sendNotFoundPage(request, reply);
        const strategy = await cache.get(found.strategyId);
        if (!strategy) return sendNotFoundPage(request, reply);
        let url = strategy.byUrlId.get(found.urlId);
        if (!url) {
          // The URL has left the strategy since the serve: its row still names it.
          const row = await app.ctx.db
            .selectFrom('ad_urls')
            .select('url')
            .where('id', '=', found.urlId)
            .where('strategy_id', '=', strategy.id)
            .executeTakeFirst();
          const safe = safeHttpUrl(row?.url);
          if (!row || !safe) return sendNotFoundPage(request, reply);
          url = { url: row.url, urlId: found.urlId, ...splitTarget(safe, strategy.clickIdParam) };
        }
        // A link-host serve was counted as followed when it was served; an API serve's first
        // click counts once (its row), in the serve's own quarter hour, with its row.
        if (request.method !== 'HEAD' && found.source === 'api')
          await app.ctx.db.transaction().execute(async (trx) => {
            const first = await trx
              .insertInto('ad_clicks')
              .values({
                request_id: requestId,
                project_id: found.projectId,
                strategy_id: found.strategyId,
                time: app.ctx.now().toISOString(),
              })
              .onConflict((oc) => oc.column('request_id').doNothing())
              .executeTakeFirst();
            if (Number(first.numInsertedOrUpdatedRows ?? 0) === 0) return;
            await addServeCounts(trx, [
              {
                projectId: found.projectId,
                strategyId: found.strategyId,
                urlId: found.urlId,
                quarter: quarterOf(found.timeMs),
                domain: found.domain,
                requests: 0,
                clicks: 1,
              },
            ]);
          });
        return reply
          .code(302)
          .header('location', targetOf(url, strategy.clickIdParam, requestId))
          .header('cache-control', 'no-store')
          .send();
      },
    );
  };
}
