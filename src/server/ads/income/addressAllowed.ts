import ipaddr from 'ipaddr.js';

/** One entry of an account's `allowedIps`: an address or a CIDR range, read once. */
type Rule =
  | { kind: 'address'; ip: ipaddr.IPv4 | ipaddr.IPv6 }
  | { kind: 'range'; range: [ipaddr.IPv4 | ipaddr.IPv6, number] };

function ruleOf(entry: string): Rule | null {
  try {
    if (entry.includes('/')) {
      const [address, bits] = ipaddr.parseCIDR(entry.trim());
      // An IPv4-mapped IPv6 range (::ffff:10.0.0.0/104) is the IPv4 range it maps.
      if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress() && bits >= 96)
        return { kind: 'range', range: [(address as ipaddr.IPv6).toIPv4Address(), bits - 96] };
      return { kind: 'range', range: [address, bits] };
    }
    return { kind: 'address', ip: ipaddr.process(entry.trim()) };
  } catch {
    return null;
  }
}

/**
 * Whether a caller's address is in an account's `allowedIps` (addresses and CIDR ranges, IPv4
 * and IPv6; an IPv4-mapped IPv6 address counts as its IPv4 address). An empty list allows every
 * address; an entry that cannot be read allows none; an unreadable caller address is refused.
 */
export function addressAllowed(address: string, allowed: readonly string[]): boolean {
  if (allowed.length === 0) return true;
  let ip: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    ip = ipaddr.process(address);
  } catch {
    return false;
  }
  for (const entry of allowed) {
    const rule = ruleOf(entry);
    if (!rule) continue;
    if (rule.kind === 'address') {
      if (rule.ip.kind() === ip.kind() && rule.ip.toNormalizedString() === ip.toNormalizedString())
        return true;
    } else if (rule.range[0].kind() === ip.kind() && ip.match(rule.range)) return true;
  }
  return false;
}
