// The redirect benchmarks' shared parts: their servers (redirectServer.ts in a child process),
// the realistic mix of requests, and one measured autocannon round.
import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { BROWSERS, ROBOTS } from '../src/sdk/web/testUserAgents';

export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
/** Seconds of a measured round, and the alternating rounds the medians are taken over. */
export const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
export const DESKTOP_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
/** Distinct requests of the mix (each its own visitor address, agent, link and parameters). */
const MIX_REQUESTS = 6_000;

export interface Ready {
  port: number;
  floorPort?: number;
  path?: string;
  mixPaths?: string[];
  strategyPath?: string;
}

export type Request = { method: 'GET'; path: string; headers: Record<string, string> };

/**
 * Starts `redirectServer.ts` in a process of its own: the app, or the bare server (which burns
 * `workUs` of CPU a request before its answer when given, see redirectBudget.ts). `env` adds to
 * its environment (the app's database, see redirectPg.ts).
 */
export function start(
  mode: 'app' | 'bare',
  workUs?: number,
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; ready: Ready }> {
  const args = workUs === undefined ? [mode] : [mode, String(workUs)];
  const child = fork(new URL('./redirectServer.ts', import.meta.url), args, {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, ...env },
  });
  return new Promise((resolve, reject) => {
    child.once('message', (ready: Ready) => resolve({ child, ready }));
    child.once('exit', (code) => reject(new Error(`${mode} server exited with ${code}`)));
  });
}

/** Has the app write every click it answered so far, then answers how many the clicks table holds. */
export function clicksStored(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    child.once('message', (answer: { clicks: number }) => resolve(answer.clicks));
    child.send({ cmd: 'clicks' });
  });
}

/** The median (the mean of the middle two of an even count). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

// CPU seconds a process has used (user + system, all its threads), from /proc on Linux.
const TICKS_PER_S = 100;
export function cpuSeconds(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_S;
  } catch {
    return NaN;
  }
}

/**
 * The mix: seeded, so every run sends the same requests. Agents by weight: iOS 35%, Android 40%
 * (the pool's brands and in-app browsers), desktop 20%, crawlers 5%.
 */
export function mixRequests(host: string, paths: string[]): Request[] {
  const rng = xoroshiro128plus(20261127);
  const pick = <T>(list: readonly T[]) => list[uniformInt(rng, 0, list.length - 1)];
  const byPlatform = (platform: string) => BROWSERS.filter((b) => b[1] === platform).map((b) => b[0]);
  const ios = byPlatform('ios');
  const android = byPlatform('android');
  const desktop = byPlatform('desktop');
  const robots = ROBOTS.map((r) => r[0]);
  const sources = ['wechat', 'weibo', 'douyin', 'newsletter', 'google', 'facebook', 'partner-42'];
  const languages = ['zh-CN,zh;q=0.9', 'en-US,en;q=0.9', 'en-GB,en;q=0.8', 'ja-JP', 'de-DE,de;q=0.9'];
  return Array.from({ length: MIX_REQUESTS }, (_, i) => {
    const roll = uniformInt(rng, 1, 100);
    const agent =
      roll <= 35 ? pick(ios) : roll <= 75 ? pick(android) : roll <= 95 ? pick(desktop) : pick(robots);
    // Distinct public-looking addresses, one per request of the pool.
    const address = `${pick([23, 36, 58, 101, 113, 175, 203])}.${(i >> 8) & 255}.${i & 255}.${uniformInt(rng, 1, 254)}`;
    const source = pick(sources);
    const query = `utm_source=${source}&utm_campaign=spring-${uniformInt(rng, 1, 40)}&utm_medium=social&channel=${source}`;
    return {
      method: 'GET' as const,
      path: `${pick(paths)}?${query}`,
      headers: { host, 'user-agent': agent, 'x-forwarded-for': address, 'accept-language': pick(languages) },
    };
  });
}

export interface Measured {
  rps: number;
  p99: number;
  total: number;
  cpuUs: number;
}

export async function load(
  port: number,
  seconds: number,
  options: { pid?: number; path?: string; requests?: Request[]; connections?: number } = {},
): Promise<Measured> {
  const cpuBefore = cpuSeconds(options.pid);
  const result = await autocannon({
    url: `http://127.0.0.1:${port}${options.path ?? '/'}`,
    connections: options.connections ?? CONNECTIONS,
    duration: seconds,
    headers: { host: `bench.localhost:${port}`, 'user-agent': DESKTOP_UA },
    // Built once by autocannon and cycled: no per-request work in the client, which shares the
    // machine with the servers.
    ...(options.requests ? { requests: options.requests } : {}),
  });
  const answered = result['2xx'] + result['3xx'];
  if (result.errors > 0 || result.non2xx - result['3xx'] > 0 || answered === 0)
    throw new Error(`unexpected answers: ${result.errors} errors, ${JSON.stringify(result.statusCodeStats)}`);
  // Server CPU per answered request, a diagnostic of where a low ratio comes from.
  const cpuUs = ((cpuSeconds(options.pid) - cpuBefore) * 1e6) / answered;
  return { rps: answered / seconds, p99: result.latency.p99, total: answered, cpuUs };
}

export const fmt = (m: Measured) =>
  `${Math.round(m.rps)} req/s p99 ${m.p99} ms ${m.cpuUs.toFixed(1)} µs CPU/req`;
