// Child process of bench/redirect.ts: serves either the real app (redirector with click
// recording on a temp SQLite database, request logging at info level into a discarded stream,
// TRUST_PROXY on loopback so X-Forwarded-For names each visitor; links of both redirect modes;
// also an ads strategy served on the link host, every serve counted) or a bare node:http server
// answering the same fixed 302 to any request. The app process also serves that fixed 302 on a
// second port (the in-process floor). Given a number of microseconds after `bare`, the bare
// server burns that much CPU before each answer (bench/redirectBudget.ts). Tells the parent its
// ports and paths over IPC.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { Writable } from 'node:stream';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../src/server/app';
import { countPgQueries } from './pgQueryCount';

const TARGET = 'https://example.com/landing';
const mode = process.argv[2];

function send(message: unknown) {
  process.send?.(message);
}

/** The bare server's answer: the same fixed 302 to any request. */
function fixedRedirect(_req: IncomingMessage, res: ServerResponse) {
  res.writeHead(302, { location: TARGET, 'cache-control': 'no-store', 'content-length': 0 });
  res.end();
}

if (mode === 'bare') {
  // redirectBudget.ts: the same answer after `workUs` of CPU (a busy wait: no allocation, no I/O).
  const workMs = Number(process.argv[3] ?? 0) / 1000;
  const server = createServer(
    workMs > 0
      ? (req, res) => {
          const until = performance.now() + workMs;
          while (performance.now() < until);
          fixedRedirect(req, res);
        }
      : fixedRedirect,
  );
  server.listen(0, '127.0.0.1', () => send({ ready: true, port: (server.address() as AddressInfo).port }));
  process.on('message', () => send({ clicks: 0 }));
  // Exit normally (not killed) so that `--cpu-prof` can write its profile.
  process.on('SIGTERM', () => process.exit(0));
} else {
  const dir = mkdtempSync(join(tmpdir(), 'growth-bench-'));
  const discard = new Writable({ write: (_chunk, _enc, done) => done() });
  // BENCH_DATABASE_URL (bench/redirectPg.ts): a PostgreSQL database instead of the temp SQLite
  // file; the statements the app sends to it are counted (bench/pgQueryCount.ts).
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? `sqlite:${join(dir, 'bench.db')}`;
  const queries = databaseUrl.startsWith('postgres') ? countPgQueries() : undefined;
  const app = await buildApp({
    databaseUrl,
    webDir: join(dir, 'no-web'),
    logger: { level: 'info', stream: discard },
    publicUrl: 'http://localhost:3000',
    linkHost: 'localhost',
    trustProxy: ['loopback'],
  });
  const inject = async (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    body?: object,
    headers: Record<string, string> = {},
  ) => {
    const response = await app.inject({ method, url, payload: body, headers });
    if (response.statusCode !== 200)
      throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
    return response.json().data;
  };
  // A second instance on the same database (BENCH_REDIRECT_PATHS, the first one's paths) serves
  // the links the first one made.
  const given = process.env.BENCH_REDIRECT_PATHS;
  const paths: LinkPaths = given ? (JSON.parse(given) as LinkPaths) : await setUpLinks(inject);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as AddressInfo).port;
  // The floor: the bare server's own handler on a server of its own inside this process, beside
  // the app (its heap, timers, worker threads and the Node internals its code shares).
  const floor = createServer(fixedRedirect);
  await new Promise<void>((ok) => floor.listen(0, '127.0.0.1', ok));
  send({
    ready: true,
    port,
    floorPort: (floor.address() as AddressInfo).port,
    ...paths,
  });
  process.on('message', async (message: { cmd?: string }) => {
    if (message?.cmd === 'pg-queries') {
      send(queries ?? { queries: 0, ms: 0 });
      return;
    }
    if (message?.cmd === 'ads') {
      // Writes what the serve queue holds (the rest of the round) and says how long that took.
      const start = performance.now();
      await app.adsServing.queue.flush();
      const flushMs = performance.now() - start;
      const sums = await app.ctx.db
        .selectFrom('ad_serves')
        .select((eb) => [
          eb.fn.sum<number>('requests').as('requests'),
          eb.fn.sum<number>('clicks').as('clicks'),
        ])
        .executeTakeFirstOrThrow();
      send({ requests: Number(sums.requests ?? 0), adClicks: Number(sums.clicks ?? 0), flushMs });
      return;
    }
    await app.deepLinks.clicks.flush();
    const row = await app.ctx.db
      .selectFrom('clicks')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    send({ clicks: Number(row.n) });
  });
  process.on('SIGTERM', () => {
    void app.close().then(() => {
      rmSync(dir, { recursive: true, force: true });
      process.exit(0);
    });
  });
}

