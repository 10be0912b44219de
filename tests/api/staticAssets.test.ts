import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/testApp';
import { createProject, signUpOwner } from './helpers/accounts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const HTML_ACCEPT = 'text/html,application/xhtml+xml';

// A built console in miniature: index.html and a hashed chunk with the .br/.gz siblings the
// build writes (src/build/precompress.ts), a small chunk without them, and an image.
const indexHtml = `<!doctype html><title>console</title><div id="root"></div>${'<!-- padding -->'.repeat(80)}`;
const appJs = `export const app = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `item ${i}`))};`;
const smallJs = 'console.log("small")';

describe('console assets: precompressed variants and caching', () => {
  let t: TestApp;
  let webDir: string;
  beforeAll(async () => {
    webDir = mkdtempSync(join(tmpdir(), 'growth-web-'));
    mkdirSync(join(webDir, 'assets'));
    const write = (name: string, content: string) => {
      writeFileSync(join(webDir, name), content);
      writeFileSync(join(webDir, `${name}.br`), brotliCompressSync(content));
      writeFileSync(join(webDir, `${name}.gz`), gzipSync(content));
    };
    write('index.html', indexHtml);
    write('assets/app-abc123.js', appJs);
    writeFileSync(join(webDir, 'assets', 'small-def456.js'), smallJs);
    t = await createTestApp({ webDir });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
    t.app.inject({ method, url, headers });

  const varies = (headers: Record<string, unknown>) =>
    String(headers.vary ?? '')
      .toLowerCase()
      .split(/\s*,\s*/);

  it('sends brotli when accepted, gzip otherwise, the file itself when neither', async () => {
    const br = await get('/assets/app-abc123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(br.rawPayload.length).toBeLessThan(appJs.length);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(appJs);

    for (const acceptEncoding of ['gzip', 'gzip, deflate', 'br;q=0, gzip']) {
      const gz = await get('/assets/app-abc123.js', { 'accept-encoding': acceptEncoding });
      expect(gz.headers['content-encoding'], acceptEncoding).toBe('gzip');
      expect(gz.headers['content-type']).toMatch(/javascript/);
      expect(gunzipSync(gz.rawPayload).toString()).toBe(appJs);
    }

    for (const acceptEncoding of [undefined, 'identity', 'deflate']) {
      const plain = await get(
        '/assets/app-abc123.js',
        acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
      );
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-encoding'], String(acceptEncoding)).toBeUndefined();
      expect(plain.body).toBe(appJs);
    }
  });

  it('every variant says it varies on Accept-Encoding, and hashed assets are immutable', async () => {
    for (const acceptEncoding of ['br', 'gzip', 'identity']) {
      const answer = await get('/assets/app-abc123.js', { 'accept-encoding': acceptEncoding });
      expect(varies(answer.headers), acceptEncoding).toContain('accept-encoding');
      expect(answer.headers['cache-control']).toBe(IMMUTABLE);
    }
    // A file without compressed siblings is sent as it is, still immutable and still varying.
    const small = await get('/assets/small-def456.js', { 'accept-encoding': 'br, gzip' });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body).toBe(smallJs);
    expect(small.headers['cache-control']).toBe(IMMUTABLE);
    expect(varies(small.headers)).toContain('accept-encoding');
    // HEAD answers the same headers without a body.
    const head = await get('/assets/app-abc123.js', { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.headers['cache-control']).toBe(IMMUTABLE);
    expect(head.rawPayload.length).toBe(0);
  });

  it('index.html and every client-side route are compressed and never cached without revalidation', async () => {
    for (const url of [
      '/',
      '/index.html',
      '/login',
      '/manageLink/abc123',
      '/campaignManagement/p1/detail/9',
    ]) {
      const answer = await get(url, { accept: HTML_ACCEPT, 'accept-encoding': 'br, gzip' });
      expect(answer.statusCode, url).toBe(200);
      expect(answer.headers['content-type'], url).toMatch(/^text\/html/);
      expect(answer.headers['cache-control'], url).toBe('no-cache');
      expect(answer.headers['content-encoding'], url).toBe('br');
      expect(varies(answer.headers), url).toContain('accept-encoding');
      expect(brotliDecompressSync(answer.rawPayload).toString(), url).toBe(indexHtml);
      const plain = await get(url, { accept: HTML_ACCEPT });
      expect(plain.headers['cache-control'], url).toBe('no-cache');
      expect(plain.headers['content-encoding'], url).toBeUndefined();
      expect(plain.body, url).toBe(indexHtml);
    }
  });

  it('ETags are per variant: a matching one answers 304, another encoding gets the full body', async () => {
    const br = await get('/assets/app-abc123.js', { 'accept-encoding': 'br' });
    const gz = await get('/assets/app-abc123.js', { 'accept-encoding': 'gzip' });
    const plain = await get('/assets/app-abc123.js');
    const tags = [br, gz, plain].map((answer) => answer.headers.etag);
    for (const tag of tags) expect(tag).toBeTruthy();
    expect(new Set(tags).size).toBe(3);

    const again = await get('/assets/app-abc123.js', {
      'accept-encoding': 'br',
      'if-none-match': String(br.headers.etag),
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(br.headers.etag);
    expect(varies(again.headers)).toContain('accept-encoding');
    expect(again.headers['cache-control']).toBe(IMMUTABLE);

    // The brotli tag does not validate the gzip variant.
    const other = await get('/assets/app-abc123.js', {
      'accept-encoding': 'gzip',
      'if-none-match': String(br.headers.etag),
    });
    expect(other.statusCode).toBe(200);
    expect(other.headers['content-encoding']).toBe('gzip');

    // index.html revalidates: the same tag answers 304 (still no-cache), on a client route too.
    const page = await get('/login', { accept: HTML_ACCEPT, 'accept-encoding': 'br' });
    const revalidated = await get('/login', {
      accept: HTML_ACCEPT,
      'accept-encoding': 'br',
      'if-none-match': String(page.headers.etag),
    });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.headers['cache-control']).toBe('no-cache');
  });

  it('a missing asset is a 404 envelope whatever the encoding', async () => {
    const missing = await get('/assets/missing-000.js', { 'accept-encoding': 'br, gzip' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 404 });
  });

  it('uploaded files keep their own caching and are never re-encoded', async () => {
    const owner = await signUpOwner(t.app, 'static-assets@example.com');
    const projectId = await createProject(t.app, owner, 'Static', 'staticassets');
    // A PNG header padded with zeros: highly compressible, yet it must come back byte for byte.
    const content = Buffer.alloc(4096);
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(content, 0);
    content.writeUInt32BE(13, 8);
    content.write('IHDR', 12, 'latin1');
    content.writeUInt32BE(64, 16);
    content.writeUInt32BE(64, 20);
    const boundary = '----growthStaticBoundary';
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/uploads?kind=image',
      headers: {
        authorization: `Bearer ${owner.token}`,
        'x-project-id': projectId,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        content,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const url = String((upload.json() as { data: { url: string } }).data.url);
    const served = await get(url, { 'accept-encoding': 'br, gzip' });
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toBe(IMMUTABLE);
    expect(served.headers['content-encoding']).toBeUndefined();
    expect(served.rawPayload.equals(content)).toBe(true);
  });
});
