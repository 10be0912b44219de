import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import { errorMessage } from '../errors';
import type { PendingClick } from './clickRows';
import { clickRandom } from './clickId';
import { clickIdOf } from './clickRows';
import { decideRedirect } from './decideRedirect';
import { deviceOf } from './deviceOf';
import type { LinkCache } from './linkCache';
import { clickOf, header, langOf, sendDecision, sendNotFoundPage } from './linkVisit';
import { sendJson, sendText } from './rawResponses';
import type { ResolvedLink } from './resolvedLink';
import { appleAppSiteAssociation, assetLinks, projectExists } from './wellKnown';

/** A link-host path other than a link's, answered on the raw request. */
export type LinkPathHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  target: { prefix: string; path: string; head: boolean },
) => void | Promise<void>;

/** What the link host's requests are answered with. */
export interface LinkHostDeps {
  db: Kysely<Database>;
  cache: Pick<LinkCache, 'peek' | 'get'>;
  clicks: { push(click: PendingClick): void };
  clientIp(req: IncomingMessage): string;
  now(): Date;
  log: FastifyBaseLogger;
  /** Other paths (ads strategies' `/s/`, ...), by path prefix, asked in order. */
  pathHandlers: readonly (readonly [string, LinkPathHandler])[];
}

const LINK_PATH = /^\/([A-Za-z0-9]{6})\/?$/;
const WELL_KNOWN = new Set(['/.well-known/apple-app-site-association', '/.well-known/assetlinks.json']);

/**
 * The link host's request handler for a project's prefix: GET and HEAD of a link (answered at once
 * from the cache, else after one read), the app association files, the other path handlers, and
 * the 404 page for anything else. A failure answers 503 in the visitor's language.
 */
export function linkHostHandler(deps: LinkHostDeps) {
  const { db, cache, clicks, log } = deps;

  /** Decides the visit, queues its click (not for HEAD) and answers it. */
  function answerLink(req: IncomingMessage, res: ServerResponse, link: ResolvedLink | null, head: boolean) {
    if (!link) return sendNotFoundPage(req, res, head);
    const userAgent = header(req, 'user-agent') ?? '';
    const device = deviceOf(userAgent);
    const timeMs = deps.now().getTime();
    const random = clickRandom();
    const decision = decideRedirect(link, device, clickIdOf(timeMs, random));
    if (!head) {
      const visit = { link, device, userAgent, timeMs, random, ip: deps.clientIp(req) };
      clicks.push(clickOf(req, visit, decision));
    }
    sendDecision(req, res, { link, device }, decision, head);
  }

  async function answerWellKnown(
    req: IncomingMessage,
    res: ServerResponse,
    prefix: string,
    path: string,
    head: boolean,
  ) {
    if (!(await projectExists(db, prefix))) return sendNotFoundPage(req, res, head);
    const body = path.endsWith('assetlinks.json')
      ? await assetLinks(db, prefix)
      : await appleAppSiteAssociation(db, prefix);
    sendJson(res, body, head);
  }

  function fail(req: IncomingMessage, res: ServerResponse, error: unknown) {
    log.error({ err: error }, 'redirector failed');
    sendText(res, 503, errorMessage('serviceUnavailable', langOf(req)));
  }

  /** A link: answered synchronously on a cache hit (no promise on the fast path). */
  function visitLink(
    req: IncomingMessage,
    res: ServerResponse,
    prefix: string,
    linkId: string,
    head: boolean,
  ) {
    const cached = cache.peek(prefix, linkId);
    if (cached === undefined) {
      cache
        .get(prefix, linkId)
        .then((link) => answerLink(req, res, link, head))
        .catch((error: unknown) => fail(req, res, error));
      return;
    }
    try {
      answerLink(req, res, cached, head);
    } catch (error) {
      fail(req, res, error);
    }
  }

  /** Another path handler's path; false when none takes it. */
  function otherPath(
    req: IncomingMessage,
    res: ServerResponse,
    target: { prefix: string; path: string; head: boolean },
  ) {
    const found = deps.pathHandlers.find(([pathPrefix]) => target.path.startsWith(pathPrefix));
    if (!found) return false;
    try {
      found[1](req, res, target)?.catch((error: unknown) => fail(req, res, error));
    } catch (error) {
      fail(req, res, error);
    }
    return true;
  }

  return function handle(req: IncomingMessage, res: ServerResponse, prefix: string): void {
    const head = req.method === 'HEAD';
    if (req.method !== 'GET' && !head) return sendNotFoundPage(req, res, false);
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const path = q === -1 ? url : url.slice(0, q);
    const match = LINK_PATH.exec(path);
    if (match) return visitLink(req, res, prefix, match[1], head);
    if (WELL_KNOWN.has(path)) {
      answerWellKnown(req, res, prefix, path, head).catch((error: unknown) => fail(req, res, error));
      return;
    }
    if (!otherPath(req, res, { prefix, path, head })) sendNotFoundPage(req, res, head);
  };
}
