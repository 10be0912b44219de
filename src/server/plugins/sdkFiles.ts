import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { sendNotFound } from '../http/errorHandler';
import { SDK_TARBALL } from '../../sdk/web/version';

/**
 * The web SDK's files (built by `src/build/sdkBuild.ts` into `{WEB_DIR}/sdk/v1/`): the script-tag
 * builds, the ES module, its types and the npm tarball of the last two. Nothing else is served.
 */
export const SDK_FILES: ReadonlySet<string> = new Set([
  'gc.js',
  'gc-banner.js',
  'gc.mjs',
  'gc.d.ts',
  SDK_TARBALL,
]);

/** Under the major version: fixes arrive within the hour; under the exact version: forever. */
const MAJOR_CACHE = 'public, max-age=3600, stale-while-revalidate=86400';
const EXACT_CACHE = 'public, max-age=31536000, immutable';
// The build's version.json is read again at most this often (a rebuild under a running server).
const VERSION_TTL_MS = 5_000;

function contentTypeOf(file: string): string {
  if (file.endsWith('.d.ts')) return 'text/plain; charset=utf-8';
  if (file.endsWith('.tgz')) return 'application/gzip';
  return 'text/javascript; charset=utf-8';
}

/**
 * `GET /sdk/v1/:file` and `GET /sdk/<exact version>/:file`: the web SDK's files from
 * `{webDir}/sdk/v1/` for script tags, ESM imports and `npm install` on any site
 * (`Access-Control-Allow-Origin: *`), brotli or gzip by Accept-Encoding from the `.br`/`.gz` files
 * beside them (as the console's assets, @fastify/static `preCompressed`, each variant with its
 * ETag), cached an hour under the major version and a year under the exact version that
 * `{webDir}/sdk/version.json` names; `GET /sdk/version.json` itself, revalidated on every use.
 * Any other name or version, and anything else under /sdk/, answers 404.
 */
export const sdkFiles: FastifyPluginAsync<{ webDir: string }> = async (app, options) => {
  const sdkDir = join(options.webDir, 'sdk');
  const root = join(sdkDir, 'v1');
  // Its own instance, not serving routes itself: `reply.sendFile` of this plugin only.
  await app.register(fastifyStatic, {
    root,
    serve: false,
    preCompressed: true,
    // The SDK may be built after the server started.
    suppressWarning: true,
  });

  let version: { value: string | null; readAt: number } = { value: null, readAt: 0 };
  const currentVersion = async (): Promise<string | null> => {
    if (Date.now() - version.readAt < VERSION_TTL_MS) return version.value;
    let value: string | null = null;
    try {
      const parsed = JSON.parse(await readFile(join(sdkDir, 'version.json'), 'utf8')) as {
        version?: unknown;
      };
      value = typeof parsed.version === 'string' ? parsed.version : null;
    } catch {
      // Not built (or half-written): no exact version is served until it is.
    }
    version = { value, readAt: Date.now() };
    return value;
  };

  const send = (request: FastifyRequest, reply: FastifyReply, file: string) =>
    SDK_FILES.has(file) ? reply.sendFile(file, { cacheControl: false }) : sendNotFound(request, reply);
  // After @fastify/static's own headers (its type for .d.ts is video/mp2t): the file's answer.
  const onSend = async (request: FastifyRequest, reply: FastifyReply) => {
    if (reply.statusCode >= 400) return;
    const file = (request.params as { file?: string }).file ?? '';
    const major = request.routeOptions.url === '/sdk/v1/:file';
    reply.header('content-type', contentTypeOf(file));
    reply.header('cache-control', major ? MAJOR_CACHE : EXACT_CACHE);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('access-control-allow-origin', '*');
  };

  app.get<{ Params: { file: string } }>(
    '/sdk/v1/:file',
    { onSend, schema: { hide: true } },
    (request, reply) => send(request, reply, request.params.file),
  );
  app.get<{ Params: { version: string; file: string } }>(
    '/sdk/:version/:file',
    { onSend, schema: { hide: true } },
    async (request, reply) => {
      const current = await currentVersion();
      if (!current || request.params.version !== current) return sendNotFound(request, reply);
      return send(request, reply, request.params.file);
    },
  );
  app.get(
    '/sdk/version.json',
    {
      schema: { hide: true },
      onSend: async (_request, reply) => {
        if (reply.statusCode >= 400) return;
        reply.header('content-type', 'application/json; charset=utf-8');
        reply.header('cache-control', 'no-cache');
        reply.header('access-control-allow-origin', '*');
      },
    },
    (_request, reply) => reply.sendFile('version.json', sdkDir, { cacheControl: false }),
  );
  app.get('/sdk/*', { schema: { hide: true } }, async (request, reply) => sendNotFound(request, reply));
};
