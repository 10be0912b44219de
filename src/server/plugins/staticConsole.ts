import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { sendNotFound } from '../http/errorHandler';
import { sdkFiles } from './sdkFiles';

const NOT_BUILT_PAGE = `<!doctype html>
<html><head><meta charset="utf-8"><title>Growth Console</title></head>
<body><h1>Growth Console</h1>
<p>The console is not built. Run <code>npm run build</code> (or <code>npm start</code>, which builds it), then reload.</p>
<p>控制台尚未构建。请运行 <code>npm run build</code>（或 <code>npm start</code>）后刷新。</p>
<p>The API is up: <a href="/api/health">/api/health</a>, <a href="/api/docs">/api/docs</a>.</p>
</body></html>`;

function wantsHtml(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const accept = request.headers.accept ?? '';
  return accept === '' || accept.includes('text/html') || accept.includes('*/*');
}

function isApi(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/**
 * Serves the built console from `webDir`. Client-side routes (GET of a non-/api path that wants
 * HTML) fall back to index.html; /api paths and missing assets answer the 404 envelope. Without a
 * build, pages say how to build it.
 */
export async function registerStaticConsole(app: FastifyInstance, webDir: string): Promise<void> {
  const built = existsSync(join(webDir, 'index.html'));
  const assetsDir = join(webDir, 'assets') + sep;
  // The web SDK under /sdk/ (its own headers and caching; served whether or not the console is built).
  await app.register(sdkFiles, { webDir });
  if (built) {
    await app.register(fastifyStatic, {
      root: webDir,
      prefix: '/',
      wildcard: true,
      index: ['index.html'],
      // The build writes name.br and name.gz beside each asset (src/build/precompress.ts): brotli
      // when the browser accepts it, else gzip, else the file itself, with Content-Encoding and
      // Vary: Accept-Encoding set by @fastify/static. Each variant has its own ETag.
      preCompressed: true,
      setHeaders(reply, path) {
        // Hashed asset names never change content; index.html (and every other unhashed file)
        // is revalidated on every use, so a new build is picked up at once.
        if (path.startsWith(assetsDir)) reply.header('cache-control', 'public, max-age=31536000, immutable');
        else reply.header('cache-control', 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0];
    if (isApi(path) || !wantsHtml(request) || /\.[a-z0-9]+$/i.test(path)) return sendNotFound(request, reply);
    if (!built)
      return reply
        .status(path === '/' ? 200 : 404)
        .type('text/html; charset=utf-8')
        .send(NOT_BUILT_PAGE);
    reply.header('cache-control', 'no-cache');
    return reply.type('text/html; charset=utf-8').sendFile('index.html');
  });
}
