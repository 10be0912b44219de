// npm run bench:redirect: requests per second and latency of the redirector (links on
// bench.localhost, every click recorded) against a bare node:http server answering a fixed 302,
// both in their own process, measured by autocannon on loopback in the same run.
//
// Traffic (the "mix"): 6 000 distinct requests, built once and cycled, over links of both redirect
// modes (a template with brand stores, the App Store and a WeChat landing page; custom targets
// per platform; a default-only link) with UTM and channel query parameters, from a pool of real
// user agents (iPhone and iPad, Android phones of several brands, in-app browsers, desktop
// browsers, about 5% crawlers) and 6 000 distinct visitor addresses (TRUST_PROXY on loopback, the
// address in X-Forwarded-For). The answers are what those visitors get: 302s to stores and
// targets, launch and landing pages, crawler previews. The bare server is given the same requests.
//
// Rounds alternate (redirector, bare, the in-process floor, strategy, bare on the strategy's
// requests, and the old single-agent round with its bare round) and the figures are medians of
// the rounds. After each redirector round the bench waits until its clicks are all in the clicks
// table (the redirector journals them during a burst and loads them when quiet) and prints how
// long that took: that loading is outside the round's window. The sustained round is longer than the journal's bound
// (500 000 clicks wait at most) and its throughput counts the loading:
// clicks / (round + time until they are all in the table), against the bare server over as long.
//
// The strategy round serves an ads strategy on the same link host (`/s/:id`, 10 000 visitors by
// their `vid`, three URLs by ratio); every serve is counted as a request and a click, the final
// flush of the counters inside its window, checked after every round.
//
// The in-process floor is the bare server's own handler (the fixed 302) on a second server inside
// the app's process, given the mix: what a request costs in a process that also holds the app
// (its heap, timers, worker threads, and Node's internals shared with all its code) before any of
// the redirector's own work. A diagnostic beside the ratio, not an anchor.
//
// Last line: one JSON object { rps, bare_rps, ratio, p99_ms, bare_p99_ms, sustained_rps,
// sustained_ratio, strategy_rps, strategy_ratio, inproc_floor_rps, inproc_floor_ratio,
// single_ua_rps, single_ua_ratio, single_ua_best_ratio }. `single_ua_*` is the old measurement
// (one desktop agent, one address, a default-only link) kept for one release:
// `single_ua_best_ratio` is its old best-of-rounds form. With BENCH_DB=both (the default) or
// postgres, the mix on PostgreSQL follows with one and two redirector instances
// (bench/redirectPg.ts), its figures under pg_ and pg2_ keys of the same line.
import type { ChildProcess } from 'node:child_process';
import {
  CONNECTIONS,
  DURATION,
  ROUNDS,
  DESKTOP_UA,
  clicksStored,
  cpuSeconds,
  fmt,
  load,
  median,
  mixRequests,
  start,
  type Measured,
  type Request,
} from './redirectTraffic';
import { benchDb, PgCluster } from './pgBench';
import { redirectOnPostgres } from './redirectPg';

const SUSTAINED = Number(process.env.BENCH_SUSTAINED_S ?? process.env.BENCH_SUSTAINED_SECONDS ?? 45);
/** Distinct visitors of the strategy round. */
const VISITORS = 10_000;

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

// BENCH_DB (sqlite, postgres, both: the default) says which databases run; the PostgreSQL runs
// (bench/redirectPg.ts) come after the SQLite ones, their figures under pg_ and pg2_ keys.
const choice = benchDb();
async function postgresFigures(): Promise<Record<string, number>> {
  const cluster = await PgCluster.open(choice);
  if (!cluster) return {};
  try {
    return await redirectOnPostgres(cluster, (line) => console.log(line));
  } finally {
    await cluster.close();
  }
}
if (!choice.sqlite) {
  console.log(JSON.stringify(await postgresFigures()));
  process.exit(0);
}

