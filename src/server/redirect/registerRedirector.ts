import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { clientIpOf } from '../http/clientIp';
import { linkBaseUrl } from '../links/linkBaseUrl';
import { ClickQueue } from './clickQueue';
import { KyselyClickWriter } from './clickWriters';
import { WorkerClickWriter } from './workerClickWriter';
import { LinkCache } from './linkCache';
import { linkHostHandler, type LinkPathHandler } from './linkHostHandler';
import { linkHostMatcher } from './linkHostMatcher';
import { linkLoader } from './loadResolvedLink';
import { sendNotFoundPage } from './linkVisit';

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
    sendNotFound: sendNotFoundPage,
  } satisfies DeepLinks);
  app.addHook('onClose', async () => clicks.close());

  const handle = linkHostHandler({
    db,
    cache,
    clicks,
    clientIp,
    now: app.ctx.now,
    log: app.log,
    pathHandlers,
  });

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
