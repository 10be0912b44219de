import { describe, expect, it } from 'vitest';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import {
  addressKeys,
  parseAddress,
  parseAddressRange,
  rangeContains,
  type AddressRange,
} from './parseAddressRange';

function range(text: string): AddressRange {
  const parsed = parseAddressRange(text);
  if (!parsed.ok) throw new Error(`${text}: ${parsed.reason}`);
  return parsed.range;
}

describe('parseAddressRange', () => {
  it('normalizes IPv4 addresses and ranges: host bits cleared, a full prefix is the address alone', () => {
    const cases: Array<[string, string, number]> = [
      ['203.0.113.7', '203.0.113.7', 32],
      ['203.0.113.7/32', '203.0.113.7', 32],
      ['203.0.113.0/24', '203.0.113.0/24', 24],
      ['203.0.113.7/24', '203.0.113.0/24', 24],
      ['203.0.113.200/25', '203.0.113.128/25', 25],
      ['198.51.100.9/0', '0.0.0.0/0', 0],
      ['0.0.0.0/0', '0.0.0.0/0', 0],
      ['255.255.255.255/1', '128.0.0.0/1', 1],
      ['  10.0.0.1 ', '10.0.0.1', 32],
      ['0.0.0.0', '0.0.0.0', 32],
    ];
    for (const [text, normalized, prefix] of cases)
      expect(range(text), text).toMatchObject({ family: 4, text: normalized, prefix });
    expect(range('203.0.113.7/24').bytes).toEqual([203, 0, 113, 0]);
  });

  it('writes IPv6 as RFC 5952 says: lowercase, no leading zeros, the first longest zero run as ::', () => {
    const cases: Array<[string, string, number]> = [
      ['2001:DB8::/64', '2001:db8::/64', 64],
      ['2001:0db8:0000:0000:0000:0000:0000:0001', '2001:db8::1', 128],
      ['2001:db8::1/128', '2001:db8::1', 128],
      ['2001:db8:0:0:1:0:0:1', '2001:db8::1:0:0:1', 128],
      ['2001:0:0:1:0:0:0:1', '2001:0:0:1::1', 128],
      ['2001:db8:0:1:1:1:1:1', '2001:db8:0:1:1:1:1:1', 128],
      ['::', '::', 128],
      ['::/0', '::/0', 0],
      ['ffff::1/0', '::/0', 0],
      ['::1', '::1', 128],
      ['1::', '1::', 128],
      ['1:2:3:4:5:6:7::', '1:2:3:4:5:6:7:0', 128],
      ['::2:3:4:5:6:7:8', '0:2:3:4:5:6:7:8', 128],
      ['FE80::1/10', 'fe80::/10', 10],
      ['2001:db8:abcd:12ff:ffff::/56', '2001:db8:abcd:1200::/56', 56],
      ['64:ff9b::1.2.3.4', '64:ff9b::102:304', 128],
      ['::1.2.3.4', '::102:304', 128],
    ];
    for (const [text, normalized, prefix] of cases)
      expect(range(text), text).toMatchObject({ family: 6, text: normalized, prefix });
  });

  it('reads IPv4-mapped IPv6 as IPv4, with the prefix moved along', () => {
    expect(range('::ffff:1.2.3.4')).toMatchObject({ family: 4, text: '1.2.3.4', prefix: 32 });
    expect(range('::FFFF:102:304')).toMatchObject({ family: 4, text: '1.2.3.4', prefix: 32 });
    expect(range('0:0:0:0:0:ffff:1.2.3.4')).toMatchObject({ family: 4, text: '1.2.3.4' });
    expect(range('::ffff:1.2.3.4/120')).toMatchObject({ family: 4, text: '1.2.3.0/24', prefix: 24 });
    expect(range('::ffff:0:0/96')).toMatchObject({ family: 4, text: '0.0.0.0/0', prefix: 0 });
    // A shorter prefix covers more than the mapped block: an IPv6 range.
    expect(range('::ffff:1.2.3.4/64')).toMatchObject({ family: 6, text: '::/64', prefix: 64 });
  });

  it('refuses with a reason: blank, zone ids, leading zeros, bad prefixes, anything else', () => {
    const cases: Array<[string, string]> = [
      ['', 'empty'],
      ['   ', 'empty'],
      ['fe80::1%eth0', 'zoneId'],
      ['fe80::1%1/64', 'zoneId'],
      ['010.0.0.1', 'leadingZero'],
      ['10.0.0.01', 'leadingZero'],
      ['10.00.0.1', 'leadingZero'],
      ['::ffff:01.2.3.4', 'leadingZero'],
      ['10.0.0.0/08', 'leadingZero'],
      ['2001:db8::/064', 'leadingZero'],
      ['10.0.0.0/00', 'leadingZero'],
      ['10.0.0.0/33', 'prefix'],
      ['::/129', 'prefix'],
      ['::ffff:1.2.3.4/129', 'prefix'],
      ['10.0.0.0/', 'prefix'],
      ['10.0.0.0/x', 'prefix'],
      ['10.0.0.0/-1', 'prefix'],
      ['10.0.0.0/ 8', 'prefix'],
      ['10.0.0.0/1000', 'prefix'],
      ['10.0.0.0/8/8', 'prefix'],
      ['256.0.0.1', 'notAddress'],
      ['1000.0.0.1', 'notAddress'],
      ['1.2.3', 'notAddress'],
      ['1.2.3.4.5', 'notAddress'],
      ['1.2.3.', 'notAddress'],
      ['0x7f.0.0.1', 'notAddress'],
      ['2130706433', 'notAddress'],
      ['example.com', 'notAddress'],
      ['1.2.3.4:80', 'notAddress'],
      ['1.2.3.4 5', 'notAddress'],
      ['[::1]', 'notAddress'],
      ['1::2::3', 'notAddress'],
      [':::', 'notAddress'],
      [':1::', 'notAddress'],
      ['1:', 'notAddress'],
      ['12345::', 'notAddress'],
      ['2001:db8::g', 'notAddress'],
      ['1:2:3:4:5:6:7', 'notAddress'],
      ['1:2:3:4:5:6:7:8:9', 'notAddress'],
      ['1:2:3:4:5:6:7:8::', 'notAddress'],
      ['::1.2.3', 'notAddress'],
      ['1.2.3.4::', 'notAddress'],
      ['::1.2.3.4:5', 'notAddress'],
      ['/24', 'notAddress'],
    ];
    for (const [text, reason] of cases)
      expect(parseAddressRange(text), JSON.stringify(text)).toEqual({ ok: false, reason });
  });
});

