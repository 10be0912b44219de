import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { FastifyServerFactory } from 'fastify';
import type { RawLinkHandler } from './registerRedirector';

/**
 * A Fastify `serverFactory` whose HTTP server lets the redirector answer link hosts before
 * Fastify sees the request (no routing, request objects or hooks on the hot path); every other
 * request goes to Fastify unchanged. `setLinkHandler` plugs the redirector in once it exists.
 */
export function linkServerFactory(): {
  serverFactory: FastifyServerFactory;
  setLinkHandler(handler: RawLinkHandler): void;
} {
  let linkHandler: RawLinkHandler | undefined;
  const serverFactory: FastifyServerFactory = (fastifyHandler, options) => {
    const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
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
  };
}
