import { connect, type AddressInfo } from 'node:net';
import type { FastifyPluginAsync } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/testApp';
import { call, countRows, paths, type Envelope, type ErrorData } from './helpers/api';
import { createProject, login, signUpOwner, type SignedIn } from './helpers/accounts';
import { accessKey, sdkEvent, sendEvents, signedHeaders } from './helpers/sdk';
import { apiSecretOf } from './helpers/play';
import { createLink, createTemplate, openLink, UA } from './helpers/links';

// Control characters and overflowing numbers thrown at every route of the app's own OpenAPI
// document (a new route is covered without editing this file), on SQLite and PostgreSQL: never a
// 500, a 400 naming each field that holds one, and nothing stored.

interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  $ref?: string;
}

interface Operation {
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}

interface OpenApi {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}

interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  operation: Operation;
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const CONTROLS = ['\u0000', '\u0007', '\u001b', '\u007f', '\u0085'];

function escapeSegment(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

/**
 * A body shaped like the schema with `text` in every string field (an opaque value, such as an
 * entity or campaign config, gets a `name` and a nested object holding it); `fields` collects
 * the JSON pointer of each.
 */
function hostileBody(
  schema: Schema | undefined,
  text: string,
  doc: OpenApi,
  path: string,
  fields: string[],
  depth = 0,
): unknown {
  if (!schema || depth > 6) {
    fields.push(`${path}/name`, `${path}/nested/text`);
    return { name: `bad${text}name`, nested: { text } };
  }
  if (schema.$ref)
    return hostileBody(
      doc.components?.schemas?.[schema.$ref.split('/').pop() ?? ''],
      text,
      doc,
      path,
      fields,
      depth + 1,
    );
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) {
    const pick = variants.find((v) => v.type !== 'null') ?? variants[0];
    return hostileBody(pick, text, doc, path, fields, depth + 1);
  }
  if (schema.allOf) {
    const merged: Schema = { type: 'object', properties: {} };
    for (const part of schema.allOf) Object.assign(merged.properties!, part.properties ?? {});
    return hostileBody(merged, text, doc, path, fields, depth + 1);
  }
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (type === 'string' || typeof schema.const === 'string' || typeof schema.enum?.[0] === 'string') {
    fields.push(path);
    return `bad${text}value`;
  }
  if (type === 'integer' || type === 'number') return 1;
  if (type === 'boolean') return true;
  if (type === 'null') return null;
  if (type === 'array') return [hostileBody(schema.items, text, doc, `${path}/0`, fields, depth + 1)];
  if (type === 'object' && schema.properties && Object.keys(schema.properties).length > 0) {
    const out: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(schema.properties))
      out[key] = hostileBody(child, text, doc, `${path}/${escapeSegment(key)}`, fields, depth + 1);
    return out;
  }
  fields.push(`${path}/name`, `${path}/nested/text`);
  return { name: `bad${text}name`, nested: { text } };
}

/**
 * Row counts of every table once queued writes are done. The SDK request log is left out: it
 * records every X-Access-Key call, refusals included, by design (checked on its own below).
 */
async function storedRows(t: TestApp) {
  await t.app.sdkRequestLogs.flush();
  const { api_request_logs: _logged, ...rows } = await countRows(t.app);
  return rows;
}