/** A link set-up's paths, the same on every instance serving it. */
interface LinkPaths {
  path: string;
  mixPaths: string[];
  strategyPath: string;
}

type Inject = (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  body?: object,
  headers?: Record<string, string>,
) => Promise<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Sign-up, project, templates, the links of the mix and the ads strategy, through the app. */
async function setUpLinks(inject: Inject): Promise<LinkPaths> {
  await inject('POST', '/api/auth/sign-up', {
    companyName: 'Bench',
    email: 'bench@example.com',
    password: 'secret123',
    confirmPassword: 'secret123',
    agreement: true,
  });
  const { token } = await inject('POST', '/api/auth/login', {
    email: 'bench@example.com',
    password: 'secret123',
  });
  const auth = { authorization: `Bearer ${token}` };
  const project = await inject('POST', '/api/projects', { name: 'Bench', domainPrefix: 'bench' }, auth);
  const scoped = { ...auth, 'x-project-id': project.id };
  const template = await inject('POST', '/api/link-templates', { name: 'bench' }, scoped);
  // A template with stores (brand stores and Google Play by package, the App Store, a WeChat
  // landing page): its links answer 302 to a store, a launch or landing page, a crawler preview.
  const stores = await inject(
    'POST',
    '/api/link-templates',
    {
      name: 'stores',
      android: {
        stores: ['huawei', 'xiaomi', 'samsung', 'oppo', 'vivo', 'google-play'],
        packageNames: 'com.example.app',
      },
      ios: { appStoreUrl: 'https://apps.apple.com/app/id123456789' },
      pcHomepage: 'https://example.com/app',
      webFirst: false,
      wechatLanding: true,
    },
    scoped,
  );
  const mixLinks = [
    await inject(
      'POST',
      '/api/links',
      { name: 'store', linkId: 'Store2', templateId: stores.id, redirectMode: 'template' },
      scoped,
    ),
    await inject(
      'POST',
      '/api/links',
      {
        name: 'per-platform',
        linkId: 'Plat01',
        templateId: template.id,
        redirectMode: 'custom',
        redirects: {
          default: TARGET,
          ios: 'https://example.com/ios',
          android: 'https://example.com/android',
          web: 'https://example.com/web',
        },
      },
      scoped,
    ),
  ];
  const link = await inject(
    'POST',
    '/api/links',
    {
      name: 'bench',
      linkId: 'Bench1',
      templateId: template.id,
      redirectMode: 'custom',
      redirects: { default: TARGET },
    },
    scoped,
  );
  // An ads strategy over the same anchor (three URLs by ratio), the module on.
  await inject('PUT', '/api/ads/settings', { enabled: true }, scoped);
  const strategy = await inject(
    'POST',
    '/api/ads/strategies',
    {
      name: 'bench',
      type: 'general',
      distribution: 'custom',
      urls: [
        { url: TARGET, ratio: 50 },
        { url: `${TARGET}?v=2`, ratio: 30 },
        { url: `${TARGET}?v=3`, ratio: 20 },
      ],
    },
    scoped,
  );
  return {
    path: `/${link.linkId}`,
    mixPaths: [...mixLinks.map((l) => `/${l.linkId}`), `/${link.linkId}`],
    strategyPath: `/s/${strategy.id}`,
  };
}
