import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { pinnedLookup } from '../attribution/postJson';
import type { PublicTarget } from './assertPublicHttpUrl';

export interface PostForTextOptions {
  timeoutMs: number;
  userAgent: string;
  /** Extra request headers (signatures). */
  headers?: Record<string, string>;
  /** Longer answers are cut here (default 16 KiB). */
  maxChars?: number;
}

/**
 * POSTs a JSON text to a checked target and answers the status and the answer's text (cut at
 * `maxChars`); rejects on network errors and the timeout. It connects to the checked addresses
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
  return new Promise((resolve, reject) => {
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
        timeout: options.timeoutMs,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          if (text.length < maxChars) text += chunk.slice(0, maxChars - text.length);
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`timed out after ${options.timeoutMs} ms`)));
    req.on('error', reject);
    req.end(body);
  });
}
