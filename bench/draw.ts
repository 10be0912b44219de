// npm run bench:draw: draws per second through the participant API (a real server process on a
// SQLite file, 50 participants drawing at once, each request its own participant session,
// idempotency key and one of several phone user agents, 1,500 participants in all) against a bare
// Fastify route doing the unavoidable part of a draw (session lookup, conditional stock UPDATE and
// reward INSERT in one transaction, JSON envelope) on a SQLite file opened the same way, in the
// same run. Rounds alternate product / anchor and the medians are reported, with each server's
// CPU time per request (from /proc: what the request costs, apart from the shared machine's
// load). Stock runs out during the run; afterwards the product's database is checked: wins of
// each prize beyond its stock (oversold) and reward rows against the stock counters. Not timed:
// sign-up, campaign set-up, the 1,500 session hand-offs and 1,000 warm-up draws on each side
// (made before the first round). Nothing is deferred: a draw's rows are committed before its
// answer. Then, with BENCH_DB=both (the default) or postgres, the same on PostgreSQL with one and
// two app instances (bench/drawPg.ts). Last line: one JSON object (PostgreSQL's figures under pg_
// and pg2_ keys).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createDb } from '../src/server/db/createDb';
import { api, freePort, median } from './benchHttp';
import { startProduct, waitFor } from './benchServer';
import { checkStock, seedDrawAnchor, setUpDrawCampaign } from './drawCampaign';
import { actionRound, round, type Round } from './drawLoad';
import { drawOnPostgres } from './drawPg';
import { benchDb, PgCluster } from './pgBench';

