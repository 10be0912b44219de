// The HTTP load of npm run bench:ingest: request bodies (500-event batches and SDK-sized ones),
// one measured round of them against a server (the product, its instances, or the anchor) with
// its CPU and commits, and stopping a server.
import { spawn, type ChildProcess } from 'node:child_process';
import { request as httpRequest, type Agent } from 'node:http';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { api } from './benchHttp';
import { prng, type BenchEvent } from './ingestData';

/** Events a request of the SDK-sized traffic carries, at least and at most. */
export const SMALL_MIN = 20;
export const SMALL_MAX = 50;
// After every round, on both sides: the product writes the request log rows still waiting (its
// queue flushes every second), so they land in nobody's window.
export const PAUSE_MS = 1500;
const root = resolve(import.meta.dirname, '..');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function stopped(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

/** A request body ready to send, and how many events it carries. */
export interface Body {
  text: string;
  events: number;
}

export const bodyOf = (events: BenchEvent[]): Body => ({
  text: JSON.stringify({ events }),
  events: events.length,
});

/** Consecutive events of the stream in requests of SMALL_MIN..SMALL_MAX events (seeded sizes). */
export function smallBodies(events: BenchEvent[], seed: number): Body[] {
  const random = prng(seed);
  const out: Body[] = [];
  for (let i = 0; i < events.length;) {
    const size = SMALL_MIN + Math.floor(random() * (SMALL_MAX - SMALL_MIN + 1));
    out.push(bodyOf(events.slice(i, i + size)));
    i += size;
  }
  return out;
}

/** The first bodies holding at least `events` events (removed from `bodies`). */
export function take(bodies: Body[], events: number): Body[] {
  let n = 0;
  let count = 0;
  while (count < bodies.length && n < events) n += bodies[count++].events;
  return bodies.splice(0, count);
}

/** A process's CPU time so far (user + system, from /proc), in microseconds. */
function cpuOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // Fields 14 and 15 of stat (utime, stime) are the 12th and 13th after the command name.
  return ((Number(fields[11]) + Number(fields[12])) * 1e6) / CLOCK_TICKS;
}
const CLOCK_TICKS = 100;

export interface Commits {
  commits: number;
  batches: number;
  events: number;
  largest: number;
}

export interface Target {
  name: string;
  /** The server's instances: request n of a round goes to `urls[n mod urls.length]`. */
  urls: URL[];
  accessKey: string;
  /** Its processes (their CPU is summed). */
  pids: number[];
  /** Where each instance answers its commits so far. */
  statsUrls: string[];
  agent: Agent;
}

export interface Round {
  perSecond: number;
  /** Server CPU (user + system) per event, in microseconds. */
  cpuMicros: number;
  p99: number;
  commits: number;
  batchesPerCommit: number;
  eventsPerCommit: number;
  largest: number;
}

