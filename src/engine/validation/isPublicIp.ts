import ipaddr from 'ipaddr.js';

// IPv6 prefixes ipaddr.js counts as plain unicast that still never name a public host: the
// deprecated IPv4-compatible block (::a.b.c.d) and the local-use NAT64 prefix.
const V4_COMPATIBLE = ipaddr.parseCIDR('::/96');
const LOCAL_NAT64 = ipaddr.parseCIDR('64:ff9b:1::/48');

function fromBytes(bytes: number[]): ipaddr.IPv4 {
  return new ipaddr.IPv4(bytes);
}

// The IPv4 address an IPv6 form carries (mapped, translated, NAT64 well-known prefix, 6to4),
// which then decides; undefined for every other IPv6 address.
function embeddedIpv4(address: ipaddr.IPv6): ipaddr.IPv4 | undefined {
  const bytes = address.toByteArray();
  switch (address.range()) {
    case 'ipv4Mapped':
    case 'rfc6145':
    case 'rfc6052':
      return fromBytes(bytes.slice(12, 16));
    case '6to4':
      return fromBytes(bytes.slice(2, 6));
    default:
      return undefined;
  }
}

function publicV4(address: ipaddr.IPv4): boolean {
  return address.range() === 'unicast';
}

/**
 * True for a public unicast IP address (IPv4 or IPv6, brackets allowed); false for loopback,
 * private, link-local (cloud metadata), carrier-grade NAT, unique-local, multicast, reserved,
 * documentation and benchmarking ranges, and for anything that is not an IP address. IPv6 forms
 * carrying an IPv4 address (`::ffff:127.0.0.1`, NAT64, 6to4) are judged by that address; Teredo
 * and IPv4-compatible forms are refused. Pure: no DNS.
 */
export function isPublicIp(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  if (bare.includes('%')) return false; // a zone id names a local interface
  // Only the spellings a URL parser or a resolver produce: dotted IPv4 and IPv6 (no zone id).
  if (!ipaddr.IPv4.isValidFourPartDecimal(bare) && !(bare.includes(':') && ipaddr.IPv6.isValid(bare)))
    return false;
  const parsed = ipaddr.parse(bare);
  if (parsed.kind() === 'ipv4') return publicV4(parsed as ipaddr.IPv4);
  const v6 = parsed as ipaddr.IPv6;
  const inner = embeddedIpv4(v6);
  if (inner) return publicV4(inner);
  if (v6.match(V4_COMPATIBLE) || v6.match(LOCAL_NAT64)) return false;
  return v6.range() === 'unicast';
}
