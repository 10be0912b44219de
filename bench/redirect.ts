// npm run bench:redirect: requests per second and p99 latency of the redirector (a link on
// bench.localhost answering a 302, click recording on) against a bare node:http server answering
// the same fixed 302, both in their own process, measured by autocannon on loopback in the same
// run. The two alternate for a few rounds and each keeps its best round, so a burst of other work
// on the machine does not decide the ratio; p99 is the redirector's median over the rounds.
// After each redirector round the bench waits until that round's clicks are all in the clicks
// table (the redirector journals them during a burst and loads them when quiet) and says how
// long that took, so that loading is never done while the bare server is measured.
// Last line: one JSON object { rps, bare_rps, ratio, p99_ms }.
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
}

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

async function load(port: number, path: string, seconds: number, pid?: number) {
  const cpuBefore = cpuSeconds(pid);
  const result = await autocannon({
    url: `http://127.0.0.1:${port}${path}`,
    connections: CONNECTIONS,
    duration: seconds,
    headers: { host: `bench.localhost:${port}`, 'user-agent': UA },
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
  // Warm-up: JIT, caches, the first flushes.
  await load(app.ready.port, path, 2);
  await ask(app.child);
  await load(bare.ready.port, '/', 2);
  const before = (await ask(app.child)).clicks;
  const rounds: {
    app: Awaited<ReturnType<typeof load>>;
    bare: Awaited<ReturnType<typeof load>>;
    settleMs: number;
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
    const baseline = await load(bare.ready.port, '/', DURATION, bare.child.pid);
    rounds.push({ app: measured, bare: baseline, settleMs });
    console.log(
      `round ${i + 1}: redirector ${Math.round(measured.rps)} req/s p99 ${measured.p99} ms ${measured.cpuUs.toFixed(1)} µs CPU/req, ` +
        `its ${measured.total} clicks all in the table ${(settleMs / 1000).toFixed(1)} s after the round ` +
        `(${loadUs.toFixed(1)} µs CPU/click) | ` +
        `bare ${Math.round(baseline.rps)} req/s p99 ${baseline.p99} ms ${baseline.cpuUs.toFixed(1)} µs CPU/req`,
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
    JSON.stringify({
      rps: Math.round(rps),
      bare_rps: Math.round(bareRps),
      ratio: Number((rps / bareRps).toFixed(3)),
      p99_ms: p99s[Math.floor(p99s.length / 2)],
    }),
  );
} finally {
  app.child.kill('SIGTERM');
  bare.child.kill('SIGTERM');
}
