import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { isPublicAddress } from './isPublicAddress';

/** Why an outbound address was refused. */
export type UrlRefusal = 'invalid' | 'scheme' | 'private' | 'unresolvable';

/** Thrown by `assertPublicHttpUrl`; callers turn `reason` into their own coded error. */
export class UrlNotAllowedError extends Error {
  constructor(
    readonly reason: UrlRefusal,
    readonly url: string,
  ) {
    super(`outbound address refused (${reason})`);
    this.name = 'UrlNotAllowedError';
  }
}

export interface PublicUrlOptions {
  /** Skip the address checks (default: ALLOW_PRIVATE_CALLBACKS=1), e.g. for a local test server. */
  allowPrivate?: boolean;
  /** Resolves a host name to its addresses (default: the system resolver, every address). */
  lookup?: (host: string) => Promise<string[]>;
}

async function systemLookup(host: string): Promise<string[]> {
  const answers = await dnsLookup(host, { all: true, verbatim: true });
  return answers.map((a) => a.address);
}

/** Whether private callbacks are allowed by the environment (ALLOW_PRIVATE_CALLBACKS=1). */
export function privateCallbacksAllowed(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.ALLOW_PRIVATE_CALLBACKS === '1';
}

/**
 * Checks an address the server will call on a user's behalf (prize callbacks, attribution
 * callbacks): http or https only, and the host must be a public address. Host names are
 * resolved and every address must be public, so a name pointing at 127.0.0.1 or 10.x is
 * refused; a name that does not resolve is refused too. Check again right before sending:
 * DNS answers change. Returns the parsed URL.
 */
export async function assertPublicHttpUrl(raw: string, options: PublicUrlOptions = {}): Promise<URL> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UrlNotAllowedError('invalid', raw);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UrlNotAllowedError('scheme', raw);
  if (!url.hostname) throw new UrlNotAllowedError('invalid', raw);
  if (options.allowPrivate ?? privateCallbacksAllowed()) return url;

  const host = url.hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) throw new UrlNotAllowedError('private', raw);
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = await (options.lookup ?? systemLookup)(host);
    } catch {
      throw new UrlNotAllowedError('unresolvable', raw);
    }
    if (addresses.length === 0) throw new UrlNotAllowedError('unresolvable', raw);
  }
  if (!addresses.every(isPublicAddress)) throw new UrlNotAllowedError('private', raw);
  return url;
}
