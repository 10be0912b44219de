import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testDb, TEST_TIME, type TestDb } from '../db/testDb';
import { adUrlIds, upsertAdUrls } from './adUrls';
import { followClick, type FollowClick } from './adClick';
import { quarterOf, requestIdOf } from './requestIds';
import { buildServedStrategy, type ServedStrategy } from './servedStrategy';
import type { AdRequestSource } from './adsTables';

const A = 'https://a.example.com/x#top';
const B = 'https://b.example.com/y?k=1';
const DOMAIN = 'shop.example.com';
const T = TEST_TIME.getTime();

describe('following a served ad', () => {
  let t: TestDb;
  let ids: Map<string, string>;
  let strategy: ServedStrategy | null;
  let options: FollowClick;

  beforeEach(async () => {
    t = await testDb();
    const time = TEST_TIME.toISOString();
    const config = { name: 'S', type: 'general', distribution: 'custom', urls: [{ url: A, ratio: 100 }] };
    await t.db
      .insertInto('ads_strategies')
      .values({
        id: 's1',
        project_id: 'p1',
        name: 'S',
        config: JSON.stringify(config),
        number: 1,
        created_by: null,
        created_at: time,
        updated_at: time,
      })
      .execute();
    // B was served once and has left the strategy since: only its row names it.
    await upsertAdUrls(t.db, 'p1', 's1', [A, B], time);
    ids = await adUrlIds(t.db, 's1');
    strategy = buildServedStrategy({
      id: 's1',
      projectId: 'p1',
      prefix: 'p',
      enabled: true,
      zone: 'UTC',
      config: config as never,
      urlIds: ids,
    });
    options = {
      db: t.db,
      cache: { get: async (id) => (id === 's1' ? strategy : null) },
      queue: { flush: async () => undefined, writtenWithinMs: 0 },
      now: () => new Date(T + 5_000),
      record: true,
    };
  });
  afterEach(async () => {
    await t.db.destroy();
  });

  /** A request served for a URL and counted in its quarter hour. */
  async function served(url: string, source: AdRequestSource, random = 1234) {
    const urlId = ids.get(url)!;
    await t.db
      .insertInto('ad_serves')
      .values({
        project_id: 'p1',
        quarter: quarterOf(T),
        strategy_id: 's1',
        url_id: urlId,
        domain: DOMAIN,
        requests: 1,
        clicks: 0,
      })
      .onConflict((oc) => oc.doNothing())
      .execute();
    return requestIdOf(T, random, source, urlId, DOMAIN);
  }
  const clicks = async () => {
    const rows = await t.db.selectFrom('ad_serves').select(['url_id', 'clicks']).execute();
    return Object.fromEntries(rows.map((r) => [r.url_id === ids.get(A) ? 'A' : 'B', Number(r.clicks)]));
  };

  it("sends an API serve's click to its address with the click id and counts it once", async () => {
    const id = await served(A, 'api');
    expect(await followClick(id, options)).toBe(`https://a.example.com/x?gc_cid=${id}#top`);
    expect(await followClick(id, options)).toBe(`https://a.example.com/x?gc_cid=${id}#top`);
    expect(await clicks()).toEqual({ A: 1 });
    const rows = await t.db.selectFrom('ad_clicks').selectAll().execute();
    expect(rows).toEqual([
      { request_id: id, project_id: 'p1', strategy_id: 's1', time: new Date(T + 5_000).toISOString() },
    ]);
  });

  it('counts nothing for a HEAD request or a link-host serve (counted when served)', async () => {
    const head = await served(A, 'api', 5678);
    expect(await followClick(head, { ...options, record: false })).toContain(head);
    const redirect = await served(A, 'redirect', 9012);
    expect(await followClick(redirect, options)).toContain(redirect);
    expect(await clicks()).toEqual({ A: 0 });
    expect(await t.db.selectFrom('ad_clicks').selectAll().execute()).toEqual([]);
  });

  it('still follows a URL that left the strategy since the serve, by its row', async () => {
    const id = await served(B, 'api');
    expect(await followClick(id, options)).toBe(`https://b.example.com/y?k=1&gc_cid=${id}`);
    expect(await clicks()).toEqual({ B: 1 });
  });

  it('answers nothing for an unknown or uncounted request, or a strategy that is gone', async () => {
    expect(await followClick('not-a-request', options)).toBeNull();
    expect(await followClick(requestIdOf(T, 1234, 'api', ids.get(A)!, DOMAIN), options)).toBeNull();
    const id = await served(A, 'api');
    strategy = null;
    expect(await followClick(id, options)).toBeNull();
    expect(await t.db.selectFrom('ad_clicks').selectAll().execute()).toEqual([]);
  });
});
