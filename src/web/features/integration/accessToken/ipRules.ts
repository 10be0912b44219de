/** At most this many whitelist entries (docs/sdk-and-analytics.md: dev config). */
export const IP_WHITELIST_MAX = 100;

const OCTET = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;

function isIpv4(text: string): boolean {
  const parts = text.split('.');
  return parts.length === 4 && parts.every((part) => OCTET.test(part));
}

function isIpv6(text: string): boolean {
  const halves = text.split('::');
  if (halves.length > 2) return false;
  const groups = halves.flatMap((half) => (half === '' ? [] : half.split(':')));
  // An IPv4 tail (::ffff:1.2.3.4) counts as two groups.
  const last = groups[groups.length - 1];
  const tail = last !== undefined && last.includes('.') ? (isIpv4(last) ? 2 : -99) : 0;
  const hexGroups = tail ? groups.slice(0, -1) : groups;
  if (tail < 0 || !hexGroups.every((group) => /^[0-9a-f]{1,4}$/i.test(group))) return false;
  const count = hexGroups.length + tail;
  return halves.length === 2 ? count < 8 : count === 8;
}

/**
 * Whether `entry` is one IPv4 or IPv6 address, or a CIDR block of either (the IP whitelist's
 * accepted forms; the server checks the same).
 */
export function isIpOrCidr(entry: string): boolean {
  const [address, prefix, extra] = entry.trim().split('/');
  if (extra !== undefined || !address) return false;
  const v4 = isIpv4(address);
  if (!v4 && !isIpv6(address)) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (v4 ? 32 : 128);
}
