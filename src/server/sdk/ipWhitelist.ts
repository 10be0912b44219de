import { BlockList, isIP } from 'node:net';

/** At most this many whitelist entries per project. */
export const MAX_WHITELIST_ENTRIES = 100;

/**
 * The canonical form of one whitelist entry (an IPv4 or IPv6 address, or a CIDR block such as
 * `203.0.113.0/24` or `2001:db8::/32`), or undefined when it is not one.
 */
export function normalizeWhitelistEntry(raw: string): string | undefined {
  const entry = raw.trim();
  const slash = entry.indexOf('/');
  const address = slash === -1 ? entry : entry.slice(0, slash);
  const family = isIP(address);
  if (family === 0) return undefined;
  const lower = address.toLowerCase();
  if (slash === -1) return lower;
  const prefixText = entry.slice(slash + 1);
  if (!/^\d{1,3}$/.test(prefixText)) return undefined;
  const prefix = Number(prefixText);
  if (prefix > (family === 4 ? 32 : 128)) return undefined;
  return `${lower}/${prefix}`;
}

/** A compiled whitelist: `allows(ip)`; an empty list allows every address. */
export interface IpWhitelist {
  readonly size: number;
  allows(ip: string): boolean;
}

/** Compiles normalized entries (node's BlockList also matches IPv4-mapped IPv6 callers). */
export function compileWhitelist(entries: readonly string[]): IpWhitelist {
  const list = new BlockList();
  let size = 0;
  for (const raw of entries) {
    const entry = normalizeWhitelistEntry(raw);
    if (!entry) continue;
    const [address, prefix] = entry.split('/');
    const family = isIP(address) === 4 ? 'ipv4' : 'ipv6';
    if (prefix === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(prefix), family);
    size += 1;
  }
  return {
    size,
    allows(ip: string) {
      if (size === 0) return true;
      const family = isIP(ip);
      if (family === 0) return false;
      return list.check(ip, family === 4 ? 'ipv4' : 'ipv6');
    },
  };
}
