import { describe, expect, it } from 'vitest';
import { addressAllowed } from './addressAllowed';

describe('addressAllowed', () => {
  it('allows every address when the list is empty', () => {
    expect(addressAllowed('203.0.113.9', [])).toBe(true);
  });

  it('matches single IPv4 and IPv6 addresses', () => {
    expect(addressAllowed('203.0.113.9', ['198.51.100.1', '203.0.113.9'])).toBe(true);
    expect(addressAllowed('203.0.113.10', ['203.0.113.9'])).toBe(false);
    expect(addressAllowed('2001:db8::1', ['2001:0db8:0:0::1'])).toBe(true);
    expect(addressAllowed('2001:db8::2', ['2001:db8::1'])).toBe(false);
  });

  it('matches CIDR ranges of both families', () => {
    expect(addressAllowed('10.1.2.3', ['10.0.0.0/8'])).toBe(true);
    expect(addressAllowed('11.1.2.3', ['10.0.0.0/8'])).toBe(false);
    expect(addressAllowed('2001:db8:1::5', ['2001:db8::/32'])).toBe(true);
    expect(addressAllowed('2001:db9::5', ['2001:db8::/32'])).toBe(false);
  });

  it('reads IPv4-mapped IPv6 callers and ranges as IPv4', () => {
    expect(addressAllowed('::ffff:10.1.2.3', ['10.0.0.0/8'])).toBe(true);
    expect(addressAllowed('::ffff:10.1.2.3', ['10.1.2.3'])).toBe(true);
    expect(addressAllowed('10.1.2.3', ['::ffff:10.0.0.0/104'])).toBe(true);
    expect(addressAllowed('11.1.2.3', ['::ffff:10.0.0.0/104'])).toBe(false);
  });

  it('never matches across families, unreadable entries or callers', () => {
    expect(addressAllowed('10.1.2.3', ['::/0'])).toBe(false);
    expect(addressAllowed('10.1.2.3', ['not an address', '10.0.0.0/99'])).toBe(false);
    expect(addressAllowed('', ['10.0.0.0/8'])).toBe(false);
    expect(addressAllowed('garbage', ['0.0.0.0/0'])).toBe(false);
  });
});
