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

  it('truncates long bodies and says so', () => {
    const long = truncate('x'.repeat(2100));
    expect(long.startsWith('x'.repeat(2000))).toBe(true);
    expect(long).toContain('100 more characters');
  });
});
