// IP addresses and CIDR ranges as the risk rules read them, parsed by hand (the engine runs in the
// browser too): dotted IPv4 and IPv6 with `::` compression and a dotted IPv4 tail. An
// IPv4-mapped IPv6 address (`::ffff:1.2.3.4`) is its IPv4 address throughout, so a visitor
// reaching a dual-stack server is counted and blocked as the IPv4 client it is.

/** 4 for IPv4, 6 for IPv6. */
export type AddressFamily = 4 | 6;

/** A parsed address: its family and its bytes (4 or 16). */
export interface ParsedAddress {
  family: AddressFamily;
  bytes: readonly number[];
}

/** A normalized range: the network address (host bits zero) and the prefix length. */
export interface AddressRange extends ParsedAddress {
  prefix: number;
  /**
   * The canonical spelling: a single address alone (`203.0.113.7`, `2001:db8::1`), otherwise the
   * network and prefix (`203.0.113.0/24`, `2001:db8::/64`); IPv6 lowercase and compressed as
   * RFC 5952 says.
   */
  text: string;
}

/**
 * Why a text is not an address or range: blank; a zone id (`fe80::1%eth0`, which names an
 * interface of the machine that wrote it); an IPv4 part or a prefix written with a leading zero
 * (`010.0.0.1` reads as octal to some tools, decimal to others); a prefix that is not a length
 * for the family (`/33`, `/abc`); anything else.
 */
export type AddressRefusal = 'empty' | 'zoneId' | 'leadingZero' | 'prefix' | 'notAddress';

/** The answer of `parseAddressRange`. */
export type ParsedRange = { ok: true; range: AddressRange } | { ok: false; reason: AddressRefusal };

/** The answer of `parseAddress`. */
export type ParsedAddressResult =
  { ok: true; address: ParsedAddress } | { ok: false; reason: AddressRefusal };

const DIGITS = /^\d+$/;
const HEX_GROUP = /^[0-9a-f]{1,4}$/;

type Bytes = { ok: true; bytes: number[] } | { ok: false; reason: AddressRefusal };

function refuse(reason: AddressRefusal): { ok: false; reason: AddressRefusal } {
  return { ok: false, reason };
}

function parseIpv4(text: string): Bytes {
  const parts = text.split('.');
  if (parts.length !== 4) return refuse('notAddress');
  const bytes: number[] = [];
  for (const part of parts) {
    if (!DIGITS.test(part)) return refuse('notAddress');
    if (part.length > 1 && part[0] === '0') return refuse('leadingZero');
    if (part.length > 3 || Number(part) > 255) return refuse('notAddress');
    bytes.push(Number(part));
  }
  return { ok: true, bytes };
}

/** The 16-bit groups of one side of `::` (a dotted IPv4 tail counts as two), or a refusal. */
function groupsOf(
  side: string,
  mayEndInIpv4: boolean,
): { ok: true; groups: number[] } | { ok: false; reason: AddressRefusal } {
  if (side === '') return { ok: true, groups: [] };
  const parts = side.split(':');
  const groups: number[] = [];
  for (let i = 0; i < parts.length; i += 1) {
    const part = parts[i];
    if (mayEndInIpv4 && i === parts.length - 1 && part.includes('.')) {
      const tail = parseIpv4(part);
      if (!tail.ok) return tail;
      groups.push(tail.bytes[0] * 256 + tail.bytes[1], tail.bytes[2] * 256 + tail.bytes[3]);
    } else if (HEX_GROUP.test(part)) groups.push(parseInt(part, 16));
    else return refuse('notAddress');
  }
  return { ok: true, groups };
}

function parseIpv6(text: string): Bytes {
  const halves = text.toLowerCase().split('::');
  if (halves.length > 2) return refuse('notAddress');
  const compressed = halves.length === 2;
  const head = groupsOf(halves[0], !compressed);
  if (!head.ok) return head;
  const tail = compressed ? groupsOf(halves[1], true) : { ok: true as const, groups: [] };
  if (!tail.ok) return tail;
  const count = head.groups.length + tail.groups.length;
  // `::` stands for at least one zero group.
  if (compressed ? count > 7 : count !== 8) return refuse('notAddress');
  const groups = [...head.groups, ...new Array<number>(8 - count).fill(0), ...tail.groups];
  return { ok: true, bytes: groups.flatMap((g) => [g >> 8, g & 0xff]) };
}

/** Whether 16 bytes are an IPv4-mapped address (`::ffff:a.b.c.d`). */
function isMapped(bytes: readonly number[]): boolean {
  for (let i = 0; i < 10; i += 1) if (bytes[i] !== 0) return false;
  return bytes[10] === 0xff && bytes[11] === 0xff;
}

function parseBare(
  text: string,
): { ok: true; address: ParsedAddress } | { ok: false; reason: AddressRefusal } {
  if (text.includes('%')) return refuse('zoneId');
  if (text.includes(':')) {
    const v6 = parseIpv6(text);
    if (!v6.ok) return v6;
    return { ok: true, address: { family: 6, bytes: v6.bytes } };
  }
  const v4 = parseIpv4(text);
  if (!v4.ok) return v4;
  return { ok: true, address: { family: 4, bytes: v4.bytes } };
}

/** The bytes with every bit after the first `prefix` cleared. */
export function maskBytes(bytes: readonly number[], prefix: number): number[] {
  return bytes.map((byte, i) => {
    const kept = prefix - i * 8;
    if (kept >= 8) return byte;
    if (kept <= 0) return 0;
    return byte & (0xff << (8 - kept)) & 0xff;
  });
}

