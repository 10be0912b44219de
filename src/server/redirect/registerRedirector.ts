import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errorMessage } from '../errors';
import { randomId } from '../db/randomId';
import { linkBaseUrl } from '../links/linkBaseUrl';
import { ClickQueue } from './clickQueue';
import { decideRedirect } from './decideRedirect';
import { deviceOf } from './deviceOf';
import { LinkCache } from './linkCache';
import { linkHostMatcher } from './linkHostMatcher';
import { landingPage, launchPage, notFoundPage, previewPage, type Page } from './linkPages';
import { linkLoader } from './loadResolvedLink';
import { visitorLang } from './pageTexts';
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
}

declare module 'fastify' {
  interface FastifyInstance {
    deepLinks: DeepLinks;
  }
}

export interface RedirectorOptions {
  linkHost: string;
}

const LINK_PATH = /^\/([A-Za-z0-9]{6})\/?$/;
const MAX_PARAMS = 30;

const COMMON_HEADERS = {
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
};

function sendPage(res: ServerResponse, status: number, page: Page, head: boolean) {
  const body = Buffer.from(page.html);
  res.writeHead(status, {
    ...COMMON_HEADERS,
    'content-type': 'text/html; charset=utf-8',
    'content-length': body.length,
    'content-security-policy': page.csp,
  });
  res.end(head ? undefined : body);
}

function sendJson(res: ServerResponse, value: unknown, head: boolean) {
  const body = Buffer.from(JSON.stringify(value));
  res.writeHead(200, {
    'content-type': 'application/json',
    'content-length': body.length,
    'cache-control': 'public, max-age=300',
    'x-content-type-options': 'nosniff',
  });
  res.end(head ? undefined : body);
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function queryParams(request: FastifyRequest): Record<string, string> | null {
  const query = request.query as Record<string, unknown> | undefined;
  if (!query) return null;
  const out: Record<string, string> = {};
  let n = 0;
  for (const [key, raw] of Object.entries(query)) {
    if (n++ >= MAX_PARAMS) break;
    const value = Array.isArray(raw) ? raw[0] : raw;
    if (typeof value === 'string') out[key.slice(0, 50)] = value.slice(0, 200);
  }
  return n === 0 ? null : out;
}

function countryOf(request: FastifyRequest): string | null {
  const raw = header(request, 'cf-ipcountry') ?? header(request, 'x-country-code');
  const code = raw?.trim().toUpperCase();
  return code && /^[A-Z]{2}$/.test(code) && code !== 'XX' ? code : null;
}

/**
 * The redirector: requests for `{prefix}.{LINK_HOST}` are answered here, in the first onRequest
 * hook, straight on the raw response (no console route, no per-request log, no database read on
 * a cache hit). Registered without encapsulation so `app.deepLinks` is shared.
 */
export async function registerRedirector(app: FastifyInstance, options: RedirectorOptions): Promise<void> {
  const { db, publicUrl } = app.ctx;
  const linkHost = options.linkHost.trim().toLowerCase();
  const cache = new LinkCache({ load: linkLoader(db, publicUrl, linkHost) });
  const clicks = new ClickQueue({ db, log: app.log });
  const prefixOf = linkHostMatcher(linkHost, publicUrl);
  app.decorate('deepLinks', {
    linkHost,
    cache,
    clicks,
    baseUrl: (prefix: string) => linkBaseUrl(publicUrl, linkHost, prefix),
    prefixOf,
  } satisfies DeepLinks);
  app.addHook('onClose', async () => clicks.close());

  function answerLink(
    request: FastifyRequest,
    res: ServerResponse,
    link: ResolvedLink | null,
    head: boolean,
  ) {
    const lang = visitorLang(header(request, 'accept-language'));
    if (!link) return sendPage(res, 404, notFoundPage(lang), head);
    const userAgent = header(request, 'user-agent') ?? '';
    const device = deviceOf(userAgent);
    const clickId = randomId();
    const decision = decideRedirect(link, device, clickId);
    if (!head) {
      const params = queryParams(request);
      clicks.push({
        id: clickId,
        projectId: link.projectId,
        linkRowId: link.id,
        time: app.ctx.now().toISOString(),
        device,
        ip: request.ip ?? '',
        userAgent,
        referrer: header(request, 'referer')?.slice(0, 500) ?? null,
        country: countryOf(request),
        channel: (params?.channel || params?.utm_source || link.utmSource || 'direct').slice(0, 100),
        params,
        outcome: decision.outcome,
      });
    }
    switch (decision.kind) {
      case 'redirect':
        res.writeHead(302, { ...COMMON_HEADERS, location: decision.url, 'content-length': 0 });
        res.end();
        return;
      case 'launch':
        return sendPage(res, 200, launchPage(lang, decision.scheme, decision.fallback), head);
      case 'landing':
        return sendPage(res, 200, landingPage(lang, device.platform === 'ios'), head);
      case 'preview':
        return sendPage(
          res,
          200,
          previewPage(lang, { ...link.share, url: link.url, fallbackTitle: link.name }),
          head,
        );
      default:
        return sendPage(res, 404, notFoundPage(lang), head);
    }
  }

  async function answerWellKnown(
    request: FastifyRequest,
    res: ServerResponse,
    prefix: string,
    path: string,
    head: boolean,
  ) {
    if (!(await projectExists(db, prefix))) {
      return sendPage(res, 404, notFoundPage(visitorLang(header(request, 'accept-language'))), head);
    }
    const body = path.endsWith('assetlinks.json')
      ? await assetLinks(db, prefix)
      : await appleAppSiteAssociation(db, prefix);
    sendJson(res, body, head);
  }

  function fail(request: FastifyRequest, res: ServerResponse, error: unknown) {
    app.log.error({ err: error }, 'redirector failed');
    if (res.headersSent) return void res.end();
    const lang = visitorLang(header(request, 'accept-language'));
    const text = errorMessage('serviceUnavailable', lang);
    res.writeHead(503, { ...COMMON_HEADERS, 'content-type': 'text/plain; charset=utf-8' });
    res.end(text);
  }

  app.addHook('onRequest', function redirector(request, reply, done) {
    const prefix = prefixOf(request.headers.host);
    if (prefix === undefined) return done();
    reply.hijack();
    const res = reply.raw;
    const head = request.method === 'HEAD';
    const url = request.url;
    const q = url.indexOf('?');
    const path = q === -1 ? url : url.slice(0, q);
    const lang = () => visitorLang(header(request, 'accept-language'));
    if (request.method !== 'GET' && !head) {
      sendPage(res, 404, notFoundPage(lang()), false);
      return done();
    }
    const match = LINK_PATH.exec(path);
    if (match) {
      const linkId = match[1];
      const cached = cache.peek(prefix, linkId);
      if (cached !== undefined) {
        try {
          answerLink(request, res, cached, head);
        } catch (error) {
          fail(request, res, error);
        }
      } else {
        cache
          .get(prefix, linkId)
          .then((link) => answerLink(request, res, link, head))
          .catch((error: unknown) => fail(request, res, error));
      }
    } else if (
      path === '/.well-known/apple-app-site-association' ||
      path === '/.well-known/assetlinks.json'
    ) {
      answerWellKnown(request, res, prefix, path, head).catch((error: unknown) => fail(request, res, error));
    } else {
      sendPage(res, 404, notFoundPage(lang()), head);
    }
    done();
  });
}
