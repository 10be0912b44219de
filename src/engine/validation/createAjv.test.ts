import { describe, expect, it } from 'vitest';
import { createAjv } from './createAjv';
import { createEngineAjv } from './createEngineAjv';

describe('date-time format', () => {
  const instances = [
    ['createAjv', createAjv()],
    ['createEngineAjv', createEngineAjv()],
  ] as const;

  it.each(instances)('%s takes RFC 3339 times Date can read', (_name, ajv) => {
    const check = ajv.compile({ type: 'string', format: 'date-time' });
    for (const time of [
      '2026-03-01T07:00:00Z',
      '2026-03-01T07:00:00.123Z',
      '2026-03-01T15:00:00+08:00',
      '2026-03-01T15:00:00+0800',
      '2026-03-01t07:00:00z',
      '2026-03-01 07:00:00Z',
      '2024-02-29T00:00:00Z',
    ]) {
      expect(check(time), time).toBe(true);
      expect(Number.isNaN(Date.parse(time)), time).toBe(false);
    }
  });

  it.each(instances)('%s refuses leap seconds, hour-only offsets and impossible dates', (_name, ajv) => {
    const check = ajv.compile({ type: 'string', format: 'date-time' });
    for (const time of [
      '2026-02-28T23:59:60Z',
      '2026-03-01T07:59:60+08:00',
      '2026-03-01T10:00:00+05',
      '2026-02-29T00:00:00Z',
      '2026-03-01T24:00:00Z',
      '2026-03-01T07:00:00',
      'yesterday',
    ]) {
      expect(check(time), time).toBe(false);
    }
  });
});
