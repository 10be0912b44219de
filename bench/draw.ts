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
// answer. Last line: one JSON object.
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { Agent, request as httpRequest } from 'node:http';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import { createDb } from '../src/server/db/createDb';
import { api, freePort, median } from './benchHttp';
import { startProduct, waitFor } from './benchServer';

const PARTICIPANTS = Number(process.env.BENCH_PARTICIPANTS ?? 1500);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 50);
const DRAWS_PER_ROUND = Number(process.env.BENCH_DRAWS ?? 3000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
// Draws before the first round (JIT, statement caches, SQLite page cache), not counted.
const WARM_UP = 1000;
const root = resolve(import.meta.dirname, '..');
const log = (line: string) => console.log(line);

// Several prizes of limited stock (they run out during the run) plus an unlimited one and thank-you.
const PRIZES = [
  { id: 'phone', odds: 1, stock: 20 },
  { id: 'coupon50', odds: 9, stock: 400 },
  { id: 'coupon10', odds: 20, stock: 1500 },
  { id: 'points', odds: 30, stock: null },
];

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

interface Round {
  perSecond: number;
  /** The server process's CPU time (user + system) per request, in microseconds. */
  cpuMicros: number;
  p50: number;
  p99: number;
  statuses: Record<string, number>;
}

const USER_AGENTS = [
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Linux; Android 13; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/123.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47',
  'Mozilla/5.0 (Linux; Android 12; M2012K11AC) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36 XiaoMi/MiuiBrowser/17.8',
];

// The load generator is node:http on keep-alive sockets, one per participant in flight: it costs the
// shared two cores far less per request than fetch, so both servers get the same, larger share.
const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });

function post(url: URL, headers: Record<string, string>, body: string): Promise<number> {
  return postReading(url, headers, body, false).then((answer) => answer.status);
}

/** A POST answering its status and, when `keep`, its body. */
function postReading(
  url: URL,
  headers: Record<string, string>,
  body: string,
  keep: boolean,
): Promise<{ status: number; text: string }> {
  return new Promise((ok, fail) => {
    const request = httpRequest(
      url,
      { method: 'POST', agent, headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => {
          if (keep) chunks.push(chunk);
        });
        response.on('end', () =>
          ok({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString() }),
        );
        response.on('error', fail);
      },
    );
    request.on('error', fail);
    request.end(body);
  });
}

/** A process's CPU time so far (user + system, from /proc), in microseconds. */
function cpuOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // Fields 14 and 15 of stat (utime, stime) are the 12th and 13th after the command name.
  return ((Number(fields[11]) + Number(fields[12])) * 1e6) / CLOCK_TICKS;
}
const CLOCK_TICKS = 100;

/** `count` draws, `CONCURRENCY` in flight, each by the next participant in turn, fresh keys. */
async function round(url: URL, tokens: string[], count: number, offset: number, pid: number): Promise<Round> {
  const cpuBefore = cpuOf(pid);
  let next = 0;
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  const start = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < count) {
        const i = next++;
        const token = tokens[(offset + i) % tokens.length];
        const sent = performance.now();
        const status = await post(
          url,
          {
            authorization: `Participant ${token}`,
            'idempotency-key': `r${offset}-${i}-${randomBytes(4).toString('hex')}`,
            'content-type': 'application/json',
            'user-agent': USER_AGENTS[(offset + i) % USER_AGENTS.length],
          },
          '{}',
        );
        latencies.push(performance.now() - sent);
        statuses[status] = (statuses[status] ?? 0) + 1;
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  return {
    perSecond: Math.round(count / seconds),
    cpuMicros: Math.round((cpuOf(pid) - cpuBefore) / count),
    p50: Math.round(percentile(latencies, 50) * 10) / 10,
    p99: Math.round(percentile(latencies, 99) * 10) / 10,
    statuses,
  };
}

/**
 * `count` requests of another action, `CONCURRENCY` in flight: request `i` goes to `urlOf(i)` as
 * participant `tokenOf(i)` with `bodyOf(i)`; `onAnswer` reads each answer's body when given.
 */
