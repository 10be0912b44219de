import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { isInternalHost } from '../../engine/validation/isInternalHost';
import { isPublicAddress } from './isPublicAddress';

/** Why an outbound address was refused. */
export type UrlRefusal = 'invalid' | 'scheme' | 'private' | 'unresolvable';

/** Thrown by `assertPublicHttpUrl`; callers turn `reason` into their own coded error. */
export class UrlNotAllowedError extends Error {
  constructor(
    readonly reason: UrlRefusal,
    readonly url: string,
    /** What the host resolved to, when a private answer was the reason. */
    readonly addresses: string[] = [],
  ) {
    super(
      reason === 'private' && addresses.length
        ? `refused: the host resolves to a non-public address (${addresses.join(', ')})`
        : `outbound address refused (${reason})`,
    );
    this.name = 'UrlNotAllowedError';
  }
}

/** Resolves a host name to its addresses (every answer, IPv4 and IPv6). */
export type ResolveHost = (host: string) => Promise<string[]>;

export interface PublicUrlOptions {
  /** Skip the address checks (default: ALLOW_PRIVATE_CALLBACKS=1), e.g. for a local test server. */
  allowPrivate?: boolean;
  /** Resolves a host name to its addresses (default: the system resolver, every address). */
  lookup?: ResolveHost;
  /** How long a name may take to resolve before it counts as unresolvable (default LOOKUP_TIMEOUT_MS). */
  lookupTimeoutMs?: number;
}

/** How long a name may take to resolve, by default, before it counts as unresolvable. */
export const LOOKUP_TIMEOUT_MS = 3000;

// A resolver that never answers must not hold a save (or a send) open.
function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`lookup timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** The checked address: where to connect. `addresses` is undefined when private targets are allowed. */
export interface PublicTarget {
  url: URL;
  addresses?: { address: string; family: 4 | 6 }[];
}

/** The system resolver: every address of a name, as the OS answers it. */
export const systemResolveHost: ResolveHost = async (host) => {
  const answers = await dnsLookup(host, { all: true, verbatim: true });
  return answers.map((a) => a.address);
};

/** Whether private callbacks are allowed by the environment (ALLOW_PRIVATE_CALLBACKS=1). */
export function privateCallbacksAllowed(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.ALLOW_PRIVATE_CALLBACKS === '1';
}

/**
 * Checks an address the server will call on a user's behalf (prize and delivery callbacks,
 * attribution callbacks, the token callback) and answers where to connect: http or https only;
 * the host must not be internal as written (every spelling of a private IP, localhost, one-label
 * names: the engine's `isInternalHost`), and every address a name resolves to must be public; a
 * name that does not resolve is refused too. Connect to the answered `addresses` (not the name
 * again), so a DNS answer that changes after the check cannot point the request inside.
 */
export async function resolvePublicHttpUrl(
  raw: string,
  options: PublicUrlOptions = {},
): Promise<PublicTarget> {
  // URL() would quietly drop surrounding blanks and tabs inside: such a value is not an address.
  if (raw !== raw.trim() || /[\s\p{Cc}]/u.test(raw)) throw new UrlNotAllowedError('invalid', raw);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UrlNotAllowedError('invalid', raw);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UrlNotAllowedError('scheme', raw);
  if (!url.hostname) throw new UrlNotAllowedError('invalid', raw);
  if (options.allowPrivate ?? privateCallbacksAllowed()) return { url };

  if (isInternalHost(url.hostname)) throw new UrlNotAllowedError('private', raw);
  const host = url.hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '');
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = await withTimeout(
        (options.lookup ?? systemResolveHost)(host),
        options.lookupTimeoutMs ?? LOOKUP_TIMEOUT_MS,
      );
    } catch {
      throw new UrlNotAllowedError('unresolvable', raw);
    }
    if (addresses.length === 0) throw new UrlNotAllowedError('unresolvable', raw);
  }
  const inside = addresses.filter((a) => !isPublicAddress(a));
  if (inside.length > 0) throw new UrlNotAllowedError('private', raw, inside);
  return { url, addresses: addresses.map((address) => ({ address, family: isIP(address) === 6 ? 6 : 4 })) };
}

/** `resolvePublicHttpUrl` for a check at save time: throws the same refusals, answers the URL. */
export async function assertPublicHttpUrl(raw: string, options: PublicUrlOptions = {}): Promise<URL> {
  return (await resolvePublicHttpUrl(raw, options)).url;
}
