// npm run bench:redirect: requests per second and p99 latency of the redirector (a link on
// bench.localhost answering a 302, click recording on) against a bare node:http server answering
// the same fixed 302, both in their own process, measured by autocannon on loopback in the same
// run. The two alternate for a few rounds and each keeps its best round, so a burst of other work
// on the machine does not decide the ratio; p99 is the redirector's median over the rounds.
// After each redirector round the bench waits until that round's clicks are all in the clicks
// table (the redirector journals them during a burst and loads them when quiet) and says how
// long that took, so that loading is never done while the bare server is measured.
// A third round serves an ads strategy on the same link host (`/s/:id`, 10 000 distinct visitors
// by their `vid`, three URLs by ratio) with every serve counted as a request and a click: its
// window is the round plus the flush of the serve queue after it (the counters written every
// second during the round are inside it too), and the bench checks that every 302 was counted
// in the stored counters.
// Its anchor is the same bare server given the same requests (the visitors' paths). The rounds
// alternate; the strategy's figure is the median of its rounds, its ratio the median of each
// round's strategy / bare on the visitors' paths.
// Last line: one JSON object { rps, bare_rps, ratio, p99_ms, strategy_rps, strategy_ratio }.
import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';

interface Ready {
  port: number;
  path?: string;
  strategyPath?: string;
}

/** Distinct visitors of the strategy round (its paths are built once, then cycled). */
const VISITORS = 10_000;

function start(mode: 'app' | 'bare'): Promise<{ child: ChildProcess; ready: Ready }> {
  const child = fork(new URL('./redirectServer.ts', import.meta.url), [mode], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (ready: Ready) => resolve({ child, ready }));
    child.once('exit', (code) => reject(new Error(`${mode} server exited with ${code}`)));
  });
}

function ask(child: ChildProcess): Promise<{ clicks: number }> {
  return new Promise((resolve) => {
    child.once('message', (answer: { clicks: number }) => resolve(answer));
    child.send({ cmd: 'stats' });
  });
}

interface AdsStats {
  requests: number;
  adClicks: number;
  flushMs: number;
}

function askAds(child: ChildProcess): Promise<AdsStats> {
  return new Promise((resolve) => {
    child.once('message', (answer: AdsStats) => resolve(answer));
    child.send({ cmd: 'ads' });
  });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

// CPU seconds a process has used (user + system, all its threads), from /proc on Linux.
const TICKS_PER_S = 100;
function cpuSeconds(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_S;
  } catch {
    return NaN;
  }
}

async function load(port: number, path: string, seconds: number, pid?: number, paths?: string[]) {
  const cpuBefore = cpuSeconds(pid);
  const result = await autocannon({
    url: `http://127.0.0.1:${port}${path}`,
    connections: CONNECTIONS,
    duration: seconds,
    headers: { host: `bench.localhost:${port}`, 'user-agent': UA },
    // Distinct visitors: one request per path, each built once by autocannon and cycled (no
    // per-request work in the client, which shares the machine).
    ...(paths ? { requests: paths.map((p) => ({ path: p })) } : {}),
  });
  const wrong = result.non2xx - (result.statusCodeStats?.['302']?.count ?? 0);
  if (result.errors > 0 || wrong > 0 || result['3xx'] === 0)
    throw new Error(`unexpected answers: ${result.errors} errors, ${JSON.stringify(result.statusCodeStats)}`);
  // Server CPU per answered request, a diagnostic of where a low ratio comes from.
  const cpuUs = ((cpuSeconds(pid) - cpuBefore) * 1e6) / result['3xx'];
  return { rps: result.requests.average, p99: result.latency.p99, total: result['3xx'], cpuUs };
}

