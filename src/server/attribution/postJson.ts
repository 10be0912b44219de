import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import type { PublicTarget } from '../http/assertPublicHttpUrl';

export interface PostJsonOptions {
  /** The whole attempt's deadline: connecting, sending and reading the answer to its end. */
  timeoutMs: number;
}

// The connection goes to the addresses that were checked (`resolvePublicHttpUrl`), never to a
// second DNS answer: a name that changes its answer after the check (DNS rebinding) cannot point
// the request at a private address. The Host header and TLS name stay the URL's.
export function pinnedLookup(addresses: NonNullable<PublicTarget['addresses']>): LookupFunction {
  return (_hostname, options, callback) => {
    const wanted = options.family === 4 || options.family === 6 ? options.family : undefined;
    const list = wanted ? addresses.filter((a) => a.family === wanted) : addresses;
    if (list.length === 0) return callback(new Error('no checked address of that family'), '', 0);
    if (options.all) return (callback as unknown as (e: null, a: typeof list) => void)(null, list);
    return callback(null, list[0].address, list[0].family);
  };
}

/**
 * POSTs JSON to a checked target and answers the HTTP status; rejects on network errors and at the
 * deadline, which is total, not idle (a receiver answering a byte at a time cannot hold it longer).
 * Without checked addresses (private targets allowed) the system resolver is used.
 */
export function postJson(target: PublicTarget, body: unknown, options: PostJsonOptions): Promise<number> {
  const { url, addresses } = target;
  const payload = Buffer.from(JSON.stringify(body));
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((settle, fail) => {
    const timedOut = `timed out after ${options.timeoutMs} ms`;
    let expired = false;
    // Started with the request (set up below, before this can fire), cleared when it settles.
    const deadline = setTimeout(() => {
      expired = true;
      req.destroy(new Error(timedOut));
    }, options.timeoutMs);
    const resolve: typeof settle = (value) => {
      clearTimeout(deadline);
      settle(value);
    };
    const reject = (error: unknown) => {
      clearTimeout(deadline);
      fail(error);
    };
    const req = send(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': payload.length,
          'user-agent': 'GrowthConsole-Callback/1',
        },
        ...(addresses ? { lookup: pinnedLookup(addresses) } : {}),
        // A fresh connection each time: a pooled socket would skip the pinned lookup.
        agent: false,
      },
      (res) => {
        // The answer's body is not needed; read it so the socket is freed.
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
        // Closed before its end (the deadline, or the receiver hung up): the answer is not whole.
        res.on('close', () => {
          if (!res.complete) reject(new Error(expired ? timedOut : 'the answer ended early'));
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}
