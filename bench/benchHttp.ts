// Helpers the HTTP benchmarks share: a free port, the console API's envelope, medians.
import { createServer } from 'node:net';

/** A port nothing listens on right now (the OS picks it). */
export async function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => ok(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Calls the console API and answers `data`, throwing on any answer but code 0. */
export async function api<T>(
  base: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      'x-lang': 'en',
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json()) as { code: number; msg: string; data: T };
  if (json.code !== 0)
    throw new Error(`${method} ${path}: ${response.status} ${json.msg} ${JSON.stringify(json.data)}`);
  return json.data;
}

/** The median (the upper one of an even count). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}