const PARTICIPANTS = Number(process.env.BENCH_PARTICIPANTS ?? 1500);
const DRAWS_PER_ROUND = Number(process.env.BENCH_DRAWS ?? 3000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
// Draws before the first round (JIT, statement caches, SQLite page cache), not counted.
const WARM_UP = 1000;
const root = resolve(import.meta.dirname, '..');
const log = (line: string) => console.log(line);

// BENCH_DB (sqlite, postgres, both: the default) says which databases run; the PostgreSQL runs
// (bench/drawPg.ts) come after the SQLite ones, their figures under pg_ and pg2_ keys.
const choice = benchDb();
async function postgresFigures(): Promise<Record<string, number>> {
  const cluster = await PgCluster.open(choice);
  if (!cluster) return {};
  try {
    const sizes = { participants: PARTICIPANTS, draws: DRAWS_PER_ROUND, rounds: ROUNDS, warmUp: WARM_UP };
    return await drawOnPostgres(cluster, sizes, log);
  } finally {
    await cluster.close();
  }
}
if (!choice.sqlite) {
  log(JSON.stringify(await postgresFigures()));
  process.exit(0);
}

/** The last line's figures: SQLite's under their own keys, then PostgreSQL's. */
const figures: Record<string, number> = {};
const dir = mkdtempSync(join(tmpdir(), 'bench-draw-'));
const children: ChildProcess[] = [];
try {
  // The product: a real server process on its own SQLite file.
  const productPort = await freePort();
  const product = startProduct(`sqlite:${join(dir, 'product.db')}`, dir, productPort);
  children.push(product);
  const base = `http://127.0.0.1:${productPort}`;
  await waitFor(`${base}/api/health`, product);
  const { campaign, scoped, schemas, config, productTokens } = await setUpDrawCampaign(base, PARTICIPANTS);

  // The anchor: its own SQLite file opened by createDb (same pragmas), the same prizes and stock.
  const anchorFile = join(dir, 'anchor.db');
  const anchorTokens = await seedDrawAnchor(`sqlite:${anchorFile}`, PARTICIPANTS);
  const anchorPort = await freePort();
  const anchor = spawn(
    process.execPath,
    ['--import', 'tsx', 'bench/drawBareServer.ts', anchorFile, String(anchorPort)],
    {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  children.push(anchor);
  await waitFor(`http://127.0.0.1:${anchorPort}/`, anchor);

  const productUrl = new URL(`${base}/api/play/v1/campaigns/${campaign.id}/actions/draw`);
  const anchorUrl = new URL(`http://127.0.0.1:${anchorPort}/draw/c`);
  // Warm-up of both (JIT, statement caches), not counted.
  await round(productUrl, productTokens, WARM_UP, 7, product.pid as number);
  await round(anchorUrl, anchorTokens, WARM_UP, 7, anchor.pid as number);

  const productRounds: Round[] = [];
  const anchorRounds: Round[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const p = await round(
      productUrl,
      productTokens,
      DRAWS_PER_ROUND,
      r * DRAWS_PER_ROUND,
      product.pid as number,
    );
    const a = await round(
      anchorUrl,
      anchorTokens,
      DRAWS_PER_ROUND,
      r * DRAWS_PER_ROUND,
      anchor.pid as number,
    );
    productRounds.push(p);
    anchorRounds.push(a);
    log(
      `round ${r + 1}: product ${p.perSecond} draws/s p50 ${p.p50} p99 ${p.p99} ms, ${p.cpuMicros} µs CPU/draw ${JSON.stringify(p.statuses)} | bare ${a.perSecond}/s p50 ${a.p50} p99 ${a.p99} ms, ${a.cpuMicros} µs CPU/draw ${JSON.stringify(a.statuses)}`,
    );
  }

  // Oversold: wins beyond each prize's stock, and reward rows against the counters.
  const checkDb = (await createDb(`sqlite:${join(dir, 'product.db')}`)).db;
  const oversold = await checkStock(checkDb, campaign.id, log);
  await checkDb.destroy();

  // The other mechanics' actions on the same server and participants (sessions are per project):
  // a quiz (start, then answer the attempt just started), a prediction (one pick per match), a
  // fragment collection (draw a piece, exchange pieces for a prize), a coin pool (stake), a daily
  // sign-in (checkIn), a task center (go on a visit task) and a dice board (roll).
  // Printed per action against the draw round's figures; the last line keeps its shape.
  const gameplay = (mark: string) => schemas.entries.find((e) => e.mark === mark)?.templates[0]?.config;
  const live = async (mark: string, fields: Record<string, unknown>) => {
    const made = await api<{ id: string }>(
      base,
      'POST',
      '/api/campaigns',
      {
        area: 'growth',
        kind: 'gameplay',
        mark,
        config: {
          ...gameplay(mark),
          ...fields,
          startTime: config.startTime,
          endTime: config.endTime,
          preheat: { enabled: false },
        },
      },
      scoped,
    );
    await api(base, 'POST', `/api/campaigns/${made.id}/actions`, { action: 'goOnline' }, scoped);
    return made.id;
  };
  const question = (id: string) => ({
    id,
    title: { 'zh-CN': id, 'en-US': id },
    options: ['a', 'b', 'c', 'd'].map((o) => ({ id: o, text: { 'zh-CN': o, 'en-US': o } })),
    answers: ['a'],
    score: 10,
  });
  const quizId = await live('prize-quiz', {
    questions: Array.from({ length: 10 }, (_, i) => question(`q${i}`)),
    questionsPerAttempt: 5,
    secondsPerQuestion: 0,
    chances: { initialCount: 1000, dailyFree: 0 },
    prizes: [
      {
        id: 'top',
        name: { 'zh-CN': 'top', 'en-US': 'top' },
        deliveryType: 'system',
        isThank: false,
        stock: 100,
        minScore: 50,
      },
      {
        id: 'mid',
        name: { 'zh-CN': 'mid', 'en-US': 'mid' },
        deliveryType: 'system',
        isThank: false,
        unlimitedStock: true,
        minScore: 30,
      },
    ],
    scoreLines: [],
  });
  const MATCHES = 20;
  const predictId = await live('match-prediction', {
    mode: 'voting',
    drawTime: new Date(Date.parse(config.endTime) - 3_600_000).toISOString(),
    settlement: 'draw',
    matches: Array.from({ length: MATCHES }, (_, m) => ({
      id: `m${m}`,
      title: { 'zh-CN': `m${m}`, 'en-US': `m${m}` },
      options: ['home', 'draw', 'away'].map((o) => ({ id: o, label: { 'zh-CN': o, 'en-US': o } })),
    })),
    prizes: [
      {
        id: 'gift',
        name: { 'zh-CN': 'gift', 'en-US': 'gift' },
        deliveryType: 'system',
        isThank: false,
        stock: 10,
      },
    ],
  });
  const piece = (id: string, odds: number) => ({ id, name: { 'zh-CN': id, 'en-US': id }, odds });
  const collectId = await live('fragment-collection', {
    fragments: [piece('f1', 50), piece('f2', 30), piece('f3', 20)],
    chances: { initialCount: 1000, dailyFree: 0 },
    prizes: [
      {
        id: 'one',
        name: { 'zh-CN': 'one', 'en-US': 'one' },
        deliveryType: 'system',
        isThank: false,
        unlimitedStock: true,
        fragmentCount: 1,
      },
    ],
  });
  // A coin pool: one SDK task event per participant (sent in batches through the SDK route, as
  // an app would) earns each 1000 coins; the `stake` round stakes one coin per action.
  await api(base, 'POST', '/api/events', { key: 'bench_task', name: 'Bench task' }, scoped);
  const poolId = await live('coin-pool', {
    drawTime: new Date(Date.parse(config.endTime) - 3_600_000).toISOString(),
    roundHours: 720,
    claimValidHours: 24,
    pool: { total: 1_000_000, perUserMax: 0 },
    // Earned through the SDK's door, so the task takes the app's events (a task defaults to the server's).
    tasks: [
      {
        id: 'task',
        title: { 'zh-CN': 'task', 'en-US': 'task' },
        event: 'bench_task',
        coins: 1000,
        progressSource: 'sdk',
      },
    ],
  });
  // A daily sign-in (each participant checks in once: a day, a reward) and a task center whose
  // visit task completes on every go (unlimited, a prize each).
  const checkInId = await live('daily-sign-in', { timezone: 'GMT+08:00' });
  const tasksId = await live('task-center', {
    tasks: [
      {
        id: 'visit',
        title: { 'zh-CN': 'visit', 'en-US': 'visit' },
        event: 'visit',
        limits: { daily: 0, weekly: 0, total: 0 },
        goButton: { text: { 'zh-CN': 'go', 'en-US': 'go' }, url: 'https://example.com/' },
        status: 'online',
        period: { mode: 'permanent' },
        prizeId: 'coins',
      },
    ],
  });
  // A dice board: 1000 dice each, a prize on every other cell (unlimited).
  const diceId = await live('dice', {
    initialDice: 1000,
    cells: Array.from({ length: 8 }, (_, i) => ({ index: 2 * i + 1, prizeId: 'coins' })),
  });
  const { accessKey } = await api<{ accessKey: string }>(base, 'GET', '/api/access-key', undefined, scoped);
  for (let i = 0; i < PARTICIPANTS; i += 500) {
    const events = Array.from({ length: Math.min(500, PARTICIPANTS - i) }, (_, k) => ({
      eventId: `task-${i + k}`,
      name: 'bench_task',
      deviceId: `device-${i + k}`,
      userId: `user-${i + k}`,
      platform: 'android',
      time: new Date().toISOString(),
    }));
    await api(base, 'POST', '/api/sdk/v1/events', { events }, { 'x-access-key': accessKey });
  }
  const actionUrl = (id: string, action: string) =>
    new URL(`${base}/api/play/v1/campaigns/${id}/actions/${action}`);
  const pid = product.pid as number;
  const perAction: Record<string, Round> = {};
  const count = Math.min(DRAWS_PER_ROUND, PARTICIPANTS * MATCHES);
  const attempts: { attemptId: string; questionIds: string[] }[] = [];
  const tokenOf = (i: number) => productTokens[i % productTokens.length];
  perAction.startQuiz = await actionRound(count, pid, {
    urlOf: () => actionUrl(quizId, 'startQuiz'),
    tokenOf,
    bodyOf: () => '{}',
    onAnswer: (i, text) => {
      attempts[i] = (
        JSON.parse(text) as { data: { result: { attemptId: string; questionIds: string[] } } }
      ).data.result;
    },
  });
  perAction.answer = await actionRound(count, pid, {
    urlOf: () => actionUrl(quizId, 'answer'),
    tokenOf,
    // Every other attempt all right (a prize), the rest half right.
    bodyOf: (i) =>
      JSON.stringify({
        attemptId: attempts[i].attemptId,
        answers: Object.fromEntries(
          attempts[i].questionIds.map((q, k) => [q, [i % 2 === 0 || k % 2 === 0 ? 'a' : 'b']]),
        ),
      }),
  });
  perAction.predict = await actionRound(count, pid, {
    urlOf: () => actionUrl(predictId, 'predict'),
    tokenOf,
    bodyOf: (i) =>
      JSON.stringify({
        matchId: `m${Math.floor(i / productTokens.length) % MATCHES}`,
        optionId: ['home', 'draw', 'away'][i % 3],
      }),
  });
  // Fragment collection: draws, then exchanges of the one-piece prize (refused with 409 for a
  // participant whose f1 pieces are spent: counted in the statuses).
  perAction.drawFragment = await actionRound(count, pid, {
    urlOf: () => actionUrl(collectId, 'drawFragment'),
    tokenOf,
    bodyOf: () => '{}',
  });
  perAction.exchange = await actionRound(count, pid, {
    urlOf: () => actionUrl(collectId, 'exchange'),
    tokenOf,
    bodyOf: () => JSON.stringify({ prizeId: 'one' }),
  });
  perAction.stake = await actionRound(count, pid, {
    urlOf: () => actionUrl(poolId, 'stake'),
    tokenOf,
    bodyOf: () => JSON.stringify({ coins: 1 }),
  });
  perAction.checkIn = await actionRound(productTokens.length, pid, {
    urlOf: () => actionUrl(checkInId, 'checkIn'),
    tokenOf,
    bodyOf: () => '{}',
  });
  perAction.roll = await actionRound(count, pid, {
    urlOf: () => actionUrl(diceId, 'roll'),
    tokenOf,
    bodyOf: () => '{}',
  });
  perAction.go = await actionRound(count, pid, {
    urlOf: () => actionUrl(tasksId, 'go'),
    tokenOf,
    bodyOf: () => JSON.stringify({ taskId: 'visit' }),
  });
  const anchorRef = median(anchorRounds.map((r) => r.perSecond));
  for (const [action, r] of Object.entries(perAction)) {
    log(
      `action ${action}: ${r.perSecond}/s (${Math.round((r.perSecond / anchorRef) * 1000) / 1000} of bare draws) p50 ${r.p50} p99 ${r.p99} ms, ${r.cpuMicros} µs CPU/action ${JSON.stringify(r.statuses)}`,
    );
  }
  log(
    `per action: ${JSON.stringify(Object.fromEntries(Object.entries(perAction).map(([a, r]) => [a, { per_s: r.perSecond, p99_ms: r.p99, cpu_us: r.cpuMicros }])))}`,
  );

  const drawsPerS = median(productRounds.map((r) => r.perSecond));
  const barePerS = median(anchorRounds.map((r) => r.perSecond));
  Object.assign(figures, {
    draws_per_s: drawsPerS,
    bare_per_s: barePerS,
    ratio: Math.round((drawsPerS / barePerS) * 1000) / 1000,
    p99_ms: median(productRounds.map((r) => r.p99)),
    bare_p99_ms: median(anchorRounds.map((r) => r.p99)),
    cpu_us_per_draw: median(productRounds.map((r) => r.cpuMicros)),
    bare_cpu_us_per_draw: median(anchorRounds.map((r) => r.cpuMicros)),
    oversold,
  });
} finally {
  for (const child of children) child.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 300));
  rmSync(dir, { recursive: true, force: true });
}
if (choice.postgres) Object.assign(figures, await postgresFigures());
log(JSON.stringify(figures));