/** IPv6 bytes as RFC 5952 text: lowercase, no leading zeros, the longest zero run (2+) as `::`. */
function ipv6Text(bytes: readonly number[]): string {
  const groups: number[] = [];
  for (let i = 0; i < 16; i += 2) groups.push(bytes[i] * 256 + bytes[i + 1]);
  let bestStart = -1;
  let bestLength = 1;
  for (let i = 0; i < 8;) {
    if (groups[i] !== 0) {
      i += 1;
      continue;
    }
    let end = i;
    while (end < 8 && groups[end] === 0) end += 1;
    if (end - i > bestLength) {
      bestStart = i;
      bestLength = end - i;
    }
    i = end;
  }
  const hex = groups.map((g) => g.toString(16));
  if (bestStart < 0) return hex.join(':');
  return `${hex.slice(0, bestStart).join(':')}::${hex.slice(bestStart + bestLength).join(':')}`;
}

/** An address as canonical text (dotted IPv4, RFC 5952 IPv6). */
export function addressText(address: ParsedAddress): string {
  return address.family === 4 ? address.bytes.join('.') : ipv6Text(address.bytes);
}

/** Mapped IPv6 becomes IPv4, with the prefix moved along (`::ffff:0:0/96` is `0.0.0.0/0`). */
function unmap(address: ParsedAddress, prefix: number): { address: ParsedAddress; prefix: number } {
  if (address.family === 6 && prefix >= 96 && isMapped(address.bytes))
    return { address: { family: 4, bytes: address.bytes.slice(12) }, prefix: prefix - 96 };
  return { address, prefix };
}

/**
 * One IP address (no prefix), IPv4-mapped IPv6 answered as IPv4; surrounding white space is
 * ignored. The same spellings as `parseAddressRange`.
 */
export function parseAddress(text: string): ParsedAddressResult {
  const bare = text.trim();
  if (bare === '') return refuse('empty');
  if (bare.includes('/')) return refuse('notAddress');
  const parsed = parseBare(bare);
  if (!parsed.ok) return parsed;
  return { ok: true, address: unmap(parsed.address, parsed.address.family === 4 ? 32 : 128).address };
}

/**
 * An address or CIDR range (`203.0.113.7`, `203.0.113.0/24`, `2001:db8::/64`, `::ffff:1.2.3.4`),
 * normalized: host bits of a range are cleared (`203.0.113.7/24` is `203.0.113.0/24`), a full
 * prefix is the address alone, IPv4-mapped forms are IPv4, IPv6 is written as RFC 5952 says.
 * Refused with a reason: blank, zone ids, leading zeros in an IPv4 part or the prefix, prefixes
 * beyond the family's length, anything else that is not an address. Surrounding white space is
 * ignored.
 */
export function parseAddressRange(text: string): ParsedRange {
  const trimmed = text.trim();
  if (trimmed === '') return refuse('empty');
  const slash = trimmed.indexOf('/');
  const parsed = parseBare(slash < 0 ? trimmed : trimmed.slice(0, slash));
  if (!parsed.ok) return parsed;
  const full = parsed.address.family === 4 ? 32 : 128;
  let prefix = full;
  if (slash >= 0) {
    const prefixText = trimmed.slice(slash + 1);
    if (!DIGITS.test(prefixText)) return refuse('prefix');
    if (prefixText.length > 1 && prefixText[0] === '0') return refuse('leadingZero');
    prefix = prefixText.length > 3 ? Infinity : Number(prefixText);
    if (prefix > full) return refuse('prefix');
  }
  const plain = unmap(parsed.address, prefix);
  const bytes = maskBytes(plain.address.bytes, plain.prefix);
  const network: ParsedAddress = { family: plain.address.family, bytes };
  const whole = plain.prefix === (network.family === 4 ? 32 : 128);
  const address = addressText(network);
  return {
    ok: true,
    range: { ...network, prefix: plain.prefix, text: whole ? address : `${address}/${plain.prefix}` },
  };
}

/** Whether a parsed address lies in a range (same family, same first `prefix` bits). */
export function rangeHolds(range: AddressRange, address: ParsedAddress): boolean {
  if (range.family !== address.family) return false;
  const masked = maskBytes(address.bytes, range.prefix);
  return masked.every((byte, i) => byte === range.bytes[i]);
}

/**
 * Whether `ip` (an address as `parseAddress` reads it) lies in `range`. IPv4 ranges hold IPv4
 * addresses and their mapped IPv6 forms; IPv6 ranges hold the other IPv6 addresses. Not an
 * address: false.
 */
export function rangeContains(range: AddressRange, ip: string): boolean {
  const parsed = parseAddress(ip);
  return parsed.ok && rangeHolds(range, parsed.address);
}

/** The keys risk limits count a caller by: its address and its network. */
export interface AddressKeys {
  /** The canonical address (`203.0.113.7`, `2001:db8::1`; mapped IPv6 as IPv4). */
  ip: string;
  /** Its /24 for IPv4 (`203.0.113.0/24`), its /64 for IPv6 (`2001:db8:1:2::/64`). */
  subnet: string;
}

/**
 * The address and subnet keys of a caller's address (`request.ip`), IPv4-mapped IPv6 counted as
 * IPv4; undefined when `ip` is not an address. The subnet is written as `parseAddressRange`
 * writes that range, so it can be pasted into the blocklist as it is.
 */
export function addressKeys(ip: string): AddressKeys | undefined {
  const parsed = parseAddress(ip);
  if (!parsed.ok) return undefined;
  const { address } = parsed;
  const prefix = address.family === 4 ? 24 : 64;
  const network = { family: address.family, bytes: maskBytes(address.bytes, prefix) };
  return { ip: addressText(address), subnet: `${addressText(network)}/${prefix}` };
}
