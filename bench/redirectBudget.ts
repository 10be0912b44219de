// npm run bench:redirect-budget: what a ratio against bench:redirect's bare server means in CPU on
// the machine it runs on. The bare server (a fixed 302, its own process) is started several
// times, each copy burning a fixed amount of CPU before every answer (a busy wait of WORK µs: no
// allocation, no I/O, nothing else changed), and given bench:redirect's mix. Its ratio to the
// copy that burns nothing says how much added work per request a ratio leaves room for: both
// sides share two cores with the load generator here, so a slower server also pays more for each
// write (the client sleeps more and must be woken), and the curve counts that too.
//
// The redirector (the app on the same mix, every click recorded) runs in the same alternation,
// so the run also says which amount of added work its ratio corresponds to. As in bench:redirect,
// the app's clicks are all in the clicks table before the next round starts (that wait is outside
// every window).
//
// Rounds alternate (anchor, each level, redirector; BENCH_ROUNDS of them, 5 s each) and every
// figure is the median of the rounds' ratios to the anchor of the same round. Outside the
// windows: server start, the app's set-up and a 2 s warm-up of each server.
//
// Last line: one JSON object { anchor_rps, levels: [{ work_us, rps, ratio, cpu_us }],
// redirector_rps, redirector_ratio, redirector_cpu_us, work_us_at_0_6, work_us_at_0_4,
// redirector_equivalent_work_us }: `work_us_at_r` is the added CPU per request at which the curve
// falls to the ratio r (linear between the levels measured, null outside them);
// `redirector_equivalent_work_us` is the added work whose ratio equals the redirector's.
import {
  CONNECTIONS,
  DURATION,
  ROUNDS,
  clicksStored,
  fmt,
  load,
  median,
  mixRequests,
  start,
  type Measured,
} from './redirectTraffic';

/** Added CPU per request of the bare server's copies, in µs (0 is the anchor). */
const WORK = [0, 5, 10, 20, 40, 80];

/** The work at which a falling curve of (work, ratio) points reaches `ratio`, linear between points. */
function workAt(points: { work: number; ratio: number }[], ratio: number): number | null {
  for (let i = 0; i + 1 < points.length; i += 1) {
    const [a, b] = [points[i], points[i + 1]];
    if (a.ratio >= ratio && b.ratio < ratio) {
      return Number((a.work + ((a.ratio - ratio) * (b.work - a.work)) / (a.ratio - b.ratio)).toFixed(1));
    }
  }
  return null;
}

const app = await start('app');
const bares = await Promise.all(WORK.map((work) => start('bare', work)));
try {
  const appHost = `bench.localhost:${app.ready.port}`;
  const mix = mixRequests(appHost, app.ready.mixPaths ?? [app.ready.path ?? '/']);
  // Each server gets the same requests with its own Host.
  const mixFor = (port: number) =>
    mix.map((r) => ({ ...r, headers: { ...r.headers, host: `bench.localhost:${port}` } }));
  const bareMixes = bares.map((b) => mixFor(b.ready.port));

  await load(app.ready.port, 2, { requests: mix });
  await clicksStored(app.child);
  for (const [i, b] of bares.entries()) await load(b.ready.port, 2, { requests: bareMixes[i] });

  const rounds: { levels: Measured[]; app: Measured }[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const levels: Measured[] = [];
    for (const [i, b] of bares.entries()) {
      levels.push(await load(b.ready.port, DURATION, { pid: b.child.pid, requests: bareMixes[i] }));
    }
    const redirector = await load(app.ready.port, DURATION, { pid: app.child.pid, requests: mix });
    const settleStart = performance.now();
    await clicksStored(app.child);
    const settleMs = performance.now() - settleStart;
    rounds.push({ levels, app: redirector });
    console.log(
      `round ${round + 1}: ` +
        WORK.map((work, i) => `+${work} µs ${fmt(levels[i])}`).join(' | ') +
        ` | redirector ${fmt(redirector)} (its clicks in the table ${(settleMs / 1000).toFixed(1)} s after)`,
    );
  }

  const ratioOf = (pick: (r: (typeof rounds)[number]) => Measured) =>
    Number(median(rounds.map((r) => pick(r).rps / r.levels[0].rps)).toFixed(3));
  const levels = WORK.map((work, i) => ({
    work_us: work,
    rps: Math.round(median(rounds.map((r) => r.levels[i].rps))),
    ratio: ratioOf((r) => r.levels[i]),
    cpu_us: Number(median(rounds.map((r) => r.levels[i].cpuUs)).toFixed(1)),
  }));
  const curve = levels.map((l) => ({ work: l.work_us, ratio: l.ratio }));
  const redirectorRatio = ratioOf((r) => r.app);
  console.log(
    `connections ${CONNECTIONS}, ${ROUNDS} alternating rounds of ${DURATION} s, medians of each round's ratio to ` +
      'the anchor (+0 µs) of the same round; loopback. Outside the windows: server start, set-up, 2 s ' +
      "warm-up of each server, and the loading of the redirector's clicks into the table after each round",
  );
  console.log(
    JSON.stringify({
      anchor_rps: levels[0].rps,
      levels,
      redirector_rps: Math.round(median(rounds.map((r) => r.app.rps))),
      redirector_ratio: redirectorRatio,
      redirector_cpu_us: Number(median(rounds.map((r) => r.app.cpuUs)).toFixed(1)),
      work_us_at_0_6: workAt(curve, 0.6),
      work_us_at_0_4: workAt(curve, 0.4),
      redirector_equivalent_work_us: workAt(curve, redirectorRatio),
    }),
  );
} finally {
  app.child.kill('SIGTERM');
  for (const b of bares) b.child.kill('SIGTERM');
}
