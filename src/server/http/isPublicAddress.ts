import { BlockList, isIP } from 'node:net';

// Addresses a server-side request must never reach from user input: loopback, private,
// link-local, carrier-grade NAT, unspecified, multicast and reserved ranges (IPv4 and IPv6).
const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
  ['100::', 64],
] as const)
  blocked.addSubnet(net, prefix, 'ipv6');

// IPv6 forms that carry an IPv4 address: mapped (::ffff:a.b.c.d), NAT64 (64:ff9b::/96) and
// 6to4 (2002:AABB:CCDD::/48). The embedded IPv4 address decides.
function embeddedIpv4(address: string): string | undefined {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1];
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  const sixToFour = /^2002:([0-9a-f]{1,4}):([0-9a-f]{1,4})(?::|$)/.exec(lower);
  const parts = hex ?? sixToFour;
  if (!parts) return undefined;
  const high = parseInt(parts[1], 16);
  const low = parseInt(parts[2], 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** True for a public unicast IP address; false for private/loopback/link-local/... or non-IPs. */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  const version = isIP(bare);
  if (version === 4) return !blocked.check(bare, 'ipv4');
  if (version !== 6) return false;
  const inner = embeddedIpv4(bare);
  if (inner !== undefined) return isPublicAddress(inner);
  return !blocked.check(bare, 'ipv6');
}