describe('parseAddress', () => {
  it('reads one address, mapped IPv6 as IPv4, and refuses a range', () => {
    expect(parseAddress('::ffff:203.0.113.7')).toEqual({
      ok: true,
      address: { family: 4, bytes: [203, 0, 113, 7] },
    });
    expect(parseAddress('203.0.113.0/24')).toEqual({ ok: false, reason: 'notAddress' });
    expect(parseAddress('fe80::1%eth0')).toEqual({ ok: false, reason: 'zoneId' });
  });
});

describe('rangeContains', () => {
  it('holds every address of its family at /0, and only the address itself at /32 and /128', () => {
    const all4 = range('0.0.0.0/0');
    for (const ip of ['0.0.0.0', '1.2.3.4', '255.255.255.255', '::ffff:9.9.9.9'])
      expect(rangeContains(all4, ip), ip).toBe(true);
    for (const ip of ['::1', '2001:db8::1', '::']) expect(rangeContains(all4, ip), ip).toBe(false);
    const all6 = range('::/0');
    for (const ip of ['::', '::1', '2001:db8::1', 'ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff'])
      expect(rangeContains(all6, ip), ip).toBe(true);
    // Mapped addresses are IPv4 callers.
    for (const ip of ['1.2.3.4', '::ffff:1.2.3.4']) expect(rangeContains(all6, ip), ip).toBe(false);

    const one4 = range('203.0.113.7/32');
    expect(rangeContains(one4, '203.0.113.7')).toBe(true);
    expect(rangeContains(one4, '::ffff:cb00:7107')).toBe(true);
    expect(rangeContains(one4, '203.0.113.6')).toBe(false);
    expect(rangeContains(one4, '203.0.113.8')).toBe(false);
    const one6 = range('2001:db8::1/128');
    expect(rangeContains(one6, '2001:DB8:0:0:0:0:0:1')).toBe(true);
    expect(rangeContains(one6, '2001:db8::2')).toBe(false);
    expect(rangeContains(one6, '2001:db8::')).toBe(false);
  });

  it('compares the prefix bits, on and off byte boundaries', () => {
    const net = range('203.0.113.0/24');
    expect(rangeContains(net, '203.0.113.255')).toBe(true);
    expect(rangeContains(net, '203.0.114.0')).toBe(false);
    const half = range('1.2.3.0/25');
    expect(rangeContains(half, '1.2.3.127')).toBe(true);
    expect(rangeContains(half, '1.2.3.128')).toBe(false);
    const wide = range('2001:db8::/64');
    expect(rangeContains(wide, '2001:DB8::ffff:1')).toBe(true);
    expect(rangeContains(wide, '2001:db8:0:0:ffff::')).toBe(true);
    expect(rangeContains(wide, '2001:db8:0:1::')).toBe(false);
    const odd = range('fe80::/10');
    expect(rangeContains(odd, 'febf:ffff::1')).toBe(true);
    expect(rangeContains(odd, 'fec0::1')).toBe(false);
  });

  it('holds nothing that is not one address', () => {
    const all = range('0.0.0.0/0');
    for (const ip of ['', 'nonsense', '1.2.3.4/32', '010.0.0.1', 'fe80::1%eth0'])
      expect(rangeContains(all, ip), ip).toBe(false);
  });
});

