import { describe, expect, it } from 'vitest';
import { isIpOrCidr } from './ipRules';

describe('isIpOrCidr', () => {
  it('accepts IPv4 addresses and blocks', () => {
    for (const entry of [
      '1.2.3.4',
      '0.0.0.0',
      '255.255.255.255',
      '10.0.0.0/8',
      '192.168.1.0/24',
      '1.2.3.4/32',
    ])
      expect(isIpOrCidr(entry), entry).toBe(true);
  });

  it('accepts IPv6 addresses and blocks', () => {
    for (const entry of [
      '::1',
      '::',
      '2001:db8::1',
      '2001:0db8:0000:0000:0000:0000:0000:0001',
      'fe80::/10',
      '::ffff:192.0.2.1',
      '2001:db8::/128',
    ])
      expect(isIpOrCidr(entry), entry).toBe(true);
  });

  it('refuses anything else', () => {
    for (const entry of [
      '',
      '1.2.3',
      '1.2.3.4.5',
      '256.1.1.1',
      '01.2.3.4',
      '1.2.3.4/33',
      '1.2.3.4/',
      '1.2.3.4/8/8',
      'example.com',
      '2001:db8:::1',
      '1:2:3:4:5:6:7:8:9',
      '1:2:3:4:5:6:7',
      'fe80::/129',
      'gggg::1',
      '::ffff:999.0.2.1',
    ])
      expect(isIpOrCidr(entry), entry).toBe(false);
  });
});
