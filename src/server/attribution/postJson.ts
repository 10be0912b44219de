import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { isPublicAddress } from '../http/isPublicAddress';

export interface PostJsonOptions {
  timeoutMs: number;
  /** Allow loopback and private addresses (ALLOW_PRIVATE_CALLBACKS=1). */
  allowPrivate: boolean;
}

// The connection uses the addresses checked here, so a DNS answer that changes between the
// check and the request (rebinding) cannot point the callback at a private address.
function checkedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const list = addresses ?? [];
      if (list.length === 0) return callback(new Error('no address'), '', 0);
      if (!allowPrivate && !list.every((a) => isPublicAddress(a.address))) {
        return callback(new Error('callback host resolves to a private address'), '', 0);
      }
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
      return callback(null, list[0].address, list[0].family);
    });
  };
}

/** POSTs JSON and answers the HTTP status; rejects on network errors and the timeout. */
export function postJson(url: URL, body: unknown, options: PostJsonOptions): Promise<number> {
  const payload = Buffer.from(JSON.stringify(body));
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': payload.length,
          'user-agent': 'GrowthConsole-Callback/1',
        },
        lookup: checkedLookup(options.allowPrivate),
        timeout: options.timeoutMs,
      },
      (res) => {
        // The answer's body is not needed; read it so the socket is freed.
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`timed out after ${options.timeoutMs} ms`)));
    req.on('error', reject);
    req.end(payload);
  });
}
