import { describe, expect, it } from 'vitest';
import type { PublicScript } from '../types';
import { referrerChannel, rewriteUrl } from './rewriteUrl';

const script = (patch: Partial<PublicScript> = {}): PublicScript => ({
  id: 's1',
  hosts: ['demo.localhost:3000'],
  linkIds: null,
  overrides: {},
  accessLinkParams: {},
  urlMapping: [],
  referrerMapping: [],
  params: { gc_src: 'script', gc_tid: 's1' },
  ...patch,
});

const PAGE = 'https://shop.example.com/landing?utm_source=google&campaign=spring&empty=';
const LINK = 'http://demo.localhost:3000/AbC123';
const query = (href: string | null) =>
  href === null ? null : Object.fromEntries(new URL(href).searchParams);

describe('rewriteUrl: which links', () => {
  it('rewrites links of the script hosts (host with port, case-insensitive)', () => {
    expect(rewriteUrl(LINK, PAGE, '', script())).toBe(`${LINK}?gc_src=script&gc_tid=s1`);
    expect(rewriteUrl('http://DEMO.localhost:3000/AbC123', PAGE, '', script())).toBe(
      `${LINK}?gc_src=script&gc_tid=s1`,
    );
    expect(rewriteUrl(LINK, PAGE, '', script({ hosts: ['Demo.Localhost:3000'] }))).not.toBeNull();
  });

  it('leaves other hosts, other ports and non-http links alone', () => {
    expect(rewriteUrl('https://example.com/AbC123', PAGE, '', script())).toBeNull();
    expect(rewriteUrl('http://demo.localhost:4000/AbC123', PAGE, '', script())).toBeNull();
    expect(rewriteUrl('mailto:a@demo.localhost', PAGE, '', script())).toBeNull();
    expect(rewriteUrl('javascript:void 0', PAGE, '', script())).toBeNull();
    expect(rewriteUrl('/relative', PAGE, '', script())).toBeNull();
    expect(rewriteUrl('http://[bad', PAGE, '', script())).toBeNull();
  });

  it('with linkIds, only links whose first path segment is one of them', () => {
    const only = script({ linkIds: ['AbC123'] });
    expect(rewriteUrl(LINK, PAGE, '', only)).not.toBeNull();
    expect(rewriteUrl(`${LINK}/more?x=1`, PAGE, '', only)).not.toBeNull();
    expect(rewriteUrl('http://demo.localhost:3000/Zzz999', PAGE, '', only)).toBeNull();
    expect(rewriteUrl(LINK, PAGE, '', script({ linkIds: [] }))).toBeNull();
  });

  it('rewrites a link marked data-gc-link whatever its host, still within linkIds', () => {
    expect(rewriteUrl('https://go.example.com/AbC123', PAGE, '', script(), true)).toBe(
      'https://go.example.com/AbC123?gc_src=script&gc_tid=s1',
    );
    expect(
      rewriteUrl('https://go.example.com/Zzz999', PAGE, '', script({ linkIds: ['AbC123'] }), true),
    ).toBeNull();
    expect(rewriteUrl('mailto:a@b.c', PAGE, '', script(), true)).toBeNull();
  });

  it('keeps the path and fragment', () => {
    expect(rewriteUrl(`${LINK}?a=1#top`, PAGE, '', script())).toBe(`${LINK}?a=1&gc_src=script&gc_tid=s1#top`);
  });
});

