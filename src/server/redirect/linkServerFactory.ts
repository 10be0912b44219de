import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { FastifyServerFactory } from 'fastify';
import { normalizeLang } from '../../engine/validation/lang';
import { errorMessage } from '../errors';
import type { RawLinkHandler } from './registerRedirector';

// While the app closes, requests still arriving on open connections get the envelope (Fastify
// would answer its own raw 503 body).
function sendClosing(req: IncomingMessage, res: ServerResponse): void {
  const header = req.headers['x-lang'];
  const lang = normalizeLang(Array.isArray(header) ? header[0] : header);
  const body = JSON.stringify({
    code: 503,
    msg: errorMessage('serviceUnavailable', lang),
    data: { error: 'serviceUnavailable' },
  });
  res.writeHead(503, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    connection: 'close',
  });
  res.end(body);
}

/**
 * A Fastify `serverFactory` whose HTTP server lets the redirector answer link hosts before
 * Fastify sees the request (no routing, request objects or hooks on the hot path); every other
 * request goes to Fastify unchanged. `setLinkHandler` plugs the redirector in once it exists.
 */
export function linkServerFactory(): {
  serverFactory: FastifyServerFactory;
  setLinkHandler(handler: RawLinkHandler): void;
  /** From now on every request answers 503 `serviceUnavailable` (the app is closing). */
  markClosing(): void;
} {
  let linkHandler: RawLinkHandler | undefined;
  let closing = false;
  const serverFactory: FastifyServerFactory = (fastifyHandler, options) => {
    const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
      if (closing) return sendClosing(req, res);
      if (linkHandler?.(req, res)) return;
      fastifyHandler(req, res);
    });
    // What Fastify sets on the servers it creates itself.
    const settings = options as {
      keepAliveTimeout?: number;
      requestTimeout?: number;
      connectionTimeout?: number;
    };
    if (settings.keepAliveTimeout !== undefined) server.keepAliveTimeout = settings.keepAliveTimeout;
    if (settings.requestTimeout !== undefined) server.requestTimeout = settings.requestTimeout;
    if (settings.connectionTimeout !== undefined) server.setTimeout(settings.connectionTimeout);
    return server;
  };
  return {
    serverFactory,
    setLinkHandler(handler) {
      linkHandler = handler;
    },
    markClosing() {
      closing = true;
    },
  };
}