describe('addressKeys', () => {
  it('answers the address and its /24 or /64, mapped IPv6 counted as IPv4', () => {
    expect(addressKeys('203.0.113.7')).toEqual({ ip: '203.0.113.7', subnet: '203.0.113.0/24' });
    expect(addressKeys('::ffff:203.0.113.7')).toEqual({ ip: '203.0.113.7', subnet: '203.0.113.0/24' });
    expect(addressKeys(' 10.1.2.3 ')).toEqual({ ip: '10.1.2.3', subnet: '10.1.2.0/24' });
    expect(addressKeys('2001:DB8:1:2:3:4:5:6')).toEqual({
      ip: '2001:db8:1:2:3:4:5:6',
      subnet: '2001:db8:1:2::/64',
    });
    expect(addressKeys('2001:db8::1')).toEqual({ ip: '2001:db8::1', subnet: '2001:db8::/64' });
    expect(addressKeys('::1')).toEqual({ ip: '::1', subnet: '::/64' });
    for (const ip of ['', 'nonsense', 'fe80::1%eth0', '203.0.113.0/24', '010.0.0.1'])
      expect(addressKeys(ip), ip).toBeUndefined();
  });

  it('spells the subnet as the blocklist stores that range', () => {
    for (const ip of ['203.0.113.7', '2001:db8:1:2:3:4:5:6', '2001:db8::1', '::ffff:1.2.3.4', 'fe80::1'])
      expect(range(addressKeys(ip)!.subnet).text, ip).toBe(addressKeys(ip)!.subnet);
  });
});