async function actionRound(
  count: number,
  pid: number,
  request: {
    urlOf(i: number): URL;
    tokenOf(i: number): string;
    bodyOf(i: number): string;
    onAnswer?(i: number, text: string): void;
  },
): Promise<Round> {
  const cpuBefore = cpuOf(pid);
  let next = 0;
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  const start = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < count) {
        const i = next++;
        const sent = performance.now();
        const answer = await postReading(
          request.urlOf(i),
          {
            authorization: `Participant ${request.tokenOf(i)}`,
            'idempotency-key': `a${i}-${randomBytes(4).toString('hex')}`,
            'content-type': 'application/json',
            'user-agent': USER_AGENTS[i % USER_AGENTS.length],
          },
          request.bodyOf(i),
          request.onAnswer !== undefined,
        );
        latencies.push(performance.now() - sent);
        statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
        request.onAnswer?.(i, answer.text);
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  return {
    perSecond: Math.round(count / seconds),
    cpuMicros: Math.round((cpuOf(pid) - cpuBefore) / count),
    p50: Math.round(percentile(latencies, 50) * 10) / 10,
    p99: Math.round(percentile(latencies, 99) * 10) / 10,
    statuses,
  };
}

const dir = mkdtempSync(join(tmpdir(), 'bench-draw-'));
const children: ChildProcess[] = [];
try {
  // The product: a real server process on its own SQLite file.
  const productPort = await freePort();
  const product = startProduct(`sqlite:${join(dir, 'product.db')}`, dir, productPort);
  children.push(product);
  const base = `http://127.0.0.1:${productPort}`;
  await waitFor(`${base}/api/health`, product);
  const { token } = await api<{ token: string }>(base, 'POST', '/api/auth/sign-up', {
    companyName: 'Bench',
    email: 'bench@example.com',
    password: 'bench-pass',
    confirmPassword: 'bench-pass',
    agreement: true,
  });
  const auth = { authorization: `Bearer ${token}` };
  const project = await api<{ id: string }>(
    base,
    'POST',
    '/api/projects',
    { name: 'Bench', domainPrefix: 'bench', timezone: 'Asia/Shanghai' },
    auth,
  );
  const scoped = { ...auth, 'x-project-id': project.id };
  const schemas = await api<{
    entries: { mark: string; templates: { name: string; config: Record<string, unknown> }[] }[];
  }>(base, 'GET', '/api/schemas?kind=gameplay');
  const template = schemas.entries
    .find((e) => e.mark === 'lucky-wheel')
    ?.templates.find((t) => t.name === 'classic');
  if (!template) throw new Error('no lucky-wheel classic template');
  const now = Date.now();
  const config = {
    ...template.config,
    startTime: new Date(now - 3_600_000).toISOString(),
    endTime: new Date(now + 7 * 86_400_000).toISOString(),
    onlineAt: undefined,
    offlineAt: undefined,
    preheat: { enabled: false },
    prizes: [
      ...PRIZES.map((p) => ({
        id: p.id,
        name: { 'zh-CN': p.id, 'en-US': p.id },
        deliveryType: 'system',
        isThank: false,
        odds: p.odds,
        ...(p.stock === null ? { unlimitedStock: true } : { stock: p.stock }),
      })),
      {
        id: 'thanks',
        name: { 'zh-CN': '谢谢参与', 'en-US': 'Thank you' },
        deliveryType: 'system',
        isThank: true,
      },
    ],
    chances: { initialCount: 1000, dailyFree: 0 },
  };
  const campaign = await api<{ id: string }>(
    base,
    'POST',
    '/api/campaigns',
    { area: 'growth', kind: 'gameplay', mark: 'lucky-wheel', config },
    scoped,
  );
  await api(base, 'POST', `/api/campaigns/${campaign.id}/actions`, { action: 'goOnline' }, scoped);
  const { apiSecret } = await api<{ apiSecret: string }>(base, 'GET', '/api/access-key', undefined, scoped);

  // 1,500 participants, each with a session from a signed hand-off (not timed).
  const exp = Math.floor(now / 1000) + 3600;
  const productTokens: string[] = [];
  for (let i = 0; i < PARTICIPANTS; i += 50) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(50, PARTICIPANTS - i) }, (_, j) => {
        const userId = `user-${i + j}`;
        const sig = createHmac('sha256', apiSecret)
          .update(`${campaign.id}.${userId}.${exp}`)
          .digest('base64url');
        return api<{ token: string }>(base, 'POST', '/api/play/v1/sessions', {
          campaignId: campaign.id,
          userId,
          exp,
          sig,
        });
      }),
    );
    productTokens.push(...batch.map((b) => b.token));
  }

  // The anchor: its own SQLite file opened by createDb (same pragmas), the same prizes and stock.
  const anchorFile = join(dir, 'anchor.db');
  const anchorDb = (await createDb(`sqlite:${anchorFile}`)).db;
  await sql`create table bare_sessions (token_hash text primary key, participant_id text not null)`.execute(
    anchorDb,
  );
  await sql`create table bare_stock (campaign_id text not null, prize_id text not null, hundredths integer not null, stock integer not null, issued integer not null default 0, primary key (campaign_id, prize_id))`.execute(
    anchorDb,
  );
  await sql`create table bare_rewards (id text primary key, campaign_id text not null, participant_id text not null, prize_id text not null, idempotency_key text not null, created_at text not null, unique (participant_id, idempotency_key))`.execute(
    anchorDb,
  );
  const anchorTokens = Array.from({ length: PARTICIPANTS }, () => randomBytes(32).toString('base64url'));
  for (const [i, t] of anchorTokens.entries()) {
    await sql`insert into bare_sessions values (${createHash('sha256').update(t).digest('hex')}, ${`p${i}`})`.execute(
      anchorDb,
    );
  }
  for (const p of PRIZES) {
    await sql`insert into bare_stock values ('c', ${p.id}, ${p.odds * 100}, ${p.stock ?? 1_000_000_000}, 0)`.execute(
      anchorDb,
    );
  }
  await anchorDb.destroy();
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
  const check = new SqliteDatabase(join(dir, 'product.db'), { readonly: true });
  const rows = check
    .prepare(`select prize_id, count(*) as n from reward_records where campaign_id = ? group by prize_id`)
    .all(campaign.id) as { prize_id: string; n: number }[];
  const counters = check
    .prepare(`select prize_id, issued from play_prize_stock where campaign_id = ?`)
    .all(campaign.id) as { prize_id: string; issued: number }[];
  const draws = (
    check.prepare(`select count(*) as n from play_actions where campaign_id = ?`).get(campaign.id) as {
      n: number;
    }
  ).n;
  check.close();
  let oversold = 0;
  for (const p of PRIZES) {
    const won = rows.find((r) => r.prize_id === p.id)?.n ?? 0;
    const issued = counters.find((c) => c.prize_id === p.id)?.issued ?? 0;
    if (won !== issued) throw new Error(`prize ${p.id}: ${won} reward rows but the counter says ${issued}`);
    if (p.stock !== null) oversold += Math.max(0, won - p.stock);
    log(`prize ${p.id}: stock ${p.stock ?? 'unlimited'}, won ${won}`);
  }
  log(`${draws} draws stored (warm-up included); every answer above is one committed transaction`);

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
    tasks: [{ id: 'task', title: { 'zh-CN': 'task', 'en-US': 'task' }, event: 'bench_task', coins: 1000 }],
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
  log(
    JSON.stringify({
      draws_per_s: drawsPerS,
      bare_per_s: barePerS,
      ratio: Math.round((drawsPerS / barePerS) * 1000) / 1000,
      p99_ms: median(productRounds.map((r) => r.p99)),
      bare_p99_ms: median(anchorRounds.map((r) => r.p99)),
      cpu_us_per_draw: median(productRounds.map((r) => r.cpuMicros)),
      bare_cpu_us_per_draw: median(anchorRounds.map((r) => r.cpuMicros)),
      oversold,
    }),
  );
} finally {
  for (const child of children) child.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 300));
  rmSync(dir, { recursive: true, force: true });
}
