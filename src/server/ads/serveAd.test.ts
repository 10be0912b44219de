import { describe, expect, it } from 'vitest';
import { pageDomain, requestLanguage, visitorKeyOf } from './serveAd';

describe('what a serve reads from the request', () => {
  it('takes the lang parameter, else the first Accept-Language tag', () => {
    expect(requestLanguage('en-GB', 'zh-CN')).toBe('en-GB');
    expect(requestLanguage(undefined, 'zh-CN,zh;q=0.9,en;q=0.8')).toBe('zh-CN');
    expect(requestLanguage('', 'en_US;q=0.9')).toBe('en-US');
    expect(requestLanguage(undefined, undefined)).toBe('');
    expect(requestLanguage('<script>', undefined)).toBe('');
    expect(requestLanguage('x'.repeat(40), undefined)).toBe('');
  });

  it("names a page's host, lower case, without port or credentials", () => {
    expect(pageDomain('https://WWW.Example.com:8443/a?b#c')).toBe('www.example.com');
    expect(pageDomain('http://user:pw@shop.example.com/')).toBe('shop.example.com');
    expect(pageDomain('https://[2001:db8::1]:8080/x')).toBe('[2001:db8::1]');
    expect(pageDomain('/relative/path')).toBe('');
    expect(pageDomain('')).toBe('');
  });

  it("keys a visitor by the site's id, else the salted address hash and the agent", () => {
    const address = () => '1.2.3.4';
    // With the site's id the address is not even read (behind a proxy, reading it parses).
    const unread = () => {
      throw new Error('address read');
    };
    expect(visitorKeyOf('  abc ', unread, 'UA')).toBe('v:abc');
    expect(visitorKeyOf('x'.repeat(80), unread, 'UA')).toBe(`v:${'x'.repeat(64)}`);
    const byAddress = visitorKeyOf(undefined, address, 'UA');
    expect(byAddress).not.toContain('1.2.3.4');
    expect(visitorKeyOf('', () => '::ffff:1.2.3.4', 'UA')).toBe(byAddress);
    expect(visitorKeyOf(undefined, address, 'Other UA')).not.toBe(byAddress);
  });
});
