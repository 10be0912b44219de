import { describe, expect, it } from 'vitest';
import { isInternalHost } from './isInternalHost';
import { absoluteHttpUrl, urlProblem } from './urlProblem';

const reason = (value: string, kind: Parameters<typeof urlProblem>[1]) =>
  urlProblem(value, kind)?.reason ?? 'ok';

// Every spelling of an internal target the issue lists, as the WHATWG URL parser reads them.
export const INTERNAL_URLS = [
  'http://127.0.0.1/x',
  'http://127.0.0.1:22',
  'https://localhost/x',
  'http://LOCALHOST./x',
  'http://api.localhost/x',
  'http://printer.local/x',
  'http://metadata.google.internal/computeMetadata/v1/',
  'http://intranet/x',
  'http://10.0.0.8/x',
  'http://172.16.3.4/x',
  'http://192.168.1.20/x',
  'http://169.254.169.254/latest/meta-data/',
  'http://100.64.0.1/x',
  'http://0.0.0.0/x',
  'http://0/x',
  'http://[::1]/x',
  'http://[::]/x',
  'http://[fc00::1]/x',
  'http://[fd00::abcd]/x',
  'http://[fe80::1]/x',
  'http://[::ffff:127.0.0.1]/x',
  'http://[0:0:0:0:0:ffff:7f00:1]/x',
  'http://[::ffff:169.254.169.254]/x',
  'http://2130706433/x',
  'http://017700000001/x',
  'http://0177.0.0.1/x',
  'http://0x7f.0.0.1/x',
  'http://0x7f000001/x',
  'http://0x7f.1/x',
  'http://127.1/x',
  'http://%31%32%37.0.0.1/x',
  'http://１２７.0.0.1/x',
  'http://user:pass@127.0.0.1/x',
  'http://127.0.0.1\\@example.com/x',
  'http://127.0.0.1.:8080/x',
];