export function post(target: Target, url: URL, body: string): Promise<{ status: number; text: string }> {
  return new Promise((ok, fail) => {
    const request = httpRequest(
      url,
      {
        method: 'POST',
        agent: target.agent,
        headers: {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'x-access-key': target.accessKey,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
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

export async function commitsOf(target: Target): Promise<Commits> {
  const sum: Commits = { commits: 0, batches: 0, events: 0, largest: 0 };
  for (const url of target.statsUrls) {
    const one = (await (await fetch(url)).json()) as Commits;
    sum.commits += one.commits;
    sum.batches += one.batches;
    sum.events += one.events;
    sum.largest = Math.max(sum.largest, one.largest);
  }
  return sum;
}

const cpuOfAll = (pids: readonly number[]) => pids.reduce((sum, pid) => sum + cpuOf(pid), 0);

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/**
 * Sends `bodies` with `concurrency` requests in flight; every one must be answered 200 with all
 * its events accepted. The window runs from the first request to the last answer; `wrap`, when
 * given, runs around exactly that window (bench/ingestPg.ts reads the database's CPU around it).
 */
export async function round(
  target: Target,
  bodies: Body[],
  concurrency: number,
  wrap: (window: () => Promise<void>) => Promise<void> = (window) => window(),
): Promise<Round> {
  const before = await commitsOf(target);
  const cpuBefore = cpuOfAll(target.pids);
  let next = 0;
  let accepted = 0;
  const latencies: number[] = [];
  let start = 0;
  let seconds = 0;
  let cpu = 0;
  await wrap(async () => {
    start = performance.now();
    await sendAll();
    seconds = (performance.now() - start) / 1000;
    cpu = cpuOfAll(target.pids) - cpuBefore;
  });
  async function sendAll() {
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < bodies.length) {
          const i = next++;
          const body = bodies[i];
          const sent = performance.now();
          const answer = await post(target, target.urls[i % target.urls.length], body.text);
          latencies.push(performance.now() - sent);
          const json = JSON.parse(answer.text) as { data?: { accepted?: number; rejected?: unknown[] } };
          if (answer.status !== 200 || json.data?.accepted !== body.events || json.data.rejected?.length)
            throw new Error(`${target.name}: batch refused: ${answer.status} ${answer.text.slice(0, 300)}`);
          accepted += body.events;
        }
      }),
    );
  }
  const after = await commitsOf(target);
  const commits = after.commits - before.commits;
  await sleep(PAUSE_MS);
  return {
    perSecond: Math.round(accepted / seconds),
    cpuMicros: Math.round((cpu / accepted) * 10) / 10,
    p99: Math.round(percentile(latencies, 99) * 10) / 10,
    commits,
    batchesPerCommit: Math.round(((after.batches - before.batches) / commits) * 100) / 100,
    eventsPerCommit: Math.round((after.events - before.events) / commits),
    largest: after.largest,
  };
}

export const describe = (r: Round) =>
  `${r.perSecond} events/s, ${r.cpuMicros} µs CPU/event, p99 ${r.p99} ms, ${r.commits} commits ` +
  `(${r.batchesPerCommit} batches, ${r.eventsPerCommit} events each, largest ${r.largest})`;

/**
 * Signs up on the product at `base` and answers a function making projects in `zone`, each with
 * its id and SDK access key.
 */
export async function benchAccount(
  base: string,
  zone: string,
): Promise<(name: string, domainPrefix: string) => Promise<{ id: string; accessKey: string }>> {
  await api(base, 'POST', '/api/auth/sign-up', {
    companyName: 'Bench',
    email: 'bench@example.com',
    password: 'bench-pass',
    confirmPassword: 'bench-pass',
    agreement: true,
  });
  const { token } = await api<{ token: string }>(base, 'POST', '/api/auth/login', {
    email: 'bench@example.com',
    password: 'bench-pass',
  });
  const auth = { authorization: `Bearer ${token}` };
  return async (name: string, domainPrefix: string) => {
    const made = await api<{ id: string }>(
      base,
      'POST',
      '/api/projects',
      { name, domainPrefix, timezone: zone },
      auth,
    );
    const { accessKey } = await api<{ accessKey: string }>(base, 'GET', '/api/access-key', undefined, {
      ...auth,
      'x-project-id': made.id,
    });
    return { id: made.id, accessKey };
  };
}

/**
 * The anchor, bench/ingestBareServer.ts, in its own process on `file` (a SQLite file or a
 * postgres:// URL), writing into project `projectId`'s rows in `zone`.
 */
export function startAnchor(
  file: string,
  port: number,
  projectId: string,
  accessKey: string,
  zone: string,
): ChildProcess {
  // BENCH_ANCHOR_NODE_ARGS: the same for the anchor.
  const nodeArgs = process.env.BENCH_ANCHOR_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  return spawn(
    process.execPath,
    [
      ...nodeArgs,
      '--import',
      'tsx',
      'bench/ingestBareServer.ts',
      file,
      String(port),
      projectId,
      accessKey,
      zone,
    ],
    { cwd: root, env: { ...process.env, NODE_ENV: 'production' }, stdio: ['ignore', 'inherit', 'inherit'] },
  );
}
