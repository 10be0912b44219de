import { describe, expect, it } from 'vitest';
import {
  CLICK_COLUMNS,
  ClickBatchBuilder,
  SQLITE_INSERT_CLICK,
  clickIdOf,
  decodeBatch,
  isoTime,
} from './clickRows';
import { deviceFingerprint, ipHash } from '../attribution/fingerprint';
import {
  DESKTOP_UA as DESKTOP,
  IPHONE_UA as IPHONE,
  testClick as click,
} from '../../../tests/fixtures/clicks';

const asRecord = (values: unknown[]) => Object.fromEntries(CLICK_COLUMNS.map((c, i) => [c, values[i]]));

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

describe('clickIdOf', () => {
  it('gives 17 url-safe characters that sort by time and differ by the random part', () => {
    const t = Date.parse('2026-03-01T08:00:00.000Z');
    const id = clickIdOf(t, 2 ** 48 - 1);
    expect(id).toMatch(/^[0-9a-v]{9}[\w-]{8}$/);
    expect(id.endsWith('________')).toBe(true);
    expect(clickIdOf(t, 0).endsWith('AAAAAAAA')).toBe(true);
    expect(clickIdOf(t, 1)).not.toBe(clickIdOf(t, 2));
    expect(clickIdOf(t, 2 ** 48 - 1) < clickIdOf(t + 1, 0)).toBe(true);
    expect(clickIdOf(t, 99)).toBe(clickIdOf(t, 99));
  });
});

describe('ClickBatchBuilder and decodeBatch', () => {
  it('gives back one row per click, every column in column order, with the address hashed', () => {
    const builder = new ClickBatchBuilder(4);
    const first = click();
    builder.add(first);
    const batch = builder.take();
    expect(batch?.count).toBe(1);
    const [values] = decodeBatch(batch!);
    expect(values).toHaveLength(CLICK_COLUMNS.length);
    expect(asRecord(values)).toEqual({
      id: clickIdOf(first.timeMs, first.random),
      project_id: 'p1',
      link_id: 'l1',
      created_at: '2026-03-01T08:00:00.123Z',
      platform: 'ios',
      os: 'iOS',
      os_version: '17.4',
      brand: 'apple',
      model: 'iPhone',
      browser: 'Mobile Safari',
      is_bot: 0,
      country: 'DE',
      referrer: null,
      channel: 'direct',
      ip_hash: ipHash('203.0.113.9'),
      fingerprint: deviceFingerprint('203.0.113.9', 'iOS', '17.4'),
      user_agent: IPHONE,
      params: '{"utm_source":"mail"}',
      outcome: 'store',
    });
    expect(String(values[14])).not.toContain('203.0.113.9');
    expect(SQLITE_INSERT_CLICK.match(/\?/g)).toHaveLength(CLICK_COLUMNS.length);
  });

  it('writes what clicks share once per batch, keeps each click its own, and starts afresh after take', () => {
    const builder = new ClickBatchBuilder(2);
    const clicks = [
      click({ random: 1 }),
      click({ random: 2, ip: '', referrer: 'https://news.example.com/', params: null }),
      click({ random: 3, userAgent: DESKTOP, linkRowId: 'l2', country: null, outcome: 'homepage' }),
      click({ random: 4, ip: '198.51.100.4' }),
      click({ random: 5, timeMs: Date.parse('2026-03-02T00:00:00.000Z') }),
    ];
    for (const c of clicks) builder.add(c);
    expect(builder.size).toBe(5);
    const batch = builder.take()!;
    expect(builder.size).toBe(0);
    expect(builder.take()).toBeNull();
    expect(batch.values.split(IPHONE).length - 1).toBe(1);
    expect(batch.values.split(DESKTOP).length - 1).toBe(1);
    const rows = decodeBatch(batch).map(asRecord);
    expect(rows.map((r) => r.id)).toEqual(clicks.map((c) => clickIdOf(c.timeMs, c.random)));
    expect(rows[1]).toMatchObject({
      ip_hash: null,
      fingerprint: null,
      referrer: 'https://news.example.com/',
      params: null,
    });
    expect(rows[2]).toMatchObject({
      link_id: 'l2',
      platform: 'desktop',
      os: 'Windows',
      country: null,
      outcome: 'homepage',
    });
    expect(rows[3].ip_hash).toBe(ipHash('198.51.100.4'));
    expect(rows[3].ip_hash).not.toBe(rows[0].ip_hash);
    expect(rows[4].created_at).toBe('2026-03-02T00:00:00.000Z');

    builder.add(click({ random: 6, userAgent: DESKTOP }));
    const next = builder.take()!;
    expect(next.count).toBe(1);
    expect(asRecord(decodeBatch(next)[0])).toMatchObject({
      platform: 'desktop',
      user_agent: DESKTOP,
      link_id: 'l1',
    });
  });
});