describe('hostile inputs at every route of the OpenAPI document', () => {
  let t: TestApp;
  let owner: SignedIn;
  let projectId: string;
  let key: string;
  let secret: string;
  let doc: OpenApi;
  let routes: Route[];

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUpOwner(t.app, 'owner@example.com');
    projectId = await createProject(t.app, owner, 'Hostile', 'hostile');
    key = await accessKey(t.app, owner, projectId);
    secret = await apiSecretOf(t.app, projectId);
    doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as OpenApi;
    routes = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
        .map(([method, operation]) => ({ method: method.toUpperCase() as Route['method'], path, operation })),
    );
  });
  afterAll(async () => t.close());

  // Real values where a path parameter decides what the route reaches, so the body is reached.
  const paramValue = (path: string, name: string): string => {
    if (path.startsWith('/api/projects/{id}') && name === 'id') return projectId;
    if (name === 'kind') return 'gameplay';
    if (name === 'mark') return 'lucky-wheel';
    return 'no-such-id';
  };
  const urlOf = (route: Route, replace?: string) =>
    route.path.replace(/\{(\w+)\}/g, (_, name: string) =>
      name === replace ? encodeURIComponent(`x${CONTROLS[0]}y`) : paramValue(route.path, name),
    );
  const headers = (extra: Record<string, string> = {}) => ({
    authorization: `Bearer ${owner.token}`,
    'x-project-id': projectId,
    'x-access-key': key,
    'x-lang': 'en',
    ...extra,
  });

  it('finds the write routes in the document', () => {
    const writes = routes.filter((r) => WRITES.has(r.method));
    expect(writes.length).toBeGreaterThan(60);
    // The engine's validation-only flag stays out of the document.
    expect(JSON.stringify(doc)).not.toContain('singleLine');
    expect(writes.map((r) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining(['POST /api/auth/login', 'POST /api/sdk/v1/events', 'PUT /api/campaigns/{id}']),
    );
  });

  // Sweeps every route: its time grows with the API (2 minutes for a loaded CI machine).
  it(
    'a control character in any body field answers 400 naming the field; nothing is stored',
    { timeout: 300_000 },
    async () => {
      const reached: string[] = [];
      for (const route of routes.filter((r) => WRITES.has(r.method))) {
        const schema = route.operation.requestBody?.content?.['application/json']?.schema;
        // A route without a body schema ignores any body (logout revokes whatever it is sent).
        if (!route.operation.requestBody) continue;
        const name = `${route.method} ${route.path}`;
        const before = await storedRows(t);
        for (const control of CONTROLS) {
          const fields: string[] = [];
          const body = hostileBody(schema, control, doc, '', fields);
          // The server's events door reads a body only once its signature holds.
          const signed = route.path === '/api/server/v1/events';
          const text = JSON.stringify(body);
          const response = await t.app.inject({
            method: route.method,
            url: urlOf(route),
            headers: signed
              ? headers({ 'content-type': 'application/json', ...signedHeaders(secret, text) })
              : headers(),
            payload: signed ? text : (body as object),
          });
          const answer = {
            status: response.statusCode,
            body: response.json() as Envelope<ErrorData>,
            headers: {},
          };
          const label = `${name} ${JSON.stringify(control)}: ${response.body.slice(0, 300)}`;
          expect(answer.status, label).not.toBe(500);
          if (route.path === '/api/sdk/v1/events' || signed) {
            // One bad event is refused alone; the batch answers 200.
            const data = answer.body.data as unknown as {
              accepted: number;
              rejected: { reason: string; errors?: { path: string }[] }[];
            };
            expect(answer.status, label).toBe(200);
            expect(data.accepted, label).toBe(0);
            expect(data.rejected[0].reason, label).toBe('sdk.eventInvalid');
            expect(
              data.rejected[0].errors?.map((e) => e.path),
              label,
            ).toContain('/nested/text');
            continue;
          }
          if (route.path === '/api/validate/{kind}/{mark}') {
            // Validation without saving answers the engine's field issues.
            const data = answer.body.data as unknown as {
              valid: boolean;
              errors: { path: string; message: string }[];
            };
            expect(answer.status, label).toBe(200);
            expect(data.valid, label).toBe(false);
            expect(
              data.errors.map((e) => e.path),
              label,
            ).toContain('/nested/text');
            continue;
          }
          expect(answer.status, label).toBe(400);
          expect(answer.body.data.error, label).toBe('validation');
          const named = paths(answer);
          expect(named.length, label).toBeGreaterThan(0);
          for (const path of named) expect(fields, label).toContain(path);
          expect(answer.body.data.errors?.[0].message, label).toMatch(
            /^Must not contain control characters \(found U\+00[0-9A-F]{2}\)$/,
          );
        }
        reached.push(name);
        expect(await storedRows(t), name).toEqual(before);
      }
      expect(reached.length).toBeGreaterThan(50);
    },
  );

  // Sweeps every write route, counting every table's rows before and after each.
  it('a number JSON cannot carry (1e309) answers 400 at its path', { timeout: 300_000 }, async () => {
    for (const route of routes.filter((r) => WRITES.has(r.method) && r.operation.requestBody)) {
      if (
        route.path === '/api/sdk/v1/events' ||
        route.path === '/api/server/v1/events' ||
        route.path === '/api/validate/{kind}/{mark}'
      )
        continue;
      const name = `${route.method} ${route.path}`;
      const before = await storedRows(t);
      const response = await t.app.inject({
        method: route.method,
        url: urlOf(route),
        headers: { ...headers(), 'content-type': 'application/json' },
        payload: '{"huge": 1e309, "deep": {"list": [-1e400]}}',
      });
      expect(response.statusCode, name).toBe(400);
      expect(response.json(), name).toMatchObject({
        code: 400,
        data: {
          error: 'validation',
          errors: [
            { path: '/huge', message: 'The number is too large' },
            { path: '/deep/list/0', message: 'The number is too large' },
          ],
        },
      });
      expect(await storedRows(t), name).toEqual(before);
    }
  });

  // Sweeps every route: its time grows with the API (2 minutes for a loaded CI machine).
  it(
    'a control character in a query string, a path parameter or a header answers 400 before anything runs',
    { timeout: 300_000 },
    async () => {
      for (const route of routes) {
        const name = `${route.method} ${route.path}`;
        const before = WRITES.has(route.method) ? await storedRows(t) : undefined;
        const checks: [string, Record<string, string>, string][] = [
          [`${urlOf(route)}?q=a%00b`, headers(), '/querystring/q'],
          [`${urlOf(route)}?search=bell%07here`, headers(), '/querystring/search'],
          [urlOf(route), headers({ 'x-project-id': `${projectId}\u0000` }), '/headers/x-project-id'],
          [urlOf(route), headers({ authorization: `Bearer ${owner.token}\u0001` }), '/headers/authorization'],
        ];
        const param = /\{(\w+)\}/.exec(route.path)?.[1];
        if (param) checks.push([urlOf(route, param), headers(), `/params/${param}`]);
        for (const [url, sent, path] of checks) {
          const response = await t.app.inject({ method: route.method, url, headers: sent });
          const label = `${name} ${path}: ${response.body.slice(0, 300)}`;
          expect(response.statusCode, label).toBe(400);
          expect(response.json(), label).toMatchObject({
            code: 400,
            data: { error: 'validation', errors: [{ path }] },
          });
        }
        if (before) expect(await storedRows(t), name).toEqual(before);
      }
    },
  );

  it('a route that takes no body accepts an empty body of any content type', async () => {
    const bodyless = routes.filter((r) => WRITES.has(r.method) && !r.operation.requestBody);
    expect(bodyless.map((r) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining([
        'POST /api/auth/logout',
        'POST /api/campaigns/{id}/copy',
        'DELETE /api/links/{id}',
      ]),
    );
    for (const route of bodyless) {
      // No real ids: nothing is deleted or copied; logout gets a token of its own.
      const url = route.path.replace(/\{\w+\}/g, 'no-such-id');
      const token = route.path === '/api/auth/logout' ? (await login(t.app, owner.email)).token : owner.token;
      for (const contentType of ['application/json', 'text/plain', 'application/x-www-form-urlencoded']) {
        const response = await t.app.inject({
          method: route.method,
          url,
          headers: { ...headers({ authorization: `Bearer ${token}` }), 'content-type': contentType },
          payload: '',
        });
        const label = `${route.method} ${route.path} ${contentType}: ${response.body.slice(0, 200)}`;
        expect(response.statusCode, label).not.toBe(500);
        expect(response.statusCode, label).not.toBe(415);
        expect((response.json() as Envelope<ErrorData | null>).data?.error, label).not.toBe('invalidJson');
      }
    }
  });

  it('login with NUL, unauthenticated: 400 naming both fields, in both languages, nothing written', async () => {
    const before = await storedRows(t);
    const body = { email: 'owner@example.com\u0000', password: 'secret123\u0000' };
    const en = await call<ErrorData>(t.app, 'POST', '/api/auth/login', { body, lang: 'en' });
    expect(en.status).toBe(400);
    expect(en.body).toEqual({
      code: 400,
      msg: 'Please check the highlighted fields',
      data: {
        error: 'validation',
        errors: [
          { path: '/email', message: 'Must not contain control characters (found U+0000)' },
          { path: '/password', message: 'Must not contain control characters (found U+0000)' },
        ],
      },
    });
    const zh = await call<ErrorData>(t.app, 'POST', '/api/auth/login', { body });
    expect(zh.body.data.errors?.[0].message).toBe('不能包含控制字符（发现 U+0000）');
    expect(await storedRows(t)).toEqual(before);
  });

  it('names and titles are one line; multi-line texts keep their line breaks', async () => {
    const tag = await call<ErrorData>(t.app, 'POST', '/api/tags', {
      token: owner.token,
      projectId,
      lang: 'en',
      body: { name: 'two\nlines' },
    });
    expect(tag.status).toBe(400);
    expect(tag.body.data.errors).toEqual([
      { path: '/name', message: 'Must be a single line, without line breaks or tabs' },
    ]);
    const project = await call<ErrorData>(t.app, 'PUT', `/api/projects/${projectId}`, {
      token: owner.token,
      lang: 'en',
      body: { name: 'tab\there', domainPrefix: 'hostile' },
    });
    expect(project.status).toBe(400);
    expect(paths(project)).toEqual(['/name']);
    // Entity and campaign configs: the schema folders say singleLine on names and short texts.
    const entity = await t.app.inject({
      method: 'POST',
      url: '/api/validate/entity/user-type',
      headers: { 'x-lang': 'en' },
      payload: { name: 'two\nlines' },
    });
    const issues = (entity.json() as Envelope<{ errors: { path: string; message: string }[] }>).data.errors;
    expect(issues).toContainEqual(
      expect.objectContaining({
        path: '/name',
        message: 'Must be a single line, without line breaks or tabs',
      }),
    );
  });

  it('an SDK batch refuses only the events holding NUL or an overflowing number, by field path', async () => {
    const good = sdkEvent({});
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/sdk/v1/events',
      headers: { 'x-access-key': key, 'content-type': 'application/json', 'x-lang': 'en' },
      remoteAddress: '203.0.113.10',
      payload: JSON.stringify({
        events: [
          sdkEvent({ userId: 'user\u0000one' }),
          good,
          sdkEvent({ data: { level: 3, score: 7 } }),
          sdkEvent({ data: { 'a\u0000b': 'x', note: 'two\nlines fine' } }),
          sdkEvent({ deviceId: 'device\t2' }),
          // A custom name with NUL must not reach the event-key lookup (PostgreSQL failed the batch).
          sdkEvent({ name: 'cus\u0000tom' }),
        ],
      }).replace('"score":7', '"score":1e309'),
    });
    expect(response.statusCode).toBe(200);
    const data = (
      response.json() as Envelope<{
        accepted: number;
        rejected: { index: number; reason: string; errors?: { path: string; message: string }[] }[];
      }>
    ).data;
    expect(data.accepted).toBe(1);
    expect(data.rejected.map((r) => [r.index, r.reason, r.errors?.map((e) => e.path)])).toEqual([
      [0, 'sdk.eventInvalid', ['/userId']],
      [2, 'sdk.eventInvalid', ['/data/score']],
      [3, 'sdk.eventInvalid', ['/data/a\u0000b']],
      [4, 'sdk.eventInvalid', ['/deviceId']],
      [5, 'sdk.eventInvalid', ['/name', '/name']],
    ]);
    expect(data.rejected[1].errors?.[0].message).toBe('The number is too large');
    expect(data.rejected[0].errors?.[0].message).toBe('Must not contain control characters (found U+0000)');
    const again = await sendEvents(t.app, key, [good]);
    expect(again.body.data.duplicates).toBe(1);

    // Refused calls are still logged, NUL and all (written escaped: PostgreSQL cannot store it).
    await t.app.sdkRequestLogs.flush();
    const logged = (await countRows(t.app)).api_request_logs;
    const allRefused = await sendEvents(t.app, key, [sdkEvent({ data: { 'k\u0000': 1 } })]);
    expect(allRefused.body.data.rejected[0].errors?.[0].path).toBe('/data/k\u0000');
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/sdk/v1/events',
      headers: { 'x-access-key': key, 'content-type': 'text/plain' },
      remoteAddress: '203.0.113.10',
      payload: 'events\u0000',
    });
    expect(text.statusCode).toBe(400);
    await t.app.sdkRequestLogs.flush();
    expect((await countRows(t.app)).api_request_logs).toBe(logged + 2);
    const rows = await t.app.ctx.db
      .selectFrom('api_request_logs')
      .select(['request', 'error'])
      .orderBy('time', 'desc')
      .execute();
    expect(rows.some((r) => r.error?.includes('\\u0000'))).toBe(true);
    expect(rows.some((r) => r.request === 'events\\u0000')).toBe(true);
  });
});

