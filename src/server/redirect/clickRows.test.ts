import { describe, expect, it } from 'vitest';
import { CLICK_COLUMNS, SQLITE_INSERT_CLICK, clickRow, isoTime } from './clickRows';
import { deviceOf } from './deviceOf';

describe('isoTime', () => {
  it('formats like Date#toISOString, across seconds and for short milliseconds', () => {
    const start = Date.parse('2026-11-21T23:59:58.000Z');
    for (const ms of [0, 1, 9, 10, 99, 100, 999, 1000, 1001, 1999, 2000, 2001, 123_456]) {
      expect(isoTime(start + ms)).toBe(new Date(start + ms).toISOString());
    }
    // Going back in time (a test clock) formats correctly too.
    expect(isoTime(start - 1)).toBe(new Date(start - 1).toISOString());
    expect(isoTime(0)).toBe('1970-01-01T00:00:00.000Z');
  });
});

describe('clickRow', () => {
  it('gives one value per column, in column order, hashing the address', () => {
    const ua =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
    const values = clickRow({
      id: 'c1',
      projectId: 'p1',
      linkRowId: 'l1',
      timeMs: Date.parse('2026-03-01T08:00:00.123Z'),
      device: deviceOf(ua),
      ip: '203.0.113.9',
      userAgent: ua,
      referrer: null,
      country: 'DE',
      channel: 'direct',
      params: { utm_source: 'mail' },
      outcome: 'store',
    });
    expect(values).toHaveLength(CLICK_COLUMNS.length);
    const row = Object.fromEntries(CLICK_COLUMNS.map((c, i) => [c, values[i]]));
    expect(row).toMatchObject({
      id: 'c1',
      project_id: 'p1',
      link_id: 'l1',
      created_at: '2026-03-01T08:00:00.123Z',
      platform: 'ios',
      os: 'iOS',
      is_bot: 0,
      country: 'DE',
      channel: 'direct',
      params: '{"utm_source":"mail"}',
      outcome: 'store',
    });
    expect(row.ip_hash).toMatch(/^[\w-]{32}$/);
    expect(row.ip_hash).not.toContain('203.0.113.9');
    expect(SQLITE_INSERT_CLICK.match(/\?/g)).toHaveLength(CLICK_COLUMNS.length);
  });
});
