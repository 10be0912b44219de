import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import type { PublicTarget } from './assertPublicHttpUrl';

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

export interface PostForTextOptions {
  /** The whole attempt's deadline: connecting, sending and reading the answer to its end. */
  timeoutMs: number;
  userAgent: string;
  /** Extra request headers (signatures). */
  headers?: Record<string, string>;
  /** Longer answers are cut here (default 16 KiB). */
  maxChars?: number;
}

/**
 * POSTs a JSON text to a checked target and answers the status and the answer's text (cut at
 * `maxChars`); rejects on network errors and at the deadline. The deadline is total, not idle: a
 * receiver that answers a byte at a time cannot hold the caller past it. It connects to the checked addresses
 * only (`resolvePublicHttpUrl`), on a fresh connection, so a name that changes its answer after
 * the check cannot point the request inside.
 */
export function postForText(
  target: PublicTarget,
  body: string,
  options: PostForTextOptions,
): Promise<{ status: number; text: string }> {
  const send = target.url.protocol === 'https:' ? httpsRequest : httpRequest;
  const maxChars = options.maxChars ?? 16_384;
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
      target.url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'user-agent': options.userAgent,
          ...options.headers,
        },
        ...(target.addresses ? { lookup: pinnedLookup(target.addresses) } : {}),
        agent: false,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          if (text.length < maxChars) text += chunk.slice(0, maxChars - text.length);
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        res.on('error', reject);
        // Closed before its end (the deadline, or the receiver hung up): the answer is not whole.
        res.on('close', () => {
          if (!res.complete) reject(new Error(expired ? timedOut : 'the answer ended early'));
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