describe('seeded random addresses', () => {
  const rng = xoroshiro128plus(20260301);
  const next = (lo: number, hi: number) => uniformInt(rng, lo, hi);

  /** 16 random bytes, groups often zero (to exercise compression), never IPv4-mapped. */
  function randomV6(): number[] {
    for (;;) {
      const bytes: number[] = [];
      for (let g = 0; g < 8; g += 1) {
        const zero = next(0, 9) < 4;
        const value = zero ? 0 : next(1, 0xffff);
        bytes.push(value >> 8, value & 0xff);
      }
      const mapped = bytes.slice(0, 10).every((b) => b === 0) && bytes[10] === 0xff && bytes[11] === 0xff;
      if (!mapped) return bytes;
    }
  }

  /** One of the many spellings of the same address: padded or not, any case, a zero run compressed. */
  function spell(bytes: number[]): string {
    const groups: string[] = [];
    for (let i = 0; i < 16; i += 2) {
      let hex = (bytes[i] * 256 + bytes[i + 1]).toString(16);
      if (next(0, 1)) hex = hex.padStart(4, '0');
      if (next(0, 1)) hex = hex.toUpperCase();
      groups.push(hex);
    }
    const zeroRuns: Array<[number, number]> = [];
    for (let i = 0; i < 8; i += 1)
      if (bytes[2 * i] === 0 && bytes[2 * i + 1] === 0) {
        let end = i;
        while (end < 8 && bytes[2 * end] === 0 && bytes[2 * end + 1] === 0) end += 1;
        zeroRuns.push([i, end]);
        i = end;
      }
    if (zeroRuns.length === 0 || next(0, 2) === 0) return groups.join(':');
    const [start, end] = zeroRuns[next(0, zeroRuns.length - 1)];
    return `${groups.slice(0, start).join(':')}::${groups.slice(end).join(':')}`;
  }

  it('writes 3,000 IPv6 addresses as the WHATWG URL parser does, whatever the spelling', () => {
    for (let i = 0; i < 3000; i += 1) {
      const bytes = randomV6();
      const text = spell(bytes);
      const parsed = range(text);
      expect(parsed.bytes, text).toEqual(bytes);
      expect(parsed.text, text).toBe(new URL(`http://[${text}]/`).hostname.slice(1, -1));
      expect(range(parsed.text).text).toBe(parsed.text);
    }
  });

  /** The first `bits` bits of a byte string, as a number (an independent reading of a prefix). */
  const topBits = (bytes: readonly number[], bits: number) =>
    bytes.reduce((n, byte) => (n << 8n) | BigInt(byte), 0n) >> BigInt(bytes.length * 8 - bits);

  it('agrees with a big-integer comparison on 4,000 random ranges and addresses near them', () => {
    const outcomes = { in: 0, out: 0 };
    for (let i = 0; i < 4000; i += 1) {
      const v4 = next(0, 1) === 0;
      const size = v4 ? 4 : 16;
      const bytes = v4 ? [0, 0, 0, 0].map(() => next(0, 255)) : randomV6();
      const prefix = next(0, size * 8);
      const parsed = range(`${v4 ? bytes.join('.') : spell(bytes)}/${prefix}`);
      expect(topBits(parsed.bytes, size * 8), parsed.text).toBe(
        topBits(bytes, prefix) << BigInt(size * 8 - prefix),
      );
      // An address sharing the network's bits up to a random point, random after it: half the
      // time the whole prefix or more, else a few bits short of it.
      const keep =
        prefix > 0 && next(0, 1) === 0 ? next(Math.max(0, prefix - 4), prefix - 1) : next(prefix, size * 8);
      const probe = bytes.map((byte, b) => {
        const kept = Math.min(8, Math.max(0, keep - b * 8));
        const mask = (0xff << (8 - kept)) & 0xff;
        return (byte & mask) | (next(0, 255) & ~mask & 0xff);
      });
      const ip = v4 ? probe.join('.') : spell(probe);
      const expected = topBits(probe, prefix) === topBits(bytes, prefix);
      expect(rangeContains(parsed, ip), `${parsed.text} ${ip}`).toBe(expected);
      outcomes[expected ? 'in' : 'out'] += 1;
    }
    expect(outcomes.in).toBeGreaterThan(1000);
    expect(outcomes.out).toBeGreaterThan(1000);
  });
});
