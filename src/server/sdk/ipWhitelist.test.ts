import { describe, expect, it } from 'vitest';
import { compileWhitelist, normalizeWhitelistEntry } from './ipWhitelist';

describe('IP whitelist', () => {
  it('accepts addresses and CIDR blocks of both families, refuses the rest', () => {
    expect(normalizeWhitelistEntry(' 203.0.113.7 ')).toBe('203.0.113.7');
    expect(normalizeWhitelistEntry('203.0.113.0/24')).toBe('203.0.113.0/24');
    expect(normalizeWhitelistEntry('2001:DB8::/32')).toBe('2001:db8::/32');
    expect(normalizeWhitelistEntry('::1')).toBe('::1');
    for (const bad of [
      '',
      'example.com',
      '203.0.113.0/33',
      '2001:db8::/129',
      '1.2.3.4/x',
      '1.2.3',
      '1.2.3.4/',
    ]) {
      expect(normalizeWhitelistEntry(bad), bad).toBeUndefined();
    }
  });

  it('matches single addresses, blocks and IPv4-mapped IPv6 callers', () => {
    const list = compileWhitelist(['203.0.113.7', '198.51.100.0/24', '2001:db8::/32']);
    expect(list.allows('203.0.113.7')).toBe(true);
    expect(list.allows('203.0.113.8')).toBe(false);
    expect(list.allows('198.51.100.200')).toBe(true);
    expect(list.allows('::ffff:198.51.100.1')).toBe(true);
    expect(list.allows('2001:db8:1::5')).toBe(true);
    expect(list.allows('2001:db9::1')).toBe(false);
    expect(list.allows('not an ip')).toBe(false);
  });

  it('an empty list allows everyone', () => {
    expect(compileWhitelist([]).allows('192.0.2.1')).toBe(true);
  });
});
