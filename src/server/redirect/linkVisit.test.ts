import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { deviceOf } from './deviceOf';
import { clickOf, countryOf, queryParams, type LinkVisit } from './linkVisit';
import type { ResolvedLink } from './resolvedLink';

const request = (url: string, headers: Record<string, string | string[]> = {}) =>
  ({ url, headers }) as unknown as IncomingMessage;

describe('the query parameters a click keeps', () => {
  it('are none without a query, and the first value of each name', () => {
    expect(queryParams('/abc123')).toBeNull();
    expect(queryParams('/abc123?')).toBeNull();
    expect(queryParams('/abc123?a=1&b=2&a=3')).toEqual({ a: '1', b: '2' });
  });

  it('drop control characters and cut names to 50 and values to 200 characters', () => {
    const params = queryParams(`/x?na%00me=v%01al%7F&${'k'.repeat(60)}=${'v'.repeat(250)}`);
    expect(params).toEqual({ name: 'val', ['k'.repeat(50)]: 'v'.repeat(200) });
  });

  it('stop at 30 names', () => {
    const query = Array.from({ length: 40 }, (_, i) => `p${i}=${i}`).join('&');
    const params = queryParams(`/x?${query}`)!;
    expect(Object.keys(params)).toHaveLength(30);
    expect(params.p29).toBe('29');
    expect(params.p30).toBeUndefined();
  });
});

describe("a visitor's country", () => {
  it('is the two letters a proxy names, never XX', () => {
    expect(countryOf(request('/', { 'cf-ipcountry': ' de ' }))).toBe('DE');
    expect(countryOf(request('/', { 'x-country-code': 'cn' }))).toBe('CN');
    expect(countryOf(request('/', { 'cf-ipcountry': 'XX', 'x-country-code': 'FR' }))).toBeNull();
    expect(countryOf(request('/', { 'cf-ipcountry': 'DEU' }))).toBeNull();
    expect(countryOf(request('/'))).toBeNull();
  });
});

describe('the click a visit records', () => {
  const link = { projectId: 'p1', id: 'row-1', utmSource: 'newsletter' } as ResolvedLink;
  const userAgent = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) Mobile/15E148';
  const visit: LinkVisit = {
    link,
    device: deviceOf(userAgent),
    userAgent,
    timeMs: 1_000,
    random: 7,
    ip: '203.0.113.9',
  };
  const decision = { kind: 'landing', outcome: 'landing' } as const;

  it("takes the channel from the query, else the link's UTM source, else direct", () => {
    const channel = (url: string, source?: string) =>
      clickOf(request(url), { ...visit, link: { ...link, utmSource: source } }, decision).channel;
    expect(channel('/abc123?channel=ads&utm_source=mail', 'newsletter')).toBe('ads');
    expect(channel('/abc123?utm_source=mail', 'newsletter')).toBe('mail');
    expect(channel('/abc123', 'newsletter')).toBe('newsletter');
    expect(channel('/abc123')).toBe('direct');
    expect(channel(`/abc123?channel=${'c'.repeat(150)}`)).toBe('c'.repeat(100));
  });

  it('keeps who came, from where and what was decided', () => {
    const click = clickOf(
      request('/abc123?x=1', {
        referer: `https://from.example.com/${'r'.repeat(600)}`,
        'cf-ipcountry': 'jp',
      }),
      visit,
      decision,
    );
    expect(click).toMatchObject({
      timeMs: 1_000,
      random: 7,
      projectId: 'p1',
      linkRowId: 'row-1',
      ip: '203.0.113.9',
      userAgent,
      country: 'JP',
      channel: 'newsletter',
      params: { x: '1' },
      outcome: 'landing',
    });
    expect(click.referrer).toHaveLength(500);
    expect(click.device.platform).toBe('ios');
  });
});
