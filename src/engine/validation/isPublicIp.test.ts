import { describe, expect, it } from 'vitest';
import { isPublicIp } from './isPublicIp';

describe('isPublicIp', () => {
  it('refuses every internal range, IPv4 and IPv6, and IPv6 forms carrying an internal IPv4', () => {
    for (const ip of [
      '127.0.0.1',
      '127.255.255.254',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254', // cloud metadata
      '100.64.0.1', // carrier-grade NAT
      '100.127.255.255',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '192.0.2.10', // documentation
      '198.18.0.1', // benchmarking
      '240.0.0.1',
      '::1',
      '::',
      '[::1]',
      'fe80::1',
      'fe80::1%eth0',
      'fc00::1', // unique-local
      'fd12:3456::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '[::ffff:a9fe:a9fe]', // 169.254.169.254, mapped
      '::ffff:0:a00:1', // 10.0.0.1, translated
      '64:ff9b::a00:1', // NAT64 of 10.0.0.1
      '64:ff9b:1::1', // local-use NAT64
      '2002:c0a8:101::1', // 6to4 of 192.168.1.1
      '::7f00:1', // IPv4-compatible 127.0.0.1
      '2001::1', // Teredo
      '2001:db8::1', // documentation
      'not-an-ip',
      '2130706433', // only what a URL parser or resolver gives is read as an address
      '0177.0.0.1',
      '',
    ])
      expect(isPublicIp(ip), ip).toBe(false);
  });

  it('accepts public unicast addresses, IPv6 forms of public IPv4 included', () => {
    for (const ip of [
      '8.8.8.8',
      '93.184.215.14',
      '172.32.0.1',
      '100.128.0.1',
      '2606:4700:4700::1111',
      '[2001:4860:4860::8888]',
      '::ffff:8.8.8.8',
      '64:ff9b::808:808',
      '2002:808:808::1',
    ])
      expect(isPublicIp(ip), ip).toBe(true);
  });
});
