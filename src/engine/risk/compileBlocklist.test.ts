import { describe, expect, it } from 'vitest';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import type { BlockKind } from './checkBlockValue';
import { compileBlocklist } from './compileBlocklist';
import {
  parseAddress,
  parseAddressRange,
  rangeContains,
  rangeHolds,
  type AddressRange,
} from './parseAddressRange';

interface Entry {
  id: string;
  kind: BlockKind;
  value: string;
}

const entry = (id: string, kind: BlockKind, value: string): Entry => ({ id, kind, value });

describe('compileBlocklist', () => {
  const list = compileBlocklist([
    entry('u1', 'user', 'farmer-1'),
    entry('d1', 'device', 'DEVICE-9'),
    entry('a1', 'address', '203.0.113.0/24'),
    entry('a2', 'address', '203.0.113.7'),
    entry('a3', 'address', '2001:db8::/32'),
    entry('a4', 'address', '0.0.0.0/0'),
  ]);

  it('matches user and device ids exactly', () => {
    expect(list.size).toBe(6);
    expect(list.blocks({ userId: 'farmer-1' })?.id).toBe('u1');
    expect(list.blocks({ deviceId: 'DEVICE-9' })?.id).toBe('d1');
    for (const subject of [
      { userId: 'Farmer-1' },
      { userId: 'farmer-1 ' },
      { userId: 'DEVICE-9' },
      { deviceId: 'device-9' },
      { deviceId: 'farmer-1' },
      {},
      { userId: null, deviceId: null, ip: null },
      { userId: '' },
    ])
      expect(list.blocks(subject), JSON.stringify(subject)).toBeNull();
  });

  it('answers the user entry first, then the device, then the most specific range', () => {
    expect(list.blocks({ userId: 'farmer-1', deviceId: 'DEVICE-9', ip: '203.0.113.7' })?.id).toBe('u1');
    expect(list.blocks({ userId: 'other', deviceId: 'DEVICE-9', ip: '203.0.113.7' })?.id).toBe('d1');
    expect(list.blocks({ userId: 'other', ip: '203.0.113.7' })?.id).toBe('a2');
    expect(list.blocks({ ip: '::ffff:203.0.113.7' })?.id).toBe('a2');
    expect(list.blocks({ ip: '203.0.113.8' })?.id).toBe('a1');
    expect(list.blocks({ ip: '198.51.100.1' })?.id).toBe('a4');
    expect(list.blocks({ ip: '2001:DB8:ffff::1' })?.id).toBe('a3');
    expect(list.blocks({ ip: '2001:db9::1' })).toBeNull();
    expect(list.blocks({ ip: 'not-an-ip' })).toBeNull();
  });

  it('blocks nothing when empty, and leaves out a stored address that is no range', () => {
    expect(compileBlocklist([]).blocks({ userId: 'x', deviceId: 'y', ip: '1.2.3.4' })).toBeNull();
    const odd = compileBlocklist([entry('bad', 'address', 'nonsense'), entry('ok', 'address', '::/0')]);
    expect(odd.size).toBe(1);
    expect(odd.blocks({ ip: '::1' })?.id).toBe('ok');
    expect(odd.blocks({ ip: '1.2.3.4' })).toBeNull();
  });

  it('agrees with a plain scan over 300 seeded random ranges and 3,000 addresses', () => {
    const rng = xoroshiro128plus(77);
    const next = (lo: number, hi: number) => uniformInt(rng, lo, hi);
    // Few distinct leading bytes, so ranges nest and overlap.
    const v4 = () => [next(10, 12), next(0, 3), next(0, 255), next(0, 255)].join('.');
    const v6 = () =>
      `2001:db8:${next(0, 3).toString(16)}:${next(0, 0xffff).toString(16)}::${next(0, 0xffff).toString(16)}`;
    const ranges: Array<Entry & { range: AddressRange }> = [];
    for (let i = 0; i < 300; i += 1) {
      const six = next(0, 1) === 1;
      const parsed = parseAddressRange(`${six ? v6() : v4()}/${next(six ? 56 : 20, six ? 128 : 32)}`);
      if (!parsed.ok) throw new Error(parsed.reason);
      ranges.push({ ...entry(`r${i}`, 'address', parsed.range.text), range: parsed.range });
    }
    const inside = (range: AddressRange) => {
      const bytes = range.bytes.map((byte, b) => {
        const kept = Math.min(8, Math.max(0, range.prefix - b * 8));
        return byte | (next(0, 255) & (0xff >> kept));
      });
      return range.family === 4
        ? bytes.join('.')
        : `${bytes
            .map((b) => b.toString(16).padStart(2, '0'))
            .join('')
            .replace(/(.{4})(?!$)/g, '$1:')}`;
    };
    const compiled = compileBlocklist(ranges);
    let blocked = 0;
    for (let i = 0; i < 3000; i += 1) {
      // Half the addresses inside a random range (host bits random), half anywhere near.
      const ip = next(0, 1) ? inside(ranges[next(0, ranges.length - 1)].range) : next(0, 1) ? v6() : v4();
      const parsed = parseAddress(ip);
      if (!parsed.ok) throw new Error(parsed.reason);
      const holding = ranges.filter((r) => rangeHolds(r.range, parsed.address));
      const hit = compiled.blocks({ ip });
      if (holding.length === 0) expect(hit, ip).toBeNull();
      else {
        blocked += 1;
        expect(hit && rangeContains(hit.range, ip), ip).toBe(true);
        expect(hit?.range.prefix, ip).toBe(Math.max(...holding.map((r) => r.range.prefix)));
      }
    }

    expect(blocked).toBeGreaterThan(300);
    expect(blocked).toBeLessThan(2700);
  });
});
