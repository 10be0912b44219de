import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/testApp';
import { call } from './helpers/api';
import { listed, routeTable } from './helpers/routeTable';

const expectedDb = /^postgres/.test(process.env.TEST_DATABASE_URL ?? '') ? 'postgres' : 'sqlite';

const crashing: FastifyPluginAsync = async (app) => {
  app.get('/api/test/crash', async () => {
    throw new Error('secret internals at /srv/app.ts:42');
  });
};

describe('health, envelope, OpenAPI and the console', () => {
  let t: TestApp;
  const table = routeTable();
  let webDir: string;
  beforeAll(async () => {
    webDir = mkdtempSync(join(tmpdir(), 'growth-web-'));
    mkdirSync(join(webDir, 'assets'));
    writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>console</title><div id="root"></div>');
    writeFileSync(join(webDir, 'assets', 'app-abc123.js'), 'console.log("app")');
    t = await createTestApp({ webDir, routes: [crashing], onRoute: table.onRoute });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  it('GET /api/health answers status, database kind and version', async () => {
    const answer = await call(t.app, 'GET', '/api/health');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      code: 0,
      msg: 'ok',
      data: { status: 'ok', db: expectedDb, version: '0.1.0' },
    });
  });

  it('unknown /api routes answer the 404 envelope in the X-Lang language', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const en = await call(t.app, method, '/api/no/such/thing', { lang: 'en' });
      expect(en.status).toBe(404);
      expect(en.body).toEqual({ code: 404, msg: 'Not Found', data: { error: 'notFound' } });
    }
    const zh = await call(t.app, 'GET', '/api/nothing');
    expect(zh.body.msg).toBe('页面不存在');
    expect(zh.headers['x-content-type-options']).toBe('nosniff');
  });

  it('an unexpected error is a 500 envelope without stack or internals', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/api/test/crash', headers: { 'x-lang': 'en' } });
    expect(answer.statusCode).toBe(500);
    expect(answer.json()).toEqual({ code: 500, msg: 'Request failed', data: { error: 'internal' } });
    expect(answer.body).not.toMatch(/secret|srv|stack/);
  });

  it('serves the OpenAPI document with every route and the docs UI', async () => {
    const doc = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    const spec = doc.json() as {
      openapi: string;
      paths: Record<string, Record<string, { requestBody?: unknown }>>;
    };
    expect(spec.openapi).toMatch(/^3\./);
    // Every route of the app's own table is documented, and every documented operation is a
    // route; left out only: Fastify's automatic HEAD beside each GET, and the routes below.
    const undocumented: Record<string, string> = {
      '/api/docs/**': 'the documentation itself (OpenAPI document, UI and its files)',
      '/*': 'the built console: index.html and its assets',
      '/sdk/**': 'the web SDK files, static like the console (tests/api/turbo.test.ts)',
    };
    const documented = new Set(
      Object.entries(spec.paths).flatMap(([path, operations]) =>
        Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
      ),
    );
    const routes = table.routes
      .filter((r) => r.method !== 'HEAD' && !listed(r.url, Object.keys(undocumented)))
      .map((r) => `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}').replace(/\/\*$/, '/{*}')}`);
    expect(
      routes.filter((r) => !documented.has(r)),
      'routes missing from the OpenAPI document',
    ).toEqual([]);
    expect(
      [...documented].filter((d) => !routes.includes(d)),
      'documented operations that are no route',
    ).toEqual([]);
    expect(routes.length).toBeGreaterThan(120);
    for (const entry of Object.keys(undocumented))
      expect(
        table.routes.some((r) => listed(r.url, [entry])),
        `${entry} is no route`,
      ).toBe(true);
    // The body schema is the one the route validates with.
    expect(JSON.stringify(spec.paths['/api/auth/sign-up'].post.requestBody)).toContain('companyName');
    // Validation-only keywords stay out of the document.
    expect(doc.body).not.toContain('errorMessage');
    expect(doc.body).not.toContain('$data');
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toMatch(/text\/html/);
    expect(ui.body).toContain('swagger');
  });

  it('serves the console; client-side routes fall back to index.html', async () => {
    const root = await t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(root.statusCode).toBe(200);
    expect(root.body).toContain('<div id="root">');
    for (const route of ['/login', '/manageLink/abc123', '/campaignManagement/p1/detail/9']) {
      const page = await t.app.inject({
        method: 'GET',
        url: route,
        headers: { accept: 'text/html,application/xhtml+xml' },
      });
      expect(page.statusCode, route).toBe(200);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.body).toContain('<div id="root">');
    }
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const missingAsset = await t.app.inject({ method: 'GET', url: '/assets/missing.js' });
    expect(missingAsset.statusCode).toBe(404);
    const apiHtml = await t.app.inject({
      method: 'GET',
      url: '/api/missing',
      headers: { accept: 'text/html' },
    });
    expect(apiHtml.statusCode).toBe(404);
    expect(apiHtml.json()).toMatchObject({ code: 404 });
  });
});

describe('without a built console', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ webDir: join(tmpdir(), 'growth-definitely-not-built') });
  });
  afterAll(async () => t.close());

  it('/ says the console is not built and how to build it', async () => {
    const root = await t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(root.statusCode).toBe(200);
    expect(root.body).toContain('not built');
    expect(root.body).toContain('npm run build');
  });
});
