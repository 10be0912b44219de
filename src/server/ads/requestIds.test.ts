import { describe, expect, it } from 'vitest';
import { QUARTER_MS, domainTagOf, parseRequestId, quarterOf, requestIdOf } from './requestIds';

const T0 = Date.parse('2026-03-01T20:07:31.123Z');

describe('request ids', () => {
  it('carry the time, the source, the served URL and a tag of the page domain', () => {
    const id = requestIdOf(T0, 2 ** 47 + 5, 'redirect', 'AbCdEfGhIjKl', 'shop.example.com');
    expect(id).toMatch(/^[0-9a-v]{9}[A-Za-z0-9_-]{8}rAbCdEfGhIjKl[A-Za-z0-9_-]{6}$/);
    expect(parseRequestId(id)).toEqual({
      timeMs: T0,
      source: 'redirect',
      urlId: 'AbCdEfGhIjKl',
      domainTag: domainTagOf('shop.example.com'),
    });
    expect(parseRequestId(requestIdOf(T0, 1, 'api', 'u1', ''))).toMatchObject({ source: 'api', urlId: 'u1' });
  });

  it('of an unmatched request (nothing served) name no URL and resolve to nothing', () => {
    const id = requestIdOf(T0, 1, 'api', null, 'example.com');
    expect(id).toHaveLength(18);
    expect(parseRequestId(id)).toBeNull();
  });

  it('refuse what is not one of them', () => {
    for (const bad of [
      '',
      'x',
      'zzzzzzzzzAAAAAAAArU1AAAAAA',
      '0000000000AAAAAAAAxU1AAAAAA',
      `${'0'.repeat(17)}r<u>AAAAAA`,
    ])
      expect(parseRequestId(bad)).toBeNull();
  });

  it('tag domains apart and count time in UTC quarter hours', () => {
    expect(domainTagOf('a.example.com')).not.toBe(domainTagOf('b.example.com'));
    expect(domainTagOf('')).toMatch(/^[A-Za-z0-9_-]{6}$/);
    expect(quarterOf(Date.parse('2026-03-01T20:00:00.000Z'))).toBe(quarterOf(T0));
    expect(quarterOf(Date.parse('2026-03-01T20:15:00.000Z'))).toBe(quarterOf(T0) + 1);
    expect(QUARTER_MS).toBe(15 * 60 * 1000);
  });
});
