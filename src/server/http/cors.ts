import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A body sent as `text/plain` is read as JSON: `navigator.sendBeacon` and CORS "simple"
     * requests (no preflight) can only send text.
     */
    textBodyAsJson?: boolean;
  }
}

/**
 * Route `onSend` hook of the routes any web page may call (the web SDK's): every answer, errors
 * included, carries `Access-Control-Allow-Origin: *`. They take no cookies, so no credentials.
 */
export async function allowAnyOrigin(_request: FastifyRequest, reply: FastifyReply): Promise<void> {
  reply.header('access-control-allow-origin', '*');
}

/**
 * `OPTIONS` preflight answers for routes any origin may call: 204 with the methods and request
 * headers allowed, remembered by the browser for a day.
 */
export function preflightRoutes(
  app: FastifyInstance,
  urls: string[],
  allow: { methods: string; headers: string },
): void {
  for (const url of urls)
    app.options(
      url,
      {
        schema: {
          tags: ['cors'],
          summary: `CORS preflight: 204, any origin may ${allow.methods} with ${allow.headers}`,
        },
      },
      async (_request, reply) =>
        reply
          .code(204)
          .header('access-control-allow-origin', '*')
          .header('access-control-allow-methods', allow.methods)
          .header('access-control-allow-headers', allow.headers)
          .header('access-control-max-age', '86400')
          .send(),
    );
}
