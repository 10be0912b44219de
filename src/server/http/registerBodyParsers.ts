import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route reads its body's exact text too (`request.rawBody`): a signature covers it. */
    rawBody?: boolean;
  }
  interface FastifyRequest {
    /** The body as received, on `rawBody` routes. */
    rawBody?: string;
  }
}

// A route without a body schema (logout, delete, copy, preview token...) takes no body.
const takesNoBody = (request: FastifyRequest) => !request.routeOptions.schema?.body;

/**
 * Body parsing beyond Fastify's defaults. An action that takes no body ignores whatever body
 * comes with it, whatever its content type: many clients send `Content-Type: application/json`
 * with an empty body on every call, and logout must revoke the token whatever the client sent.
 * A route that declares a body still answers 400 `invalidJson` to an empty or broken JSON body
 * and 415 to a content type other than JSON or text. Routes marked `textBodyAsJson` (the web
 * SDK's) read a `text/plain` body as JSON, with the same 400 when it is not.
 */
export function registerBodyParsers(app: FastifyInstance): void {
  const json = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (takesNoBody(request)) done(null, undefined);
    else {
      if (request.routeOptions.config?.rawBody) request.rawBody = body as string;
      json(request, body as string, done);
    }
  });
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (request, body, done) => {
    if (takesNoBody(request)) done(null, undefined);
    // The web SDK's beacons (`textBodyAsJson` routes, see http/cors.ts) send JSON as text.
    else if (request.routeOptions.config?.textBodyAsJson)
      json(request, body as string, (error, parsed) => {
        // A refused text stays on the request for the SDK's request log (it logs refusals too).
        if (error) request.body = body;
        done(error, parsed);
      });
    else done(null, body);
  });
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (request, _body, done) => {
    if (takesNoBody(request)) done(null, undefined);
    else done(new AppError('unsupportedMediaType'), undefined);
  });
}
