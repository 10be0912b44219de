import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readFileSync } from 'node:fs';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandling } from '../http/errorHandler';
import { schemasRoutes } from './schemasRoutes';
import { buildApp } from '../app';

const template = JSON.parse(readFileSync('schemas/gameplays/lucky-wheel/templates/classic.json', 'utf8'));

async function appOver(dir: string, watch = false): Promise<FastifyInstance> {
  const app = Fastify();
  registerErrorHandling(app);
  await app.register(schemasRoutes, { dir, watch });
  await app.ready();
  return app;
}

describe('schema routes', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await appOver(path.resolve('schemas'));
  });
  afterAll(async () => app.close());

  it('lists every entry with meta, self-contained schema, ui, steps, strings and templates', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/schemas' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toBe(0);
    const names = body.data.entries.map((e: { name: string }) => e.name);
    expect(names).toContain('gameplay/lucky-wheel');
    expect(names).toContain('sub-activity/super-task');
    expect(names).toContain('entity/prize');
    expect(body.data.problems).toEqual([]);
    const wheel = body.data.entries.find((e: { name: string }) => e.name === 'gameplay/lucky-wheel');
    expect(JSON.stringify(wheel.schema)).not.toMatch(/"\$ref":"\/_defs/);
    expect(wheel.steps.map((s: { key: string }) => s.key)).toEqual(['goal', 'basic', 'logic', 'pages', 'languages']);
    expect(wheel.locales['en-US']['meta.title']).toBe('Lucky draw wheel');
    expect(wheel.templates.map((t: { name: string }) => t.name)).toContain('classic');
  });

  it("serves templates whose period starts today in the template's time zone, still valid", async () => {
    const clocked = Fastify();
    registerErrorHandling(clocked);
    // 2027-03-09 18:30 UTC is 2027-03-10 02:30 in the wheel's GMT+08:00.
    await clocked.register(schemasRoutes, { dir: path.resolve('schemas'), now: () => new Date('2027-03-09T18:30:00Z') });
    try {
      const wheel = (await clocked.inject({ method: 'GET', url: '/api/schemas/gameplay/lucky-wheel' })).json().data;
      const classic = wheel.templates.find((t: { name: string }) => t.name === 'classic').config;
      expect([classic.startTime, classic.endTime]).toEqual(['2027-03-10T00:00:00+08:00', '2027-04-09T23:59:59+08:00']);
      const listed = (await clocked.inject({ method: 'GET', url: '/api/schemas?kind=gameplay' })).json().data.entries;
      const pool = listed.find((e: { name: string }) => e.name === 'gameplay/coin-pool').templates[0].config;
      expect([pool.startTime, pool.drawTime]).toEqual(['2027-03-10T00:00:00+08:00', '2027-04-09T20:00:00+08:00']);
      const valid = await clocked.inject({ method: 'POST', url: '/api/validate/gameplay/lucky-wheel', payload: classic });
      expect(valid.json().data).toEqual({ valid: true, errors: [] });
    } finally {
      await clocked.close();
    }
  });

  it('filters by kind and serves one entry; unknown ones answer 404 in the envelope', async () => {
    const subs = (await app.inject({ method: 'GET', url: '/api/schemas?kind=sub-activity' })).json();
    expect(subs.data.entries.every((e: { kind: string }) => e.kind === 'sub-activity')).toBe(true);
    const one = await app.inject({ method: 'GET', url: '/api/schemas/entity/prize' });
    expect(one.json().data.name).toBe('entity/prize');
    const missing = await app.inject({ method: 'GET', url: '/api/schemas/gameplay/nope', headers: { 'x-lang': 'en' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 404, data: { error: 'notFound' } });
  });

  it('validates without saving, messages by X-Lang', async () => {
    const good = await app.inject({ method: 'POST', url: '/api/validate/gameplay/lucky-wheel', payload: template });
    expect(good.json()).toEqual({ code: 0, msg: 'ok', data: { valid: true, errors: [] } });
    const bad = { ...template, prizes: template.prizes.map((p: { isThank?: boolean }) => (p.isThank ? p : { ...p, odds: 60 })) };
    const zh = (await app.inject({ method: 'POST', url: '/api/validate/gameplay/lucky-wheel', payload: bad })).json();
    expect(zh.data.valid).toBe(false);
    expect(zh.data.errors).toContainEqual({ path: '/prizes', keyword: 'probabilitySum', message: '非谢谢参与奖品的概率之和不能超过 100%，当前为 180%' });
    const en = (await app.inject({ method: 'POST', url: '/api/validate/gameplay/lucky-wheel', payload: bad, headers: { 'x-lang': 'en' } })).json();
    expect(en.data.errors[0].message).toMatch(/^Probabilities of the prizes other than thank-you/);
  });

  it('answers as a save would for an entirely empty key-value row: dropped, not reported', async () => {
    const rows = [{ key: 'a', value: '1' }, { key: '', value: '' }];
    const empty = await app.inject({ method: 'POST', url: '/api/validate/gameplay/lucky-wheel', payload: { ...template, linkData: rows } });
    expect(empty.json().data).toEqual({ valid: true, errors: [] });
    const half = await app.inject({
      method: 'POST',
      url: '/api/validate/gameplay/lucky-wheel',
      payload: { ...template, linkData: [{ key: '', value: 'x' }] },
    });
    expect(half.json().data.errors.map((e: { path: string }) => e.path)).toEqual(['/linkData/0/key']);
  });

  it('serves the rest when a folder is broken, naming it, and picks up changes when watching', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'gc-schemas-'));
    try {
      await cp('schemas', dir, { recursive: true });
      await writeFile(path.join(dir, 'gameplays/dice/schema.json'), '{ not json');
      const watching = await appOver(dir, true);
      try {
        const body = (await watching.inject({ method: 'GET', url: '/api/schemas' })).json();
        const names = body.data.entries.map((e: { name: string }) => e.name);
        expect(names).not.toContain('gameplay/dice');
        expect(names).toContain('gameplay/lucky-wheel');
        expect(body.data.problems[0]).toMatchObject({ folder: 'gameplays/dice', file: 'schema.json' });

        await cp('schemas/gameplays/dice/schema.json', path.join(dir, 'gameplays/dice/schema.json'));
        const deadline = Date.now() + 5000;
        let fixed = false;
        while (!fixed && Date.now() < deadline) {
          await new Promise((r) => setTimeout(r, 100));
          fixed = (await watching.inject({ method: 'GET', url: '/api/schemas/gameplay/dice' })).statusCode === 200;
        }
        expect(fixed).toBe(true);
      } finally {
        await watching.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('schema routes in the built app', () => {
  it('are registered, documented in OpenAPI and reachable without a session', async () => {
    const app = await buildApp({ databaseUrl: 'sqlite::memory:', webDir: path.resolve('no-such-dist') });
    try {
      const docs = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
      expect(Object.keys(docs.paths)).toEqual(
        expect.arrayContaining(['/api/schemas', '/api/schemas/{kind}/{mark}', '/api/validate/{kind}/{mark}']),
      );
      const res = await app.inject({
        method: 'POST',
        url: '/api/validate/gameplay/lucky-wheel',
        payload: { ...template, title: 'x'.repeat(31) },
        headers: { 'x-lang': 'en' },
      });
      expect(res.json()).toEqual({
        code: 0,
        msg: 'ok',
        data: { valid: false, errors: [{ path: '/title', keyword: 'maxLength', message: 'At most 30 characters' }] },
      });
      const badKind = await app.inject({ method: 'GET', url: '/api/schemas/widget/x' });
      expect(badKind.statusCode).toBe(400);
      expect(app.schemas.current().get('gameplay/lucky-wheel')).toBeDefined();
    } finally {
      await app.close();
    }
  });
});
