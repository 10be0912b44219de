import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';

/**
 * The proxies whose X-Forwarded-For is believed (TRUST_PROXY): addresses, CIDR ranges or
 * proxy-addr's names (`loopback`, `linklocal`, `uniquelocal`). Throws on an entry it cannot read.
 */
export function checkTrustedProxies(entries: string[]): string[] {
  proxyAddr.compile(entries);
  return entries;
}

/**
 * The visitor's address on a raw request, as Fastify's `request.ip` answers it with the same
 * `trustProxy`: the socket's peer, or behind trusted proxies the nearest address in
 * X-Forwarded-For that is not one of them. Without trusted proxies the header is ignored, so a
 * visitor cannot choose the address its clicks are matched by; `onIgnoredForward` is then told,
 * once, that a request came with the header (most likely through a proxy not listed yet).
 */
export function clientIpOf(
  trustedProxies: string[] | undefined,
  onIgnoredForward?: (peer: string) => void,
): (req: IncomingMessage) => string {
  if (!trustedProxies?.length) {
    let told = !onIgnoredForward;
    return (req) => {
      const peer = req.socket?.remoteAddress ?? '';
      if (!told && req.headers['x-forwarded-for'] !== undefined) {
        told = true;
        onIgnoredForward?.(peer);
      }
      return peer;
    };
  }
  const trust = proxyAddr.compile(trustedProxies);
  return (req) => (req.socket?.remoteAddress ? proxyAddr(req, trust) : '');
}
