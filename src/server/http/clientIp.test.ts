import type { IncomingMessage } from 'node:http';
import { describe, expect, it, vi } from 'vitest';
import { clientIpOf } from './clientIp';

function request(peer: string, forwardedFor?: string): IncomingMessage {
  return {
    socket: { remoteAddress: peer },
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
    connection: { remoteAddress: peer },
  } as unknown as IncomingMessage;
}

describe('clientIpOf', () => {
  it('ignores X-Forwarded-For without trusted proxies and says so once', () => {
    const told = vi.fn();
    const ip = clientIpOf(undefined, told);
    expect(ip(request('198.51.100.1'))).toBe('198.51.100.1');
    expect(told).not.toHaveBeenCalled();
    expect(ip(request('127.0.0.1', '203.0.113.7'))).toBe('127.0.0.1');
    expect(ip(request('127.0.0.1', '203.0.113.8'))).toBe('127.0.0.1');
    expect(told).toHaveBeenCalledTimes(1);
    expect(told).toHaveBeenCalledWith('127.0.0.1');
  });

  it('takes the nearest untrusted address behind trusted proxies', () => {
    const told = vi.fn();
    const ip = clientIpOf(['loopback', '10.0.0.0/8'], told);
    expect(ip(request('127.0.0.1', '203.0.113.7, 10.1.2.3'))).toBe('203.0.113.7');
    expect(ip(request('198.51.100.1', '203.0.113.7'))).toBe('198.51.100.1');
    expect(told).not.toHaveBeenCalled();
  });
});
