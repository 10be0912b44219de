import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/testApp';
import { call, countRows, paths, type Envelope, type ErrorData } from './helpers/api';
import { createProject, signUpOwner, type SignedIn } from './helpers/accounts';
import { accessKey, sdkEvent, sendEvents } from './helpers/sdk';

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
 * A body shaped like the schema with `text` in every string field (an opaque value gets a
 * nested object holding it); `fields` collects the JSON pointer of each.
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
    fields.push(`${path}/nested/text`);
    return { nested: { text } };
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
  fields.push(`${path}/nested/text`);
  return { nested: { text } };
}

describe('hostile inputs at every route of the OpenAPI document', () => {
  let t: TestApp;
  let owner: SignedIn;
  let projectId: string;
  let key: string;
  let doc: OpenApi;
  let routes: Route[];

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUpOwner(t.app, 'owner@example.com');
    projectId = await createProject(t.app, owner, 'Hostile', 'hostile');
    key = await accessKey(t.app, owner, projectId);
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
    expect(writes.map((r) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining(['POST /api/auth/login', 'POST /api/sdk/v1/events', 'PUT /api/campaigns/{id}']),
    );
  });

  it('a control character in any body field answers 400 naming the field; nothing is stored', async () => {
    const reached: string[] = [];
    for (const route of routes.filter((r) => WRITES.has(r.method))) {
      const schema = route.operation.requestBody?.content?.['application/json']?.schema;
      // A route without a body schema ignores any body (logout revokes whatever it is sent).
      if (!route.operation.requestBody) continue;
      const name = `${route.method} ${route.path}`;
      const before = await countRows(t.app);
      for (const control of CONTROLS) {
        const fields: string[] = [];
        const body = hostileBody(schema, control, doc, '', fields);
        const response = await t.app.inject({
          method: route.method,
          url: urlOf(route),
          headers: headers(),
          payload: body as object,
        });
        const answer = {
          status: response.statusCode,
          body: response.json() as Envelope<ErrorData>,
          headers: {},
        };
        const label = `${name} ${JSON.stringify(control)}: ${response.body.slice(0, 300)}`;
        expect(answer.status, label).not.toBe(500);
        if (route.path === '/api/sdk/v1/events') {
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
      expect(await countRows(t.app), name).toEqual(before);
    }
    expect(reached.length).toBeGreaterThan(50);
  });

  it('a number JSON cannot carry (1e309) answers 400 at its path', async () => {
    for (const route of routes.filter((r) => WRITES.has(r.method) && r.operation.requestBody)) {
      if (route.path === '/api/sdk/v1/events' || route.path === '/api/validate/{kind}/{mark}') continue;
      const name = `${route.method} ${route.path}`;
      const before = await countRows(t.app);
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
      expect(await countRows(t.app), name).toEqual(before);
    }
  });

  it('a control character in a query string, a path parameter or a header answers 400 before anything runs', async () => {
    for (const route of routes) {
      const name = `${route.method} ${route.path}`;
      const before = WRITES.has(route.method) ? await countRows(t.app) : undefined;
      const checks: [string, Record<string, string>, string][] = [
        [`${urlOf(route)}?q=a%00b`, headers(), '/querystring/q'],
        [`${urlOf(route)}?search=line%0Abreak`, headers(), '/querystring/search'],
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
      if (before) expect(await countRows(t.app), name).toEqual(before);
    }
  });

  it('login with NUL, unauthenticated: 400 naming both fields, in both languages, nothing written', async () => {
    const before = await countRows(t.app);
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
    expect(await countRows(t.app)).toEqual(before);
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
    ]);
    expect(data.rejected[1].errors?.[0].message).toBe('The number is too large');
    expect(data.rejected[0].errors?.[0].message).toBe('Must not contain control characters (found U+0000)');
    const again = await sendEvents(t.app, key, [good]);
    expect(again.body.data.duplicates).toBe(1);
  });
});
