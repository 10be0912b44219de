import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { sendRedirect } from '../redirect/rawResponses';
import type { LinkPathHandler } from '../redirect/linkHostHandler';
import { serveAd } from './serveAd';
import { serveQuery } from './serveQuery';
import type { ServeQueue } from './serveQueue';
import type { ServedStrategy } from './servedStrategy';
import type { StrategyCache } from './strategyCache';

/** The path of a strategy's serve URL on a link host. */
export const STRATEGY_PATH_PREFIX = '/s/';
const STRATEGY_PATH = /^\/s\/([A-Za-z0-9_-]{1,64})\/?$/;

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * `GET {prefix}.{LINK_HOST}/s/:strategyId?vid=&lang=&page=` on the redirector's fast path: the
 * visitor's URL (plus the click id parameter) as a raw 302, the request and its click counted;
 * no ad (module off, page not matching, no URLs for the language) -> the request counted, 302 to
 * the redirect settings' default or the 404 page. A strategy of another project than the host's,
 * or none, is the 404 page. Targets are the strategy's checked http(s) URLs only: never an open
 * redirect. HEAD answers the same and records nothing.
 */
export function strategyLinkHost(
  app: FastifyInstance,
  cache: StrategyCache,
  queue: ServeQueue,
): LinkPathHandler {
  const { deepLinks } = app;

  function answer(
    req: IncomingMessage,
    res: ServerResponse,
    prefix: string,
    strategy: ServedStrategy | null,
    head: boolean,
  ) {
    if (!strategy || strategy.prefix !== prefix) return deepLinks.sendNotFound(req, res, head);
    const query = serveQuery(req.url ?? '');
    const { target } = serveAd(
      strategy,
      {
        vid: query.vid,
        lang: query.lang,
        page: query.page,
        acceptLanguage: header(req, 'accept-language'),
        referer: header(req, 'referer'),
        userAgent: header(req, 'user-agent') ?? '',
        ip: () => deepLinks.clientIp(req),
        timeMs: app.ctx.now().getTime(),
        source: 'redirect',
        record: !head,
        click: true,
      },
      queue,
    );
    if (target) return sendRedirect(res, target);
    if (strategy.fallbackUrl) return sendRedirect(res, strategy.fallbackUrl);
    return deepLinks.sendNotFound(req, res, head);
  }

  return (req, res, { prefix, path, head }) => {
    const match = STRATEGY_PATH.exec(path);
    if (!match) return deepLinks.sendNotFound(req, res, head);
    const cached = cache.peek(match[1]);
    if (cached !== undefined) return answer(req, res, prefix, cached, head);
    return cache.get(match[1]).then((strategy) => answer(req, res, prefix, strategy, head));
  };
}
