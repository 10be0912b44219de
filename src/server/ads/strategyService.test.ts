import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addTestProject } from '../db/projectTestDb';
import { refusal, testDb, TEST_TIME, type TestDb } from '../db/testDb';
import { adUrlIds } from './adUrls';
import { QUARTER_MS } from './requestIds';
import {
  nextStrategyNumber,
  saveStrategyUrls,
  strategyServeUrls,
  strategySharesAnswer,
  strategySummary,
} from './strategyService';

const A = 'https://a.example.com/x';
const B = 'https://b.example.com/y';
const CONFIG = {
  name: 'S',
  type: 'general',
  distribution: 'custom',
  urls: [
    { url: A, ratio: 60 },
    { url: B, ratio: 40 },
  ],
};
const DAY = Math.floor(TEST_TIME.getTime() / 86_400_000);

describe('strategyService', () => {
  let t: TestDb;
  const time = TEST_TIME.toISOString();
  const addStrategy = (id: string, number: number, projectId = 'p1') =>
    t.db
      .insertInto('ads_strategies')
      .values({
        id,
        project_id: projectId,
        name: 'S',
        config: JSON.stringify(CONFIG),
        number,
        created_by: null,
        created_at: time,
        updated_at: time,
      })
      .execute();

  beforeEach(async () => {
    t = await testDb();
    await addTestProject(t.db, { id: 'p2', name: 'Q', prefix: 'q' }, time);
  });
  afterEach(async () => {
    await t.db.destroy();
  });

  it('numbers strategies per project: 1 first, then the highest + 1', async () => {
    expect(await nextStrategyNumber(t.db, 'p1')).toBe(1);
    await addStrategy('s1', 1);
    await addStrategy('s4', 4);
    await addStrategy('s9', 9, 'p2');
    expect(await nextStrategyNumber(t.db, 'p1')).toBe(5);
    expect(await nextStrategyNumber(t.db, 'p2')).toBe(10);
  });

  it("serves strategies at their project's link base + /s/:id, leaving out unknown ids", async () => {
    await addStrategy('s1', 1);
    await addStrategy('s2', 1, 'p2');
    const base = (prefix: string) => `https://${prefix}.links.example.com`;
    const urls = await strategyServeUrls(t.db, ['s1', 's2', 'nope'], base);
    expect(Object.fromEntries(urls)).toEqual({
      s1: { serveUrl: 'https://p.links.example.com/s/s1' },
      s2: { serveUrl: 'https://q.links.example.com/s/s2' },
    });
    expect((await strategyServeUrls(t.db, [], base)).size).toBe(0);
  });

  it('summarises general and by-language strategies (enabled languages only)', () => {
    expect(strategySummary({ name: 'S', number: 3 }, CONFIG, 'U')).toEqual({
      number: 3,
      name: 'S',
      type: 'general',
      distribution: 'custom',
      urlCount: 2,
      languages: [],
      serveUrl: 'U',
    });
    const byLanguage = {
      type: 'by-language',
      distribution: 'ai',
      languages: [
        { language: 'en', enabled: true, urls: [{ url: A, ratio: 1 }] },
        { language: 'fr', enabled: false, urls: [{ url: B, ratio: 1 }] },
      ],
    };
    expect(strategySummary({ name: 'L' }, byLanguage, '')).toMatchObject({
      number: 0,
      type: 'by-language',
      distribution: 'ai',
      urlCount: 1,
      languages: ['en'],
    });
  });

  it('keeps one ad_urls row per URL a strategy ever named', async () => {
    await addStrategy('s1', 1);
    await saveStrategyUrls(t.db, 'p1', 's1', CONFIG, TEST_TIME);
    const first = await adUrlIds(t.db, 's1');
    await saveStrategyUrls(t.db, 'p1', 's1', { urls: [{ url: B, ratio: 1 }] }, TEST_TIME);
    expect(await adUrlIds(t.db, 's1')).toEqual(first);
    expect([...first.keys()].sort()).toEqual([A, B]);
  });

  it('answers the shares with the 7-day figures, 404 for another project', async () => {
    await addStrategy('s1', 1);
    await saveStrategyUrls(t.db, 'p1', 's1', CONFIG, TEST_TIME);
    const ids = await adUrlIds(t.db, 's1');
    const quarter = Math.floor(TEST_TIME.getTime() / QUARTER_MS);
    await t.db
      .insertInto('ad_serves')
      .values([
        {
          project_id: 'p1',
          quarter,
          strategy_id: 's1',
          url_id: ids.get(A)!,
          domain: '',
          requests: 10,
          clicks: 3,
        },
        // Eight days ago: outside the window.
        {
          project_id: 'p1',
          quarter: quarter - 8 * 96,
          strategy_id: 's1',
          url_id: ids.get(A)!,
          domain: '',
          requests: 5,
          clicks: 5,
        },
      ])
      .execute();
    await t.db
      .insertInto('ad_accounts')
      .values({
        id: 'a1',
        project_id: 'p1',
        name: 'N',
        config: '{}',
        network: 'n',
        secret: 's',
        created_by: null,
        created_at: time,
        updated_at: time,
      })
      .execute();
    await t.db
      .insertInto('ad_income')
      .values({
        id: 'i1',
        project_id: 'p1',
        account_id: 'a1',
        txid: 't1',
        kind: 'credit',
        amount_micros: 2_500_000,
        currency: 'USD',
        request_id: null,
        strategy_id: 's1',
        url_id: ids.get(B)!,
        day: DAY - 6,
        time,
        source: 'postback',
        offer_id: null,
        participant_id: null,
        created_at: time,
      })
      .execute();

    const answer = await strategySharesAnswer(t.db, { id: 'p1', rollupTimeZone: 'UTC' }, 's1', TEST_TIME);
    expect(answer.distribution).toBe('custom');
    expect(answer.window).toEqual({ from: '2026-02-23', to: '2026-03-01' });
    expect(
      answer.urls.map(({ url, language, ratio, share, serves, clicks, incomeMicros }) => ({
        url,
        language,
        ratio,
        share,
        serves,
        clicks,
        incomeMicros,
      })),
    ).toEqual([
      { url: A, language: '', ratio: 60, share: 0.6, serves: 10, clicks: 3, incomeMicros: 0 },
      { url: B, language: '', ratio: 40, share: 0.4, serves: 0, clicks: 0, incomeMicros: 2_500_000 },
    ]);
    expect(
      await refusal(() => strategySharesAnswer(t.db, { id: 'p2', rollupTimeZone: 'UTC' }, 's1', TEST_TIME)),
    ).toEqual({
      key: 'notFound',
      paths: undefined,
    });
  });
});
