import { describe, expect, it } from 'vitest';
import { adPlatformOf, pageDomain, requestLanguage, visitorHashOf, visitorKeyOf } from './serveAd';

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

  it("keys a visitor by the site's id, else the salted address hash and the agent; stores only a hash", () => {
    expect(visitorKeyOf('  abc ', '1.2.3.4', 'UA')).toBe('v:abc');
    expect(visitorKeyOf('x'.repeat(80), '1.2.3.4', 'UA')).toBe(`v:${'x'.repeat(64)}`);
    const byAddress = visitorKeyOf(undefined, '1.2.3.4', 'UA');
    expect(byAddress).not.toContain('1.2.3.4');
    expect(visitorKeyOf('', '::ffff:1.2.3.4', 'UA')).toBe(byAddress);
    expect(visitorKeyOf(undefined, '1.2.3.4', 'Other UA')).not.toBe(byAddress);
    expect(visitorHashOf(byAddress)).toMatch(/^[0-9a-f]{16}$/);
    expect(visitorHashOf('v:abc')).toBe(visitorHashOf('v:abc'));
    expect(visitorHashOf('v:abc')).not.toBe(visitorHashOf('v:abd'));
  });

  it('counts a request for ios, android, web (desktop) or other', () => {
    expect(adPlatformOf('Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15')).toBe(
      'ios',
    );
    expect(
      adPlatformOf('Mozilla/5.0 (Linux; Android 12; Pixel 6) AppleWebKit/537.36 Chrome/120 Mobile'),
    ).toBe('android');
    expect(adPlatformOf('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/124.0')).toBe(
      'web',
    );
    expect(adPlatformOf('')).toBe('other');
  });
});
