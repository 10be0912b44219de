import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { errorMessage } from '../errors';
import { clientIpOf } from '../http/clientIp';
import { linkBaseUrl } from '../links/linkBaseUrl';
import { ClickQueue } from './clickQueue';
import { KyselyClickWriter } from './clickWriters';
import { WorkerClickWriter } from './workerClickWriter';
import { clickRandom } from './clickId';
import { clickIdOf } from './clickRows';
import { decideRedirect } from './decideRedirect';
import { deviceOf } from './deviceOf';
import { LinkCache } from './linkCache';
import { linkHostMatcher } from './linkHostMatcher';
import { landingPage, launchPage, noDestinationPage, notFoundPage, previewPage } from './linkPages';
import { linkLoader } from './loadResolvedLink';
import { visitorLang } from './pageTexts';
import { sendJson, sendPage, sendRedirect, sendText } from './rawResponses';
import type { ResolvedLink } from './resolvedLink';
import { appleAppSiteAssociation, assetLinks, projectExists } from './wellKnown';

/** The deep-link machinery other routes reach as `app.deepLinks`. */
export interface DeepLinks {
  linkHost: string;
  cache: LinkCache;
  clicks: ClickQueue;
  /** `{scheme}://{prefix}.{LINK_HOST}{:port}` of a project. */
  baseUrl(prefix: string): string;
  /** The link prefix of a Host header, undefined for the console. */
  prefixOf(host: string | undefined): string | undefined;
  /** The visitor's address of a raw link-host request (the socket's peer, TRUST_PROXY aware). */
  clientIp(req: IncomingMessage): string;
  /**
   * Answers link-host GET and HEAD requests whose path starts with `pathPrefix` (e.g. `/s/`, ads
   * strategies) with `handler`, on the same fast path as links; a rejected promise or a throw
   * answers 503 like a link's failure.
   */
  addPathHandler(pathPrefix: string, handler: LinkPathHandler): void;
  /** The 404 page in the visitor's language (what every unknown link-host path gets). */
  sendNotFound(req: IncomingMessage, res: ServerResponse, head: boolean): void;
}

/** A link-host path other than a link's, answered on the raw request. */
export type LinkPathHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  target: { prefix: string; path: string; head: boolean },
) => void | Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    deepLinks: DeepLinks;
  }
}

export interface RedirectorOptions {
  linkHost: string;
  /** How often queued clicks are written (default 1000 ms). */
  clickFlushMs?: number;
  /** Proxies whose X-Forwarded-For names the visitor (as Fastify's `trustProxy`). */
  trustProxy?: string[];
}

/** Answers a raw request when it is for a link host; false leaves it to the console. */
export type RawLinkHandler = (req: IncomingMessage, res: ServerResponse) => boolean;

const LINK_PATH = /^\/([A-Za-z0-9]{6})\/?$/;
const MAX_PARAMS = 30;

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

// A visit is never refused for its query string, but control characters are not kept (PostgreSQL
// cannot store NUL: one such click would fail the whole batch of clicks written with it).
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/g;

function queryParams(url: string): Record<string, string> | null {
  const q = url.indexOf('?');
  if (q === -1 || q === url.length - 1) return null;
  const out: Record<string, string> = {};
  let n = 0;
  for (const [key, value] of new URLSearchParams(url.slice(q + 1))) {
    if (n >= MAX_PARAMS) break;
    const name = key.replace(CONTROL, '').slice(0, 50);
    if (name in out) continue;
    out[name] = value.replace(CONTROL, '').slice(0, 200);
    n += 1;
  }
  return n === 0 ? null : out;
}

/** The language of the visitor's pages (a redirect has none: it is asked only for pages). */
function langOf(req: IncomingMessage) {
  return visitorLang(header(req, 'accept-language'));
}

function countryOf(req: IncomingMessage): string | null {
  const raw = header(req, 'cf-ipcountry') ?? header(req, 'x-country-code');
  const code = raw?.trim().toUpperCase();
  return code && /^[A-Z]{2}$/.test(code) && code !== 'XX' ? code : null;
}

/**
 * The redirector: requests for `{prefix}.{LINK_HOST}` are answered on the raw response, before
 * any console route (no per-request log, no database read on a cache hit). The returned handler
 * runs ahead of Fastify on a listening server (see `linkServerFactory`); the onRequest hook
 * added here answers the same requests when they come through Fastify (app.inject, or a server
 * built without the factory).
 */
