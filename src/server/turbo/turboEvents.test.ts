import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/tables';
import { projectTestDb } from '../db/projectTestDb';
import { AppError } from '../errors';
import { recordBeacon, type TurboBeacon } from './turboEvents';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const DESKTOP =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';
const BOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const NOW = new Date('2026-03-10T23:30:00.000Z');

describe('a web SDK beacon', () => {
  let db: Kysely<Database>;
  beforeEach(async () => {
    db = await projectTestDb();
  });
  afterEach(async () => {
    await db.destroy();
  });

  const beacon = (events: TurboBeacon['events'], userAgent: string | undefined = IPHONE): TurboBeacon => ({
    target: { kind: 'banner', id: 'b1', projectId: 'p1' },
    events,
    userAgent,
    now: NOW,
  });
  const stored = () =>
    db
      .selectFrom('turbo_events')
      .select(['event_id', 'type', 'page', 'platform', 'links'])
      .orderBy('event_id')
      .execute();

  it('stores each event once, page cut to origin + path, platform from the User-Agent', async () => {
    const events = [
      { id: 'event-001', type: 'impression', page: 'https://shop.example.com/a/b?x=1#top' },
      { id: 'event-002', type: 'click', page: 'http://shop.example.com/' },
      { id: 'event-001', type: 'impression', page: 'https://shop.example.com/a/b' },
    ];
    expect(await recordBeacon(db, beacon(events))).toEqual({ accepted: 2, duplicates: 1 });
    expect(await recordBeacon(db, beacon(events.slice(1), DESKTOP))).toEqual({ accepted: 0, duplicates: 2 });
    expect(await stored()).toEqual([
      {
        event_id: 'event-001',
        type: 'impression',
        page: 'https://shop.example.com/a/b',
        platform: 'ios',
        links: 1,
      },
      { event_id: 'event-002', type: 'click', page: 'http://shop.example.com/', platform: 'ios', links: 1 },
    ]);
  });

  it("records nothing of a robot's beacon and counts it nowhere", async () => {
    const events = [{ id: 'event-bot1', type: 'impression', page: 'https://shop.example.com/' }];
    expect(await recordBeacon(db, beacon(events, BOT))).toEqual({ accepted: 0, duplicates: 0 });
    expect(await stored()).toEqual([]);
  });

  it('refuses a beacon with a page that is not http(s), naming each such event, and stores none of it', async () => {
    const events = [
      { id: 'event-ok01', type: 'impression', page: 'https://shop.example.com/' },
      { id: 'event-bad1', type: 'click', page: 'javascript:alert(1)' },
      { id: 'event-bad2', type: 'click', page: 'not a page' },
    ];
    const error = await recordBeacon(db, beacon(events)).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AppError);
    const refusal = error as AppError;
    expect(refusal.key).toBe('validation');
    expect(refusal.options.errors?.('en-US').map((e) => e.path)).toEqual([
      '/events/1/page',
      '/events/2/page',
    ]);
    expect(await stored()).toEqual([]);
  });
});
