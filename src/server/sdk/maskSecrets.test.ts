import { describe, expect, it } from 'vitest';
import { maskBody, maskHeaders, maskUrl, truncate } from './maskSecrets';

describe('request log masking', () => {
  it('masks secret headers but keeps the others', () => {
    const masked = maskHeaders({
      'x-access-key': 'AbCdEfGhIjKlMnOp',
      authorization: 'Bearer secret-token-value',
      cookie: 'sid=1',
      'content-type': 'application/json',
    });
    expect(masked['x-access-key']).toBe('AbCd****');
    expect(masked.authorization).toBe('Bear****');
    expect(masked.cookie).toBe('****');
    expect(masked['content-type']).toBe('application/json');
    expect(JSON.stringify(masked)).not.toContain('EfGh');
  });

  it('masks secret query parameters of a logged path (web beacons send the key there)', () => {
    expect(maskUrl('/api/sdk/v1/events?accessKey=AbCdEfGhIjKlMnOp&x=1')).toBe(
      '/api/sdk/v1/events?accessKey=AbCd****&x=1',
    );
    expect(maskUrl('/api/sdk/v1/events?access_key=short')).toBe('/api/sdk/v1/events?access_key=****');
    expect(maskUrl('/api/sdk/v1/events?page=2')).toBe('/api/sdk/v1/events?page=2');
    expect(maskUrl('/api/sdk/v1/events')).toBe('/api/sdk/v1/events');
  });

  it('masks password, token and key fields at any depth', () => {
    const text = maskBody({
      username: 'a@b.c',
      password: 'hunter22',
      nested: [{ accessKey: 'k', apiToken: 't', ok: 1 }],
    });
    expect(JSON.parse(text as string)).toEqual({
      username: 'a@b.c',
      password: '****',
      nested: [{ accessKey: '****', apiToken: '****', ok: 1 }],
    });
    expect(maskBody('{"password":"x"}')).toBe('{"password":"****"}');
    expect(maskBody('not json')).toBe('not json');
    expect(maskBody(undefined)).toBeNull();
  });

  it('masks a batch only as far as its log shows, and shows what the whole walk would', () => {
    // SDK events of about 300 characters: ten make more than the 2000 the log keeps.
    const event = (i: number) => ({
      eventId: `event-${String(i).padStart(4, '0')}`,
      name: 'page_view',
      deviceId: 'device-2f6b9e31-8c1d-4f0a-9b7e-5d3c2a1f0e9d',
      platform: 'web',
      time: '2026-11-27T10:00:00.000Z',
      data: { token: `t-${i}`, page: '/products/spring-sale-2026?ref=newsletter', n: i },
      appVersion: '3.14.0',
      country: 'CN',
      language: 'zh-CN',
    });
    const events = Array.from({ length: 10 }, (_, i) => event(i));
    // Events past what the log can show are never read: reading one would throw.
    const unread = Array.from({ length: 490 }, () =>
      Object.defineProperty({}, 'eventId', {
        enumerable: true,
        get() {
          throw new Error('read past the logged text');
        },
      }),
    );
    const text = maskBody({ events: [...events, ...unread] }) as string;
    // The same events masked by hand: the log's first 2000 characters are theirs.
    const full = JSON.stringify({
      events: events.map((e) => ({ ...e, data: { ...e.data, token: '****' } })),
    });
    expect(full.length).toBeGreaterThan(2000);
    expect(text.slice(0, 2000)).toBe(full.slice(0, 2000));
    expect(text).toMatch(/… \(\d+ more characters\)$/);
    expect(text).not.toContain('"t-');
  });

  it('truncates long bodies and says so', () => {
    const long = truncate('x'.repeat(2100));
    expect(long.startsWith('x'.repeat(2000))).toBe(true);
    expect(long).toContain('100 more characters');
  });
});