export async function registerRedirector(
  app: FastifyInstance,
  options: RedirectorOptions,
): Promise<RawLinkHandler> {
  const { db, publicUrl } = app.ctx;
  const linkHost = options.linkHost.trim().toLowerCase();
  const cache = new LinkCache({ load: linkLoader(db, publicUrl, linkHost) });
  const inline = () => new KyselyClickWriter(db, app.log);
  const { sqliteFile } = app.ctx;
  const clicks = new ClickQueue({
    // SQLite's driver is synchronous: its inserts go to a thread of their own.
    writer: sqliteFile
      ? new WorkerClickWriter({ file: sqliteFile, log: app.log, fallback: inline })
      : inline(),
    log: app.log,
    intervalMs: options.clickFlushMs,
  });
  const prefixOf = linkHostMatcher(linkHost, publicUrl);
  const clientIp = clientIpOf(options.trustProxy, (peer) =>
    app.log.warn(
      { peer },
      'a link request came with X-Forwarded-For, which is ignored while TRUST_PROXY is unset: ' +
        'behind a reverse proxy every click has the proxy address until TRUST_PROXY lists it',
    ),
  );
  const pathHandlers: [string, LinkPathHandler][] = [];
  const sendNotFound = (req: IncomingMessage, res: ServerResponse, head: boolean) =>
    sendPage(res, 404, notFoundPage(langOf(req)), head);
  app.decorate('deepLinks', {
    linkHost,
    cache,
    clicks,
    baseUrl: (prefix: string) => linkBaseUrl(publicUrl, linkHost, prefix),
    prefixOf,
    clientIp,
    addPathHandler(pathPrefix, handler) {
      pathHandlers.push([pathPrefix, handler]);
    },
    sendNotFound,
  } satisfies DeepLinks);
  app.addHook('onClose', async () => clicks.close());

  function answerLink(req: IncomingMessage, res: ServerResponse, link: ResolvedLink | null, head: boolean) {
    if (!link) return sendPage(res, 404, notFoundPage(langOf(req)), head);
    const userAgent = header(req, 'user-agent') ?? '';
    const device = deviceOf(userAgent);
    const timeMs = app.ctx.now().getTime();
    const random = clickRandom();
    const decision = decideRedirect(link, device, clickIdOf(timeMs, random));
    if (!head) {
      const params = queryParams(req.url ?? '');
      clicks.push({
        timeMs,
        random,
        projectId: link.projectId,
        linkRowId: link.id,
        device,
        ip: clientIp(req),
        userAgent,
        referrer: header(req, 'referer')?.slice(0, 500) ?? null,
        country: countryOf(req),
        channel: (params?.channel || params?.utm_source || link.utmSource || 'direct').slice(0, 100),
        params,
        outcome: decision.outcome,
      });
    }
    switch (decision.kind) {
      case 'redirect':
        return sendRedirect(res, decision.url);
      case 'launch':
        return sendPage(res, 200, launchPage(langOf(req), decision.scheme, decision.fallback), head);
      case 'landing':
        return sendPage(res, 200, landingPage(langOf(req), device.platform === 'ios'), head);
      case 'preview':
        return sendPage(
          res,
          200,
          previewPage(langOf(req), { ...link.share, url: link.url, fallbackTitle: link.name }),
          head,
        );
      default:
        // The link exists: its visitor is told it has no destination yet, not that it is unknown.
        return sendPage(res, 404, noDestinationPage(langOf(req)), head);
    }
  }

  async function answerWellKnown(
    req: IncomingMessage,
    res: ServerResponse,
    prefix: string,
    path: string,
    head: boolean,
  ) {
    if (!(await projectExists(db, prefix))) {
      return sendPage(res, 404, notFoundPage(langOf(req)), head);
    }
    const body = path.endsWith('assetlinks.json')
      ? await assetLinks(db, prefix)
      : await appleAppSiteAssociation(db, prefix);
    sendJson(res, body, head);
  }

  function fail(req: IncomingMessage, res: ServerResponse, error: unknown) {
    app.log.error({ err: error }, 'redirector failed');
    sendText(res, 503, errorMessage('serviceUnavailable', langOf(req)));
  }

  function handle(req: IncomingMessage, res: ServerResponse, prefix: string) {
    const head = req.method === 'HEAD';
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const path = q === -1 ? url : url.slice(0, q);
    if (req.method !== 'GET' && !head) {
      return sendPage(res, 404, notFoundPage(langOf(req)), false);
    }
    const match = LINK_PATH.exec(path);
    if (match) {
      const linkId = match[1];
      const cached = cache.peek(prefix, linkId);
      if (cached !== undefined) {
        try {
          answerLink(req, res, cached, head);
        } catch (error) {
          fail(req, res, error);
        }
        return;
      }
      cache
        .get(prefix, linkId)
        .then((link) => answerLink(req, res, link, head))
        .catch((error: unknown) => fail(req, res, error));
      return;
    }
    if (path === '/.well-known/apple-app-site-association' || path === '/.well-known/assetlinks.json') {
      answerWellKnown(req, res, prefix, path, head).catch((error: unknown) => fail(req, res, error));
      return;
    }
    for (const [pathPrefix, handler] of pathHandlers) {
      if (!path.startsWith(pathPrefix)) continue;
      try {
        handler(req, res, { prefix, path, head })?.catch((error: unknown) => fail(req, res, error));
      } catch (error) {
        fail(req, res, error);
      }
      return;
    }
    sendNotFound(req, res, head);
  }

  app.addHook('onRequest', function redirector(request, reply, done) {
    const prefix = prefixOf(request.headers.host);
    if (prefix === undefined) return done();
    reply.hijack();
    handle(request.raw, reply.raw, prefix);
    done();
  });

  return (req, res) => {
    const prefix = prefixOf(req.headers.host);
    if (prefix === undefined) return false;
    handle(req, res, prefix);
    return true;
  };
}