describe('urlProblem', () => {
  it('http: refuses every internal host spelling', () => {
    for (const url of INTERNAL_URLS) expect(reason(url, 'http'), url).toBe('private');
    expect(urlProblem('http://127.0.0.1:22', 'http')?.messageKey).toBe('urlPrivateHost');
  });

  it('http: accepts public hosts and www. addresses', () => {
    for (const url of [
      'https://example.com/a?b=1',
      'http://8.8.8.8/hook',
      'https://[2606:4700:4700::1111]/x',
      'https://apps.apple.com/app/id1',
      'www.example.com/x',
      'HTTPS://EXAMPLE.COM',
    ])
      expect(reason(url, 'http'), url).toBe('ok');
  });

  it('http: other shapes, white space and unparsable hosts', () => {
    for (const url of [
      '//other.host/x',
      'javascript://x',
      'ftp://example.com',
      ' https://example.com',
      'https://example.com ',
      'https://exa mple.com',
      'https://example.com/\u0000',
      'example.com',
      '',
    ])
      expect(reason(url, 'http'), JSON.stringify(url)).toBe('shape');
    expect(reason('http://exa[mple.com/', 'http')).toBe('invalid');
    expect(reason('http://', 'http')).toBe('invalid');
  });

  it('image: http(s) to public hosts or the console uploads, never protocol-relative', () => {
    expect(reason('https://cdn.example.com/a.png', 'image')).toBe('ok');
    expect(reason('/uploads/p1/abc.png', 'image')).toBe('ok');
    expect(reason('//other.host/a.png', 'image')).toBe('shape');
    expect(reason('/other/a.png', 'image')).toBe('shape');
    expect(reason('/uploads/../secret', 'image')).toBe('invalid');
    expect(reason('/uploads/p1/../../x', 'image')).toBe('invalid');
    expect(reason('/uploads/p1/%2e%2e/x', 'image')).toBe('invalid');
    expect(reason('/uploads//other.host/x', 'image')).toBe('shape');
    expect(reason('data:image/png;base64,AAAA', 'image')).toBe('shape');
    expect(reason('http://169.254.169.254/a.png', 'image')).toBe('private');
    expect(urlProblem('//other.host/a.png', 'image')?.messageKey).toBe('imageUrl');
  });

  it("image: the schema folders' artwork under /schema-assets/, exactly as served", () => {
    for (const ok of [
      '/schema-assets/_assets/prize-gift.svg',
      '/schema-assets/gameplays/card-flipping/assets/card-back.svg',
      '/schema-assets/sub-activities/daily-lottery/assets/bg-2.png',
    ])
      expect(reason(ok, 'image'), ok).toBe('ok');
    for (const bad of [
      '/schema-assets/../package.json',
      '/schema-assets/_assets/../../.env',
      '/schema-assets/_assets/%2e%2e/x.svg',
      '/schema-assets/_assets/sub/x.svg',
      '/schema-assets/gameplays/lucky-wheel/meta.json',
      '/schema-assets/gameplays/lucky-wheel/x.svg',
      '/schema-assets/_assets/X.svg',
      '/schema-assets/_assets/x.svg?v=1',
      '/schema-assets/_assets/x.html',
      '/schema-assets//other.host/x.svg',
    ])
      expect(reason(bad, 'image'), bad).toBe('invalid');
    expect(reason('/schema-assets/_assets/a b.svg', 'image')).toBe('shape');
    expect(reason('/schema-asset/_assets/x.svg', 'image')).toBe('shape');
    expect(reason('javascript:alert(1)//schema-assets/_assets/x.svg', 'image')).toBe('shape');
    expect(urlProblem('/schema-assets/_assets/../x.svg', 'image')?.messageKey).toBe('imageUrl');
  });

  it('appScheme: name:// with RFC 3986 scheme characters, no script or local-data schemes', () => {
    for (const ok of ['myapp://', 'my-app+v2.x://open?id=1', 'weixin://dl/business', 'https://example.com/a'])
      expect(reason(ok, 'appScheme'), ok).toBe('ok');
    for (const bad of [
      'javascript://x',
      'JavaScript://%0aalert(1)',
      'data://text/html',
      'vbscript://x',
      'file:///etc/passwd',
      'about://blank',
      'blob://x',
    ])
      expect(reason(bad, 'appScheme'), bad).toBe('forbiddenScheme');
    expect(urlProblem('javascript://x', 'appScheme')).toMatchObject({
      messageKey: 'schemeForbidden',
      params: { scheme: 'javascript' },
    });
    for (const bad of [' myapp://', 'myapp:// ', '1app://', 'my_app://', 'myapp:', 'myapp:/x'])
      expect(reason(bad, 'appScheme'), JSON.stringify(bad)).toBe('shape');
    expect(reason('http://127.0.0.1/x', 'appScheme')).toBe('private');
  });

  it('appSchemes: every entry of a semicolon list', () => {
    expect(reason('myapp://; other://x', 'appSchemes')).toBe('ok');
    expect(urlProblem('myapp://;javascript://x', 'appSchemes')).toMatchObject({
      reason: 'forbiddenScheme',
      params: { value: 'javascript://x' },
    });
  });

  it('absoluteHttpUrl completes www. and refuses the rest', () => {
    expect(absoluteHttpUrl('www.example.com/x')).toBe('https://www.example.com/x');
    expect(absoluteHttpUrl('http://example.com')).toBe('http://example.com/');
    expect(absoluteHttpUrl('//example.com')).toBeUndefined();
    expect(absoluteHttpUrl(' https://example.com')).toBeUndefined();
  });
});

describe('isInternalHost', () => {
  it('reads hosts as the URL parser gives them', () => {
    for (const host of [
      '127.0.0.1',
      '[::1]',
      'localhost',
      'a.localhost',
      'x.local',
      'intranet',
      '0x7f.1',
      '1.2.3',
      '',
    ])
      expect(isInternalHost(host), host).toBe(true);
    for (const host of ['example.com', '8.8.8.8', '[2606:4700:4700::1111]', 'xn--fiqs8s.cn'])
      expect(isInternalHost(host), host).toBe(false);
  });
});