/** The last line's figures: SQLite's under their own keys, then PostgreSQL's. */
const figures: Record<string, number> = {};
const app = await start('app');
const bare = await start('bare');
try {
  const host = `bench.localhost:${app.ready.port}`;
  const path = app.ready.path ?? '/';
  const mix = mixRequests(host, app.ready.mixPaths ?? [path]);
  const bareMix = mix.map((r) => ({
    ...r,
    headers: { ...r.headers, host: `bench.localhost:${bare.ready.port}` },
  }));
  const floorPort = app.ready.floorPort ?? app.ready.port;
  const floorMix = mix.map((r) => ({
    ...r,
    headers: { ...r.headers, host: `bench.localhost:${floorPort}` },
  }));
  const strategyPath = app.ready.strategyPath ?? '/';
  const visitors: Request[] = Array.from({ length: VISITORS }, (_, i) => ({
    method: 'GET',
    path: `${strategyPath}?vid=v${i}`,
    headers: { host, 'user-agent': DESKTOP_UA },
  }));
  // Warm-up of every path (JIT, caches, the first flushes); not measured.
  await load(app.ready.port, 2, { path });
  await load(app.ready.port, 2, { requests: mix });
  await load(app.ready.port, 2, { requests: visitors });
  await clicksStored(app.child);
  let ads = await askAds(app.child);
  await load(bare.ready.port, 2, { requests: bareMix });
  await load(floorPort, 2, { requests: floorMix });
  const before = await clicksStored(app.child);
  let answered = 0;

  // Clicks answered by the redirector go to the table: waits for them, says how long it took.
  const settle = async (total: number) => {
    answered += total;
    const start = performance.now();
    const cpu = cpuSeconds(app.child.pid);
    await clicksStored(app.child);
    return { ms: performance.now() - start, cpuUs: ((cpuSeconds(app.child.pid) - cpu) * 1e6) / total };
  };

  const rounds: {
    mix: Measured;
    bare: Measured;
    floor: Measured;
    strategyRps: number;
    bareVisitors: Measured;
    single: Measured;
    bareSingle: Measured;
  }[] = [];
  for (let i = 0; i < ROUNDS; i += 1) {
    const mixed = await load(app.ready.port, DURATION, { pid: app.child.pid, requests: mix });
    const mixSettle = await settle(mixed.total);
    const baseline = await load(bare.ready.port, DURATION, { pid: bare.child.pid, requests: bareMix });
    const floor = await load(floorPort, DURATION, { requests: floorMix });

    const served = await load(app.ready.port, DURATION, { pid: app.child.pid, requests: visitors });
    const after = await askAds(app.child);
    // autocannon stops counting at the end of the round with up to one request per connection
    // still in flight: those are answered (and counted by the server) but not by autocannon.
    const recorded = after.requests - ads.requests;
    const clicked = after.adClicks - ads.adClicks;
    if (recorded < served.total || recorded > served.total + CONNECTIONS || clicked !== recorded)
      throw new Error(
        `strategy round: ${served.total} serves, ${recorded} requests and ${clicked} clicks counted`,
      );
    ads = after;
    const strategyRps = served.total / (DURATION + after.flushMs / 1000);
    const bareVisitors = await load(bare.ready.port, DURATION, { pid: bare.child.pid, requests: visitors });

    const single = await load(app.ready.port, DURATION, { pid: app.child.pid, path });
    await settle(single.total);
    const bareSingle = await load(bare.ready.port, DURATION, { pid: bare.child.pid });
    rounds.push({ mix: mixed, bare: baseline, floor, strategyRps, bareVisitors, single, bareSingle });
    console.log(
      `round ${i + 1}: redirector (mix) ${fmt(mixed)}, its ${mixed.total} clicks in the table ` +
        `${(mixSettle.ms / 1000).toFixed(1)} s after the round (${mixSettle.cpuUs.toFixed(1)} µs CPU/click) | ` +
        `bare (mix) ${fmt(baseline)} | the bare handler inside the app's process (mix) ${Math.round(floor.rps)} req/s ` +
        `p99 ${floor.p99} ms | strategy ${Math.round(strategyRps)} serves/s counted (${served.total} in ` +
        `${DURATION} s + ${Math.round(after.flushMs)} ms final flush) p99 ${served.p99} ms | bare (strategy's ` +
        `requests) ${fmt(bareVisitors)} | old single agent: redirector ${fmt(single)}, bare ${fmt(bareSingle)}`,
    );
  }

  // Sustained: longer than the journal's bound, the loading counted in the window.
  const sustained = await load(app.ready.port, SUSTAINED, { pid: app.child.pid, requests: mix });
  const sustainedSettle = await settle(sustained.total);
  const sustainedRps = sustained.total / (SUSTAINED + sustainedSettle.ms / 1000);
  const bareSustained = await load(bare.ready.port, SUSTAINED, { pid: bare.child.pid, requests: bareMix });
  console.log(
    `sustained ${SUSTAINED} s (mix): redirector ${fmt(sustained)}, ${sustained.total} clicks all in the table ` +
      `${(sustainedSettle.ms / 1000).toFixed(1)} s after the round -> ${Math.round(sustainedRps)} clicks/s ` +
      `stored | bare ${fmt(bareSustained)}`,
  );

  const stored = (await clicksStored(app.child)) - before;
  console.log(
    `connections ${CONNECTIONS}, ${ROUNDS} alternating rounds of ${DURATION} s, medians; loopback; ` +
      `${stored} of ${answered} answered clicks stored`,
  );
  if (stored < answered) throw new Error(`only ${stored} of ${answered} clicks were stored`);
  console.log(
    'outside the windows: server start, link and strategy set-up, 2 s warm-up of each path; the loading of ' +
      "each short round's clicks (timed above; counted in the sustained figure)",
  );
  const ratios = rounds.map((r) => r.mix.rps / r.bare.rps);
  const singleRatios = rounds.map((r) => r.single.rps / r.bareSingle.rps);
  Object.assign(figures, {
    rps: Math.round(median(rounds.map((r) => r.mix.rps))),
    bare_rps: Math.round(median(rounds.map((r) => r.bare.rps))),
    ratio: Number(median(ratios).toFixed(3)),
    p99_ms: median(rounds.map((r) => r.mix.p99)),
    bare_p99_ms: median(rounds.map((r) => r.bare.p99)),
    sustained_rps: Math.round(sustainedRps),
    sustained_ratio: Number((sustainedRps / bareSustained.rps).toFixed(3)),
    strategy_rps: Math.round(median(rounds.map((r) => r.strategyRps))),
    strategy_ratio: Number(median(rounds.map((r) => r.strategyRps / r.bareVisitors.rps)).toFixed(3)),
    inproc_floor_rps: Math.round(median(rounds.map((r) => r.floor.rps))),
    inproc_floor_ratio: Number(median(rounds.map((r) => r.floor.rps / r.bare.rps)).toFixed(3)),
    single_ua_rps: Math.round(median(rounds.map((r) => r.single.rps))),
    single_ua_ratio: Number(median(singleRatios).toFixed(3)),
    single_ua_best_ratio: Number(
      (
        Math.max(...rounds.map((r) => r.single.rps)) / Math.max(...rounds.map((r) => r.bareSingle.rps))
      ).toFixed(3),
    ),
  });
} finally {
  app.child.kill('SIGTERM');
  bare.child.kill('SIGTERM');
}
if (choice.postgres) Object.assign(figures, await postgresFigures());
console.log(JSON.stringify(figures));