/** One raw HTTP/1.1 exchange on a fresh socket: the status and the parsed body. */
function rawRequest(
  port: number,
  request: string,
): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head, ...rest] = text.split('\r\n\r\n');
      resolve({
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0),
        headers: head,
        body: rest.join('\r\n\r\n'),
      });
    });
    socket.end(request);
  });
}

describe('errors Fastify and Node answer before any route keep the envelope (a listening server)', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => t.close());

  const get = (path: string, headers: string[] = []) =>
    rawRequest(
      port,
      [`GET ${path} HTTP/1.1`, 'Host: localhost', 'Connection: close', ...headers, '', ''].join('\r\n'),
    );

  it('a path parameter over the router limit: 414, without echoing the path', async () => {
    const long = 'x'.repeat(500);
    const answer = await get(`/api/links/${long}`, ['X-Lang: en']);
    expect(answer.status).toBe(414);
    expect(JSON.parse(answer.body)).toEqual({
      code: 414,
      msg: 'The request address is too long',
      data: { error: 'uriTooLong' },
    });
    expect(answer.body).not.toContain(long);
    expect(JSON.parse((await get(`/api/links/${long}`)).body).msg).toBe('请求地址过长');
  });

  it('headers over Node’s limit: 431, in the X-Lang language when it arrived', async () => {
    const huge = `Authorization: Bearer ${'x'.repeat(20_000)}`;
    const en = await get('/api/me', ['X-Lang: en', huge]);
    expect(en.status).toBe(431);
    expect(en.headers).toMatch(/content-type: application\/json/i);
    expect(JSON.parse(en.body)).toEqual({
      code: 431,
      msg: 'The request headers are too large',
      data: { error: 'headersTooLarge' },
    });
    const zh = await get('/api/me', [huge]);
    expect(JSON.parse(zh.body)).toEqual({ code: 431, msg: '请求头过大', data: { error: 'headersTooLarge' } });
  });

  it('a request Node cannot parse and a URL that does not decode: 400 badRequest', async () => {
    const nul = await get('/api/projects', ['X-Lang: en', 'X-Project-Id: a\u0000b']);
    expect(nul.status).toBe(400);
    expect(JSON.parse(nul.body)).toEqual({
      code: 400,
      msg: 'The request could not be read',
      data: { error: 'badRequest' },
    });
    const broken = await rawRequest(
      port,
      'GET /api/health HTTP/1.1\r\nHost: localhost\r\nno colon here\r\n\r\n',
    );
    expect(broken.status).toBe(400);
    expect(JSON.parse(broken.body)).toMatchObject({ code: 400, data: { error: 'badRequest' } });
    const badUrl = await get('/api/links/%E0%A4%A', ['X-Lang: en']);
    expect(badUrl.status).toBe(400);
    expect(JSON.parse(badUrl.body)).toEqual({
      code: 400,
      msg: 'The request could not be read',
      data: { error: 'badRequest' },
    });
  });
});

