// The load of npm run bench:draw: participants' POSTs on keep-alive sockets, CONCURRENCY in
// flight, each request its own participant session, idempotency key and one of several phone user
// agents; latency per request, the servers' CPU time per request from /proc.
import { randomBytes } from 'node:crypto';
import { Agent, request as httpRequest } from 'node:http';
import { readFileSync } from 'node:fs';

export const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 50);

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

export interface Round {
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
export function cpuOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // Fields 14 and 15 of stat (utime, stime) are the 12th and 13th after the command name.
  return ((Number(fields[11]) + Number(fields[12])) * 1e6) / CLOCK_TICKS;
}
const CLOCK_TICKS = 100;

/** The CPU time of several processes (the instances of a server), summed, in microseconds. */
function cpuOfAll(pids: readonly number[]): number {
  return pids.reduce((sum, pid) => sum + cpuOf(pid), 0);
}

/**
 * `count` draws, `CONCURRENCY` in flight, each by the next participant in turn, fresh keys. Given
 * several URLs (instances of one server), participant `n` draws on instance `n mod instances`;
 * the CPU is the sum of the processes `pid` names.
 */
export async function round(
  url: URL | readonly URL[],
  tokens: string[],
  count: number,
  offset: number,
  pid: number | readonly number[],
): Promise<Round> {
  const urls = Array.isArray(url) ? url : [url as URL];
  const pids = typeof pid === 'number' ? [pid] : pid;
  const cpuBefore = cpuOfAll(pids);
  let next = 0;
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  const start = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < count) {
        const i = next++;
        const participant = (offset + i) % tokens.length;
        const token = tokens[participant];
        const sent = performance.now();
        const status = await post(
          urls[participant % urls.length],
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
    cpuMicros: Math.round((cpuOfAll(pids) - cpuBefore) / count),
    p50: Math.round(percentile(latencies, 50) * 10) / 10,
    p99: Math.round(percentile(latencies, 99) * 10) / 10,
    statuses,
  };
}

/**
 * `count` requests of another action, `CONCURRENCY` in flight: request `i` goes to `urlOf(i)` as
 * participant `tokenOf(i)` with `bodyOf(i)`; `onAnswer` reads each answer's body when given.
 */
export async function actionRound(
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
