import { describe, expect, it } from 'vitest';
import { keyValues, pageOf, publicBanner, publicScript } from './publicTurbo';

describe('the web SDK answers of banners and scripts', () => {
  it('keeps the origin and path of a page, never its query or fragment, and only http(s)', () => {
    expect(pageOf('https://www.example.com/pricing?token=secret#plans')).toBe(
      'https://www.example.com/pricing',
    );
    expect(pageOf('http://user:pw@example.com:8080/a/b/')).toBe('http://example.com:8080/a/b/');
    expect(pageOf('https://EXAMPLE.com')).toBe('https://example.com/');
    expect(pageOf(`https://example.com/${'x'.repeat(300)}`)).toHaveLength(200);
    for (const bad of ['javascript:alert(1)', 'ftp://example.com/', 'data:text/html,hi', 'not a url', ''])
      expect(pageOf(bad), bad).toBeUndefined();
  });

  it('reads key-value lists; the first of a repeated key wins', () => {
    expect(
      keyValues([
        { key: 'a', value: '1' },
        { key: 'a', value: '2' },
        { key: '', value: 'x' },
        'junk',
        { key: 'b' },
      ]),
    ).toEqual({ a: '1', b: '' });
    expect(keyValues(undefined)).toEqual({});
  });

  it("a banner's texts per language fall back to its first language; the source marks come last", () => {
    const answer = publicBanner({
      id: 'b1',
      config: {
        title: { 'zh-CN': '标题', 'en-US': 'Title' },
        buttonText: { 'zh-CN': '打开' },
        languages: ['zh-CN', 'en-US'],
        colors: { background: '#fff', text: '#000', button: '#00f', buttonText: '#fff' },
        attribution: [
          { key: 'utm_source', value: 'site' },
          { key: 'gc_tid', value: 'forged' },
        ],
        position: 'top',
      },
      linkUrl: 'http://demo.localhost:3000/AbC123',
      templateConfig: { android: { packageNames: 'com.example.app' } },
    });
    expect(answer).toEqual({
      id: 'b1',
      position: 'top',
      languages: ['zh-CN', 'en-US'],
      texts: {
        'zh-CN': { title: '标题', description: '', button: '打开' },
        'en-US': { title: 'Title', description: '', button: '打开' },
      },
      rating: null,
      colors: { background: '#fff', text: '#000', button: '#00f', buttonText: '#fff' },
      radius: 0,
      dismissDays: 7,
      platforms: ['android'],
      url: 'http://demo.localhost:3000/AbC123',
      params: { utm_source: 'site', gc_src: 'banner', gc_tid: 'b1' },
    });
  });

  it("a script's mappings keep only the values it has", () => {
    const answer = publicScript({
      id: 's1',
      config: {
        overrides: [{ key: 'channel', value: 'site' }],
        urlMapping: [
          { deepLinkParam: 'page', accessLinkParam: 'p', overrideValue: 'home' },
          { deepLinkParam: 'id', accessLinkParam: 'id' },
        ],
      },
      hosts: ['demo.localhost:3000'],
      linkIds: null,
    });
    expect(answer).toEqual({
      id: 's1',
      hosts: ['demo.localhost:3000'],
      linkIds: null,
      overrides: { channel: 'site' },
      accessLinkParams: {},
      urlMapping: [
        { deepLinkParam: 'page', accessLinkParam: 'p', overrideValue: 'home' },
        { deepLinkParam: 'id', accessLinkParam: 'id' },
      ],
      referrerMapping: [],
      params: { gc_src: 'script', gc_tid: 's1' },
    });
  });
});