describe('a request arriving while the server closes', () => {
  it('answers 503 in the envelope', async () => {
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const slow: FastifyPluginAsync = async (app) => {
      app.get('/api/test/slow', async () => {
        entered();
        await released;
        return { code: 0, msg: 'ok', data: null };
      });
    };
    const t = await createTestApp({ routes: [slow] });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    // A slow request keeps the connection open; the second one is sent once the app is closing.
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    const ended = new Promise((resolve) => socket.on('close', resolve));
    socket.write('GET /api/test/slow HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await inside;
    const closed = t.close();
    await new Promise((resolve) => setTimeout(resolve, 50));
    socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Lang: en\r\nConnection: close\r\n\r\n');
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await Promise.all([ended, closed]);
    const text = Buffer.concat(chunks).toString('utf8');
    expect(text).toMatch(/^HTTP\/1\.1 200/);
    const second = text.slice(text.lastIndexOf('HTTP/1.1 '));
    expect(second).toMatch(/^HTTP\/1\.1 503/);
    expect(JSON.parse(second.split('\r\n\r\n')[1])).toEqual({
      code: 503,
      msg: 'Service unavailable, please try again later',
      data: { error: 'serviceUnavailable' },
    });
  });
});

describe('a link visit with control characters in its query string', () => {
  it('still redirects, and its click is stored with them removed (the batch with it too)', async () => {
    const t = await createTestApp();
    try {
      const owner = await signUpOwner(t.app, 'owner@example.com');
      const projectId = await createProject(t.app, owner, 'Links', 'links');
      const templateId = await createTemplate(t.app, owner, projectId);
      const link = await createLink(t.app, owner, projectId, {
        name: 'spring',
        templateId,
        redirectMode: 'template',
        address: 'promo/spring',
      });
      const hostile = await openLink(
        t.app,
        'links',
        `/${link.linkId}?channel=ads%00x&k%01=v%00w`,
        UA.iphoneSafari,
      );
      const plain = await openLink(t.app, 'links', `/${link.linkId}?channel=mail`, UA.iphoneSafari);
      expect([hostile.status, plain.status]).toEqual([302, 302]);
      await t.app.deepLinks.clicks.flush();
      const rows = await t.app.ctx.db
        .selectFrom('clicks')
        .select(['channel', 'params'])
        .orderBy('channel')
        .execute();
      expect(rows.map((r) => [r.channel, r.params === null ? null : JSON.parse(r.params as string)])).toEqual(
        [
          ['adsx', { channel: 'adsx', k: 'vw' }],
          ['mail', { channel: 'mail' }],
        ],
      );
    } finally {
      await t.close();
    }
  });
});