const app = await start('app');
const bare = await start('bare');
try {
  const path = app.ready.path ?? '/';
  const strategyPath = app.ready.strategyPath ?? '/';
  const visitorPaths = Array.from({ length: VISITORS }, (_, i) => `${strategyPath}?vid=v${i}`);
  // Warm-up: JIT, caches, the first flushes.
  await load(app.ready.port, path, 2);
  await ask(app.child);
  await load(app.ready.port, strategyPath, 2, undefined, visitorPaths);
  let ads = await askAds(app.child);
  await load(bare.ready.port, '/', 2);
  const before = (await ask(app.child)).clicks;
  const rounds: {
    app: Awaited<ReturnType<typeof load>>;
    bare: Awaited<ReturnType<typeof load>>;
    settleMs: number;
    strategyRps: number;
    bareVisitors: Awaited<ReturnType<typeof load>>;
  }[] = [];
  for (let i = 0; i < ROUNDS; i += 1) {
    const measured = await load(app.ready.port, path, DURATION, app.child.pid);
    // The redirector journals clicks during a burst and loads them into the clicks table when
    // it is quiet: that loading happens here, before the bare server is measured, not during it.
    const settleStart = performance.now();
    const settleCpu = cpuSeconds(app.child.pid);
    await ask(app.child);
    const settleMs = performance.now() - settleStart;
    const loadUs = ((cpuSeconds(app.child.pid) - settleCpu) * 1e6) / measured.total;
    // The strategy round: every serve is a request and a click, counted by the serve queue and
    // written every second during the round; the flush of what is left counts in its window.
    const served = await load(app.ready.port, strategyPath, DURATION, app.child.pid, visitorPaths);
    const flushCpu = cpuSeconds(app.child.pid);
    const after = await askAds(app.child);
    const flushUs = ((cpuSeconds(app.child.pid) - flushCpu) * 1e6) / served.total;
    // autocannon stops counting at the end of the round with up to one request per connection
    // still in flight: those are answered (and stored) but not counted.
    const recorded = after.requests - ads.requests;
    const clicked = after.adClicks - ads.adClicks;
    if (recorded < served.total || recorded > served.total + CONNECTIONS || clicked !== recorded)
      throw new Error(
        `strategy round: ${served.total} serves, ${recorded} requests and ${clicked} clicks counted`,
      );
    ads = after;
    const strategyRps = served.total / (DURATION + after.flushMs / 1000);
    const baseline = await load(bare.ready.port, '/', DURATION, bare.child.pid);
    // The anchor of the strategy round gets the same requests (the visitors' paths), so the
    // client's work per request is the same on both sides.
    const bareVisitors = await load(bare.ready.port, '/', DURATION, bare.child.pid, visitorPaths);
    rounds.push({ app: measured, bare: baseline, settleMs, strategyRps, bareVisitors });
    console.log(
      `round ${i + 1}: redirector ${Math.round(measured.rps)} req/s p99 ${measured.p99} ms ${measured.cpuUs.toFixed(1)} µs CPU/req, ` +
        `its ${measured.total} clicks all in the table ${(settleMs / 1000).toFixed(1)} s after the round ` +
        `(${loadUs.toFixed(1)} µs CPU/click) | ` +
        `strategy ${Math.round(strategyRps)} serves/s recorded (${served.total} in ${DURATION} s + ` +
        `${Math.round(after.flushMs)} ms final flush) p99 ${served.p99} ms ${served.cpuUs.toFixed(1)} µs CPU/serve ` +
        `(+${flushUs.toFixed(1)} µs/serve to flush) | ` +
        `bare ${Math.round(baseline.rps)} req/s p99 ${baseline.p99} ms ${baseline.cpuUs.toFixed(1)} µs CPU/req, ` +
        `on the visitors' paths ${Math.round(bareVisitors.rps)} req/s p99 ${bareVisitors.p99} ms`,
    );
  }
  const stored = (await ask(app.child)).clicks - before;
  const requests = rounds.reduce((n, r) => n + r.app.total, 0);
  console.log(
    `connections ${CONNECTIONS}, ${ROUNDS} rounds of ${DURATION} s each, loopback; ${stored} of ${requests} clicks stored`,
  );
  if (stored < requests) throw new Error(`only ${stored} of ${requests} clicks were stored`);
  const rps = Math.max(...rounds.map((r) => r.app.rps));
  const bareRps = Math.max(...rounds.map((r) => r.bare.rps));
  const p99s = rounds.map((r) => r.app.p99).sort((a, b) => a - b);
  console.log(
    `strategy: window = the round (${DURATION} s, counters written every second inside it) + the final ` +
      `flush; each of its 302s counted as an ad request and an ad click, checked after every round`,
  );
  console.log(
    JSON.stringify({
      rps: Math.round(rps),
      bare_rps: Math.round(bareRps),
      ratio: Number((rps / bareRps).toFixed(3)),
      p99_ms: p99s[Math.floor(p99s.length / 2)],
      strategy_rps: Math.round(median(rounds.map((r) => r.strategyRps))),
      strategy_ratio: Number(median(rounds.map((r) => r.strategyRps / r.bareVisitors.rps)).toFixed(3)),
    }),
  );
} finally {
  app.child.kill('SIGTERM');
  bare.child.kill('SIGTERM');
}