describe('rewriteUrl: URL parameter mapping', () => {
  const row = (patch: Partial<PublicScript['urlMapping'][number]>) => ({
    deepLinkParam: 'src',
    accessLinkParam: 'utm_source',
    ...patch,
  });

  it('override value first', () => {
    const s = script({ urlMapping: [row({ overrideValue: 'forced', defaultValue: 'web' })] });
    expect(query(rewriteUrl(`${LINK}?src=own`, PAGE, '', s))?.src).toBe('forced');
  });

  it("else the page's parameter", () => {
    const s = script({ urlMapping: [row({ defaultValue: 'web' })] });
    expect(query(rewriteUrl(`${LINK}?src=own`, PAGE, '', s))?.src).toBe('google');
    // An empty override value is no override.
    const empty = script({ urlMapping: [row({ overrideValue: '', defaultValue: 'web' })] });
    expect(query(rewriteUrl(LINK, PAGE, '', empty))?.src).toBe('google');
  });

  it('else the default value (an empty page parameter counts as absent)', () => {
    const s = script({ urlMapping: [row({ accessLinkParam: 'missing', defaultValue: 'web' })] });
    expect(query(rewriteUrl(`${LINK}?src=own`, PAGE, '', s))?.src).toBe('web');
    const blank = script({ urlMapping: [row({ accessLinkParam: 'empty', defaultValue: 'web' })] });
    expect(query(rewriteUrl(LINK, PAGE, '', blank))?.src).toBe('web');
  });

  it("else the link's own value stays, or the parameter stays absent", () => {
    const s = script({ urlMapping: [row({ accessLinkParam: 'missing' })] });
    expect(query(rewriteUrl(`${LINK}?src=own`, PAGE, '', s))?.src).toBe('own');
    expect(query(rewriteUrl(LINK, PAGE, '', s))).toEqual({ gc_src: 'script', gc_tid: 's1' });
  });
});

describe('rewriteUrl: order of the steps', () => {
  it('access link params only where the link lacks them; later steps replace them', () => {
    const s = script({
      accessLinkParams: { a: '1', b: '2', c: '3', channel: 'x', gc_src: 'mine' },
      urlMapping: [{ deepLinkParam: 'c', accessLinkParam: 'campaign' }],
    });
    expect(query(rewriteUrl(`${LINK}?a=own`, PAGE, '', s))).toEqual({
      a: 'own',
      b: '2',
      c: 'spring',
      channel: 'x',
      gc_src: 'script',
      gc_tid: 's1',
    });
  });

  it('referrer channel after the mapping, overrides after the channel, gc_src/gc_tid last', () => {
    const s = script({
      urlMapping: [{ deepLinkParam: 'channel', accessLinkParam: 'utm_source' }],
      referrerMapping: [{ referrer: 'facebook.com', channel: 'fb' }],
      overrides: { k: 'o', gc_tid: 'nope' },
    });
    expect(query(rewriteUrl(LINK, PAGE, 'https://m.facebook.com/story', s))).toEqual({
      channel: 'fb',
      k: 'o',
      gc_src: 'script',
      gc_tid: 's1',
    });
    // No referrer row matches: the mapping's value stays.
    expect(query(rewriteUrl(LINK, PAGE, 'https://news.example.org/', s))?.channel).toBe('google');
  });

  it('an override of channel beats the referrer', () => {
    const s = script({
      referrerMapping: [{ referrer: 'facebook.com', channel: 'fb' }],
      overrides: { channel: 'fixed' },
    });
    expect(query(rewriteUrl(LINK, PAGE, 'https://facebook.com/', s))?.channel).toBe('fixed');
  });
});

describe('referrerChannel', () => {
  const rows = [
    { referrer: 'google.com', channel: 'search' },
    { referrer: 'https://www.Facebook.com/', channel: 'fb' },
    { referrer: 'mail.google.com', channel: 'gmail' },
  ];

  it('matches the host or a subdomain of it, case-insensitive, the first row winning', () => {
    expect(referrerChannel('https://google.com/search?q=x', rows)).toBe('search');
    expect(referrerChannel('https://WWW.GOOGLE.COM/', rows)).toBe('search');
    expect(referrerChannel('https://mail.google.com/', rows)).toBe('search');
    expect(referrerChannel('https://www.facebook.com/x', rows)).toBe('fb');
    expect(referrerChannel('https://l.www.facebook.com:8443/x', rows)).toBe('fb');
  });

  it('no match for look-alike domains, other hosts and no referrer', () => {
    expect(referrerChannel('https://notgoogle.com/', rows)).toBeUndefined();
    expect(referrerChannel('https://facebook.com/', rows)).toBeUndefined();
    expect(referrerChannel('https://example.com/', rows)).toBeUndefined();
    expect(referrerChannel('', rows)).toBeUndefined();
  });
});
